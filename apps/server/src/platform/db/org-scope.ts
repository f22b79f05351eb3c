import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { MembershipRole } from '@invoicing/contract';
import type { Db } from './client';
import { tenantPoolOf } from './tenant-pools';

/** A transaction system code opened on the raw database (`db.transaction`). */
export type SystemTx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbTx = SystemTx;

/**
 * A transaction inside an organization's scope. It cannot open a nested transaction or roll back by hand:
 * on PostgreSQL the scope's connection carries the tenant role and organization only until its own
 * `commit`, and a nested `transaction()` on the connection-bound instance would commit early and go on
 * outside row-level security. Atomic groups of calls nest `scope.run` instead, which shares the transaction.
 */
export type TenantTx = Omit<DbTx, 'transaction' | 'rollback'>;

/**
 * What a repository of work across organizations queries with: the raw database of system code
 * (system-access.ts), or a transaction that system code opened on it.
 */
export type Queryable = Pick<TenantTx, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

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
  /**
   * `snapshot`: the reads see one state of the database, whatever commits meanwhile (repeatable read,
   * read only), for answers made of several statements such as a page and its count. Ignored inside an
   * open run, which shares the outer transaction.
   */
  run<T>(fn: (tx: TenantTx) => Promise<T>, options?: RunOptions): Promise<T>;
}

interface RunOptions {
  snapshot?: boolean;
  /**
   * `fn` runs exactly one read-only statement. A single statement reads one snapshot on its own, so on
   * PostgreSQL it runs without a transaction, on a connection of the tenant pool that already carries the
   * tenant role and the organization: one round trip instead of three. Ignored inside an open run.
   */
  oneStatement?: boolean;
}

// One storage for the whole process: Node walks every AsyncLocalStorage ever used on each promise, so one
// per scope (per request) would make every await slower as the server serves more requests.
const openTransaction = new AsyncLocalStorage<{ owner: object; tx: TenantTx }>();

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A drizzle instance bound to each pooled PostgreSQL connection, built once per connection.
const boundToClient = new WeakMap<pg.PoolClient, TenantTx>();
const txOn = (client: pg.PoolClient): TenantTx => {
  let tx = boundToClient.get(client);
  if (!tx) {
    // The repositories use only query builders and `execute`, which a connection-bound instance has.
    tx = drizzlePg(client) as unknown as TenantTx;
    boundToClient.set(client, tx);
  }
  return tx;
};

/**
 * On PostgreSQL the transaction is opened and scoped in a single round trip (`begin` and both settings in
 * one simple-protocol message) instead of two; each round trip costs the server two system calls.
 */
const runOnPool = async <T>(
  pool: pg.Pool,
  organizationId: string,
  owner: object,
  fn: (tx: TenantTx) => Promise<T>,
  snapshot: boolean,
): Promise<T> => {
  // The id is written into the statement, so it must be exactly a uuid (the access check made sure).
  if (!uuidPattern.test(organizationId)) throw new Error('organization id is not a uuid');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(
      `${snapshot ? 'begin isolation level repeatable read read only' : 'begin'}; select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', '${organizationId}', true)`,
    );
    const tx = txOn(client);
    const result = await openTransaction.run({ owner, tx }, () => fn(tx));
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw error;
  } finally {
    // A connection whose rollback failed is in an unknown state: it is closed, not reused.
    client.release(broken);
  }
};

// The organization each tenant-pool connection was last switched to. A connection not in the map has not
// been switched yet and still runs as the login role: it is switched before its first statement.
const connectionOrganization = new WeakMap<pg.PoolClient, string>();

/** Whether PostgreSQL itself answered with this error (drizzle wraps it as the cause of its own). */
const answeredByDatabase = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    if (e instanceof pg.DatabaseError) return true;
  }
  return false;
};

