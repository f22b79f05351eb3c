import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { MembershipRole } from '@invoicing/contract';
import type { Db } from './client';

/** A transaction inside an organization's scope. */
export type TenantTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The organization a request works in, and the only way tenant repositories reach the database. Every
 * `run` is a transaction that switches to the tenant role and sets the organization for row-level
 * security; repositories add `organization_id = scope.organizationId` to every query as well. Calls to
 * `run` nested inside another share its transaction, so a service can make several repository calls atomic.
 */
export interface OrgScope {
  readonly organizationId: string;
  readonly userId: string | null;
  readonly role: MembershipRole | 'SYSTEM';
  run<T>(fn: (tx: TenantTx) => Promise<T>): Promise<T>;
}

// One storage for the whole process: Node walks every AsyncLocalStorage ever used on each promise, so one
// per scope (per request) would make every await slower as the server serves more requests.
const openTransaction = new AsyncLocalStorage<{ owner: object; tx: TenantTx }>();

export const createOrgScope = (
  db: Db,
  context: { organizationId: string; userId: string | null; role: MembershipRole | 'SYSTEM' },
): OrgScope => {
  const owner = {};
  return {
    ...context,
    run: (fn) => {
      const open = openTransaction.getStore();
      if (open && open.owner === owner) return fn(open.tx);
      return db.transaction(async (tx) => {
        // `role` is the setting behind SET ROLE; both settings end with the transaction.
        await tx.execute(
          sql`select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', ${context.organizationId}, true)`,
        );
        return openTransaction.run({ owner, tx }, () => fn(tx));
      });
    },
  };
};
