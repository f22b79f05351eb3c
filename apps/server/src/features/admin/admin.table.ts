import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditTargetType } from '@invoicing/contract';

/**
 * What superusers changed through the admin API, one row per change, written in the transaction of the
 * change. The actor's email is copied so that an entry reads the same whatever becomes of the account, and
 * the target is named by type and id without a foreign key: an entry outlives what it describes (a deleted
 * organization's entry is its only trace).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/**
 * Stored files still to be removed, by key prefix: written in the transaction that deletes what owned them
 * (an organization), removed once the files are. A crash between the commit and the removal leaves the row,
 * and the next start (or the workers' next check) finishes the work.
 */
export const storedFileRemovals = pgTable('stored_file_removals', {
  prefix: text('prefix').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
