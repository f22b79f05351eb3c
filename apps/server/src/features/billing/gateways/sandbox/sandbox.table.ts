import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The built-in sandbox gateway's own records of its charges (global, like a real gateway's books): kept in
 * the database rather than in memory so that every process, the job workers included, answers the same
 * status, and a restart forgets nothing.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    /** The gateway reference the sandbox answers (`sbx_...`). */
    id: text('id').primaryKey(),
    /** The merchant's payment id, echoed in notifications and statuses. */
    paymentId: uuid('payment_id').notNull(),
    method: text('method').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, paid, failed, cancelled or expired. */
    status: text('status').notNull().default('pending'),
    /** The reference code of kiosk and Fawry payments. */
    reference: text('reference'),
    /** The transaction id a paid charge has (what a card gateway's return page carries). */
    transactionId: text('transaction_id'),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    notifyUrl: text('notify_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_charges_payment_idx').on(t.paymentId),
    index('sandbox_charges_transaction_idx').on(t.transactionId),
  ],
);
