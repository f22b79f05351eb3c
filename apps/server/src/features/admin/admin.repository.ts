import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditTargetType, MembershipRole } from '@invoicing/contract';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../platform/db/org-scope';
import { likePattern, pageOffset } from '../../platform/db/pagination';
import { attachments } from '../attachments/attachments.table';
import { payments } from '../billing/billing.table';
import { users } from '../auth/auth.table';
import { customers } from '../customers/customers.table';
import { invoices } from '../invoices/invoices.table';
import { items } from '../items/items.table';
import { ocrExtractions } from '../ocr/ocr.table';
import { plans } from '../plans/plans.table';
import { memberships, organizations } from '../orgs/orgs.table';
import { auditLog, storedFileRemovals } from './admin.table';

export type AuditRow = typeof auditLog.$inferSelect;

interface Paging {
  page: number;
  pageSize: number;
}

const searchOf = (q: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined => {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((c) => ilike(c, pattern)));
};

const membershipColumns = {
  id: memberships.id,
  role: memberships.role,
  organizationId: memberships.organizationId,
  organizationName: organizations.name,
  userId: users.id,
  userEmail: users.email,
  userName: users.name,
};
export interface AdminMembershipRow {
  id: string;
  role: MembershipRole;
  organizationId: string;
  organizationName: string;
  userId: string;
  userEmail: string;
  userName: string;
}

/** How many members the organization of the row has. */
// Written out: inside a subquery drizzle would name the columns without their tables.
const userCountOf = sql<number>`(select count(*)::int from memberships m where m.organization_id = organizations.id)`;

const planColumns = {
  id: plans.id,
  code: plans.code,
  name: plans.name,
  description: plans.description,
  priceMonthly: plans.priceMonthly,
  priceYearly: plans.priceYearly,
  currency: plans.currency,
  creditsPerMonth: plans.creditsPerMonth,
  maxStorageMb: plans.maxStorageMb,
  maxCustomers: plans.maxCustomers,
  maxItems: plans.maxItems,
  maxInvoicesPerMonth: plans.maxInvoicesPerMonth,
  isActive: plans.isActive,
  organizationCount: sql<number>`(select count(*)::int from subscriptions s where s.plan_id = plans.id)`,
};
export type AdminPlanRow = Awaited<ReturnType<ReturnType<typeof adminRepository>['listPlans']>>[number];

/**
 * The admin panel's queries, across every organization: system access only. It reads users, organizations
 * and memberships with their counts, changes roles and deletes organizations, and keeps the audit log.
 */
