import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { MembershipRole } from '@invoicing/contract';

/** The answer of the access check for one user (and organization). */
export interface AccessRow {
  isActive: boolean;
  isSuperuser: boolean;
  role: MembershipRole | null;
}

/**
 * Answers of the access check kept between requests, so that most requests skip one round trip to the
 * database. Only answers that grant access are kept. Migration 0008 signals every change to a user's flags
 * and to memberships, and this cache drops the user's answers on each signal:
 * - a NOTICE on the connection that makes the change, before its statement returns, so the process that
 *   makes a change never answers from the old state afterwards;
 * - NOTIFY `access_changed`, which every process hears on a connection of its own once the change commits.
 * While that connection is not listening (not yet connected, lost, reconnecting) nothing is kept and
 * every request asks the database. An answer read while a signal arrived is not kept either (`generation`).
 */
export interface AccessCache {
  get(userId: string, scope: string): AccessRow | undefined;
  /** Read before asking the database; pass it back to `set`. */
  generation(): number;
  set(userId: string, scope: string, row: AccessRow, generation: number): void;
  close(): Promise<void>;
}

/** No cache: every request asks the database (the embedded database, and tests that want it so). */
export const noAccessCache: AccessCache = {
  get: () => undefined,
  generation: () => 0,
  set: () => undefined,
  close: async () => undefined,
};

const accessChangedChannel = 'access_changed';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Repeats, once a change to who may do what has committed, the signal of migration 0008's triggers to this
 * process: their NOTICE comes before the commit, so a request of `userId` (of anyone, without an id)
 * answered between the two may have kept the old answer until the NOTIFY arrives. After this, the next
 * request of this process asks the database. Nothing happens on the embedded database, which keeps nothing.
 */
export const signalAccessChanged = async (
  db: { execute: (query: ReturnType<typeof sql.raw>) => Promise<unknown> },
  userId?: string,
): Promise<void> => {
  if (userId !== undefined && !uuidPattern.test(userId)) throw new Error('user id is not a uuid');
  const detail = userId === undefined ? '' : ` using detail = '${userId}'`;
  await db.execute(sql.raw(`do $$ begin raise notice '${accessChangedChannel}'${detail}; end $$`));
};

interface Entry {
  row: AccessRow;
  expires: number;
}

interface AccessCacheOptions {
  /** A kept answer is asked again after this long, whatever the signals said. */
  ttlMs?: number;
  /** Users kept at most; past it the cache starts over. */
  maxUsers?: number;
  /** Wait before listening again after the listening connection was lost. */
  reconnectMs?: number;
  now?: () => number;
}

/** The in-memory part, driven by `invalidate` and `setListening`; `createAccessCache` wires it to PostgreSQL. */
export class AccessAnswers implements AccessCache {
  private readonly users = new Map<string, Map<string, Entry>>();
  private gen = 0;
  private listening = false;
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  private readonly now: () => number;

  constructor(options: AccessCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxUsers = options.maxUsers ?? 50_000;
    this.now = options.now ?? Date.now;
  }

  get(userId: string, scope: string): AccessRow | undefined {
    const entry = this.users.get(userId)?.get(scope);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.users.get(userId)?.delete(scope);
      return undefined;
    }
    return entry.row;
  }

  generation(): number {
    return this.gen;
  }

  set(userId: string, scope: string, row: AccessRow, generation: number): void {
    if (!this.listening || generation !== this.gen) return;
    if (!this.users.has(userId) && this.users.size >= this.maxUsers) this.users.clear();
    let scopes = this.users.get(userId);
    if (!scopes) {
      scopes = new Map();
      this.users.set(userId, scopes);
    }
    scopes.set(scope, { row, expires: this.now() + this.ttlMs });
  }

  /** A change to this user's access (or to anyone's, without an id). */
  invalidate(userId?: string): void {
    this.gen += 1;
    if (userId === undefined) this.users.clear();
    else this.users.delete(userId);
  }

  /** Whether changes are being heard; until they are again, nothing is kept. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.invalidate();
  }

  async close(): Promise<void> {
    this.setListening(false);
  }
}

/**
 * The cache for a PostgreSQL pool: it hears NOTICEs on the pool's connections (forwarded by `client.ts`
 * as the pool's `notice` event) and listens for NOTIFY on a connection of its own.
 */
export const createAccessCache = (pool: pg.Pool, options: AccessCacheOptions = {}): AccessCache => {
  const answers = new AccessAnswers(options);
  const reconnectMs = options.reconnectMs ?? 1000;
  const onNotice = (notice: { message?: string; detail?: string }) => {
    if (notice.message === accessChangedChannel) answers.invalidate(notice.detail ?? undefined);
  };
  const events = pool as EventEmitter;
  events.on('notice', onNotice);

  let closed = false;
  let listener: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    answers.setListening(false);
    const client = listener;
    listener = null;
    if (client) void client.end().catch(() => undefined);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = null;
        void listen();
      }, reconnectMs);
      retry.unref();
    }
  };

  const listen = async () => {
    if (closed) return;
    const client = new pg.Client(pool.options);
    listener = client;
    client.on('error', lost);
    client.on('end', () => {
      if (listener === client) lost();
    });
    client.on('notification', (message) => {
      if (message.channel === accessChangedChannel) answers.invalidate(message.payload || undefined);
    });
    try {
      await client.connect();
      await client.query(`listen ${accessChangedChannel}`);
      if (closed || listener !== client) {
        await client.end().catch(() => undefined);
        return;
      }
      // Whatever changed while nobody listened is unknown: start empty.
      answers.setListening(true);
    } catch {
      if (listener === client) lost();
    }
  };
  void listen();

  return {
    get: (userId, scope) => answers.get(userId, scope),
    generation: () => answers.generation(),
    set: (userId, scope, row, generation) => answers.set(userId, scope, row, generation),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      events.off('notice', onNotice);
      await answers.close();
      const client = listener;
      listener = null;
      if (client) await client.end().catch(() => undefined);
    },
  };
};