const readOnTenantPool = async <T>(
  pool: pg.Pool,
  organizationId: string,
  fn: (tx: TenantTx) => Promise<T>,
): Promise<T> => {
  if (!uuidPattern.test(organizationId)) throw new Error('organization id is not a uuid');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    if (connectionOrganization.get(client) !== organizationId) {
      // Forget the old organization first: if the switch fails, the connection is closed, never reused.
      connectionOrganization.delete(client);
      try {
        await client.query(
          "select set_config('role', 'invoicing_tenant', false), set_config('app.organization_id', $1, false)",
          [organizationId],
        );
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      }
      connectionOrganization.set(client, organizationId);
    }
    // Repositories filter by organization as well, so a statement could only ever see the rows both the
    // session's organization and its own filter allow.
    return await fn(txOn(client));
  } catch (error) {
    // An error PostgreSQL answered leaves the connection as it was; anything else (a lost connection, a
    // protocol error) closes it.
    if (!broken && !answeredByDatabase(error)) {
      broken = error instanceof Error ? error : new Error(String(error));
    }
    throw error;
  } finally {
    if (broken) connectionOrganization.delete(client);
    client.release(broken);
  }
};

export const createOrgScope = (
  db: Db,
  context: { organizationId: string; userId: string | null; role: MembershipRole | 'SYSTEM' },
): OrgScope => {
  const owner = {};
  const client = (db as unknown as { $client?: unknown }).$client;
  return {
    ...context,
    run: (fn, options = {}) => {
      const open = openTransaction.getStore();
      if (open && open.owner === owner) return fn(open.tx);
      const snapshot = options.snapshot === true;
      if (client instanceof pg.Pool) {
        const tenantPool = options.oneStatement ? tenantPoolOf(client) : undefined;
        if (tenantPool) return readOnTenantPool(tenantPool, context.organizationId, fn);
        return runOnPool(client, context.organizationId, owner, fn, snapshot);
      }
      // PGlite serves one connection: nothing commits between two statements of a transaction anyway.
      return db.transaction(async (tx) => {
        // `role` is the setting behind SET ROLE; both settings end with the transaction.
        await tx.execute(
          sql`select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', ${context.organizationId}, true)`,
        );
        return openTransaction.run({ owner, tx: tx as TenantTx }, () => fn(tx));
      });
    },
  };
};

/**
 * A scope whose runs share a transaction that system code opened (`db.transaction`): each outermost run
 * switches that transaction to the tenant role and the organization, as `createOrgScope`'s runs do, and
 * back to the role and organization it had before once it ends, so that what the system code writes
 * beside it (the admin audit log, which tenants may not write) commits or rolls back with the tenant's
 * change. Only a transaction will do: the switch is local to one, so outside of one (a plain database)
 * it would not hold and the run would go on without row-level security; a run that does not find
 * itself in the tenant role after the switch throws before doing anything.
 */
export const createOrgScopeWithin = (
  tx: SystemTx,
  context: { organizationId: string; userId: string | null; role: MembershipRole | 'SYSTEM' },
): OrgScope => {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  let open = 0;
  let previous: { role: string; organization: string } | null | undefined = null;
  return {
    ...context,
    run: async (fn) => {
      open += 1;
      try {
        if (open === 1) {
          [previous] = rowsOf<{ role: string; organization: string }>(
            await tx.execute(
              sql`select current_setting('role') as role, coalesce(current_setting('app.organization_id', true), '') as organization`,
            ),
          );
          await tx.execute(
            sql`select set_config('role', 'invoicing_tenant', true), set_config('app.organization_id', ${context.organizationId}, true)`,
          );
          const [now] = rowsOf<{ who: string }>(await tx.execute(sql`select current_user as who`));
          if (now?.who !== 'invoicing_tenant') {
            throw new Error('an organization scope within a transaction did not switch to the tenant role');
          }
        }
        return await fn(tx as TenantTx);
      } finally {
        open -= 1;
        // Back to the role and organization the transaction had before (an error leaves the transaction
        // to its rollback).
        if (open === 0 && previous) {
          const { role, organization } = previous;
          previous = null;
          await tx
            .execute(
              sql`select set_config('role', ${role}, true), set_config('app.organization_id', ${organization}, true)`,
            )
            .catch(() => undefined);
        }
      }
    },
  };
};
