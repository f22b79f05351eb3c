/**
 * Every table of the product, gathered for drizzle-kit (drizzle.config.ts) and for tests that read tables
 * directly. It lives at the composition root: platform code never imports features, and the database client
 * needs no schema (it uses query builders only, never drizzle's relational queries).
 */
export * from './features/auth/auth.table';
export * from './features/orgs/orgs.table';
export * from './features/plans/plans.table';
export * from './features/subscriptions/subscriptions.table';
export * from './features/customers/customers.table';
export * from './features/items/items.table';
export * from './features/invoices/invoices.table';
export * from './features/attachments/attachments.table';
export * from './features/credits/credits.table';
export * from './features/ocr/ocr.table';
export * from './features/billing/billing.table';
export * from './features/billing/gateways/sandbox/sandbox.table';
export * from './features/admin/admin.table';