export const adminRepository = (db: Queryable) => ({
  listUsers: async (opts: { q?: string | undefined } & Paging) => {
    const where = searchOf(opts.q, users.email, users.name);
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        isActive: users.isActive,
        isSuperuser: users.isSuperuser,
        dateJoined: users.dateJoined,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.dateJoined), asc(users.id))
      .limit(opts.pageSize)
      .offset(pageOffset(opts.page, opts.pageSize));
    const [total] = await db.select({ n: count() }).from(users).where(where);
    return { rows, count: total?.n ?? 0 };
  },

  /** The actor's email, as the audit log keeps it. */
  findUserEmail: async (id: string) =>
    (await db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1))[0]?.email ?? null,

  listOrganizations: async (opts: { q?: string | undefined } & Paging) => {
    const where = searchOf(opts.q, organizations.name, organizations.country);
    const rows = await db
      .select({
        id: organizations.id,
        name: organizations.name,
        country: organizations.country,
        currency: organizations.currency,
        createdAt: organizations.createdAt,
        userCount: userCountOf,
      })
      .from(organizations)
      .where(where)
      .orderBy(desc(organizations.createdAt), asc(organizations.id))
      .limit(opts.pageSize)
      .offset(pageOffset(opts.page, opts.pageSize));
    const [total] = await db.select({ n: count() }).from(organizations).where(where);
    return { rows, count: total?.n ?? 0 };
  },

  /** One organization; `lock` holds it until the caller's transaction ends (its deletion). */
  findOrganization: async (id: string, opts: { lock?: boolean } = {}) => {
    const query = db
      .select({
        id: organizations.id,
        name: organizations.name,
        country: organizations.country,
        currency: organizations.currency,
        createdAt: organizations.createdAt,
        userCount: userCountOf,
      })
      .from(organizations)
      .where(eq(organizations.id, id))
      .limit(1);
    return (await (opts.lock ? query.for('update', { of: organizations }) : query))[0] ?? null;
  },

  /** What an organization holds: what its deletion removes, and its payments, which stay. */
  countContents: async (organizationId: string) => {
    const countIn = (table: PgTable, column: PgColumn) =>
      sql<number>`(select count(*)::int from ${table} where ${column} = ${organizationId})`;
    const [row] = await db
      .select({
        memberships: countIn(memberships, memberships.organizationId),
        customers: countIn(customers, customers.organizationId),
        items: countIn(items, items.organizationId),
        invoices: countIn(invoices, invoices.organizationId),
        files: countIn(attachments, attachments.organizationId),
        extractions: countIn(ocrExtractions, ocrExtractions.organizationId),
        payments: countIn(payments, payments.organizationId),
      })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row ?? null;
  },

  /**
   * Deletes an organization; every tenant table follows by its foreign key, but payments, which have none
   * (they are kept for the ledger). Invoices go first: they refer to customers, which refuse to go while an
   * invoice refers to them.
   */
  deleteOrganization: async (id: string) => {
    await db.delete(invoices).where(eq(invoices.organizationId, id));
    await db.delete(organizations).where(eq(organizations.id, id));
  },

  listMemberships: async (opts: { q?: string | undefined } & Paging) => {
    const where = searchOf(opts.q, users.email, users.name, organizations.name);
    const rows: AdminMembershipRow[] = await db
      .select(membershipColumns)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(where)
      .orderBy(asc(organizations.name), asc(organizations.id), asc(users.email), asc(memberships.id))
      .limit(opts.pageSize)
      .offset(pageOffset(opts.page, opts.pageSize));
    const [total] = await db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(where);
    return { rows, count: total?.n ?? 0 };
  },

  findMembership: async (id: string): Promise<AdminMembershipRow | null> =>
    (
      await db
        .select(membershipColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(eq(memberships.id, id))
        .limit(1)
    )[0] ?? null,

  /** Every plan with the number of organizations subscribed to it, in the plans page's order. */
  listPlans: async () => db.select(planColumns).from(plans).orderBy(asc(plans.sortOrder), asc(plans.name)),

  /** One plan; `lock` holds it until the caller's transaction ends (its change or deletion). */
  findPlan: async (id: string, opts: { lock?: boolean } = {}) => {
    const query = db.select(planColumns).from(plans).where(eq(plans.id, id)).limit(1);
    return (await (opts.lock ? query.for('update', { of: plans }) : query))[0] ?? null;
  },

  updatePlan: async (id: string, values: Partial<typeof plans.$inferInsert>) => {
    await db.update(plans).set(values).where(eq(plans.id, id));
  },

  deletePlan: async (id: string) => {
    await db.delete(plans).where(eq(plans.id, id));
  },

  insertAudit: async (values: {
    actorId: string;
    actorEmail: string;
    action: AuditAction;
    targetType: AuditTargetType;
    targetId: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }) => {
    await db.insert(auditLog).values(values);
  },

  listAudit: async (
    opts: {
      actor?: string | undefined;
      action?: AuditAction | undefined;
      targetType?: AuditTargetType | undefined;
      from?: Date | undefined;
      until?: Date | undefined;
    } & Paging,
  ) => {
    const where = and(
      opts.actor ? ilike(auditLog.actorEmail, likePattern(opts.actor)) : undefined,
      opts.action ? eq(auditLog.action, opts.action) : undefined,
      opts.targetType ? eq(auditLog.targetType, opts.targetType) : undefined,
      opts.from ? gte(auditLog.createdAt, opts.from) : undefined,
      opts.until ? lt(auditLog.createdAt, opts.until) : undefined,
    );
    const rows = await db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(opts.pageSize)
      .offset(pageOffset(opts.page, opts.pageSize));
    const [total] = await db.select({ n: count() }).from(auditLog).where(where);
    return { rows, count: total?.n ?? 0 };
  },

  /** Asks for the stored files under `prefix` to be removed (in the transaction of their owner's deletion). */
  requestFileRemoval: async (prefix: string) => {
    await db.insert(storedFileRemovals).values({ prefix }).onConflictDoNothing();
  },

  findFileRemovals: async () =>
    db
      .select({ prefix: storedFileRemovals.prefix })
      .from(storedFileRemovals)
      .orderBy(asc(storedFileRemovals.requestedAt)),

  fileRemovalDone: async (prefixes: string[]) => {
    if (prefixes.length === 0) return;
    await db.delete(storedFileRemovals).where(inArray(storedFileRemovals.prefix, prefixes));
  },
});
