import { and, eq, gt, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { SystemAccess } from '../../platform/db/system-access';
import { AppError } from '../../platform/errors/app-error';
import { addressKey } from '../../platform/http/client-address';
import { authThrottle } from './auth.table';

type Scope = 'login-account-address' | 'login-account' | 'login-address' | 'register-address';

interface Bucket {
  scope: Scope;
  subject: string;
  limit: number;
  windowSeconds: number;
}

const SWEEP_EVERY_MS = 60_000;

interface AuthThrottle {
  /**
   * Counts a sign-in attempt before its password is checked, or refuses it with 429 when it would pass a
   * limit. An attempt counts as a failure unless `signedIn` follows.
   */
  reserveSignIn(emailKey: string, address: string): Promise<void>;
  /** The password was right: the account's failures from this address are forgiven. */
  signedIn(emailKey: string, address: string): Promise<void>;
  /** Counts a registration before its password is hashed, or refuses it with 429. */
  reserveRegistration(address: string): Promise<void>;
}

export const createAuthThrottle = ({ db }: SystemAccess, config: Config): AuthThrottle => {
  let lastSweep = 0;

  /** Ended windows count as nothing; their rows go now and then so that the table stays small. */
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    // Rows that a reservation holds are skipped: waiting on them could close a cycle of locks.
    await db.execute(sql`
      delete from ${authThrottle}
      where (scope, subject) in (
        select scope, subject from ${authThrottle} where window_ends_at <= now() for update skip locked
      )`);
  };

  /**
   * One transaction counts the attempt in every bucket, or in none when any would pass its limit: a refused
   * attempt costs nothing, so an attacker refused on one account from one address cannot use up the
   * account's limit across addresses. The row locks of the upsert serialize concurrent attempts on a bucket,
   * so parallel requests cannot slip past a limit. Every caller lists its buckets in the same order of scope,
   * one per scope, so that two transactions never wait on each other's rows.
   */
  const reserve = async (buckets: Bucket[], refusal: (retryAfter: number) => AppError) => {
    await sweep();
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(authThrottle)
        .values(
          buckets.map((b) => ({
            scope: b.scope,
            subject: b.subject,
            attempts: 1,
            windowEndsAt: sql`now() + ${b.windowSeconds}::integer * interval '1 second'`,
          })),
        )
        .onConflictDoUpdate({
          target: [authThrottle.scope, authThrottle.subject],
          set: {
            attempts: sql`case when ${authThrottle.windowEndsAt} <= now() then 1 else ${authThrottle.attempts} + 1 end`,
            windowEndsAt: sql`case when ${authThrottle.windowEndsAt} <= now() then excluded.window_ends_at else ${authThrottle.windowEndsAt} end`,
          },
        })
        .returning({
          scope: authThrottle.scope,
          attempts: authThrottle.attempts,
          // The clock, not the transaction's start: the row may be another's, which began after this one.
          retryAfter: sql<number>`ceil(extract(epoch from ${authThrottle.windowEndsAt} - clock_timestamp()))::integer`,
        });
      const over = rows.filter((row) => row.attempts > buckets.find((b) => b.scope === row.scope)!.limit);
      if (over.length > 0) throw refusal(Math.max(1, ...over.map((row) => Number(row.retryAfter))));
    });
  };

  const tooMany = (what: string) => (retryAfter: number) =>
    new AppError('TOO_MANY_ATTEMPTS', `${what} Try again in ${retryAfter} seconds.`, {
      headers: { 'retry-after': String(retryAfter) },
      extra: { retry_after: retryAfter },
    });

  const signInBuckets = (emailKey: string, address: string): [Bucket, Bucket, Bucket] => {
    const from = addressKey(address);
    const windowSeconds = config.LOGIN_FAILURE_WINDOW_SECONDS;
    return [
      {
        scope: 'login-account-address',
        // An address never holds a space, so the pair reads back unambiguously.
        subject: `${from} ${emailKey}`,
        limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        windowSeconds,
      },
      {
        scope: 'login-account',
        subject: emailKey,
        limit: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        windowSeconds,
      },
      { scope: 'login-address', subject: from, limit: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowSeconds },
    ];
  };

  const bucketIs = (b: Bucket) => and(eq(authThrottle.scope, b.scope), eq(authThrottle.subject, b.subject));

  return {
    reserveSignIn: (emailKey, address) =>
      reserve(signInBuckets(emailKey, address), tooMany('Too many failed sign-in attempts.')),

    signedIn: async (emailKey, address) => {
      const [pair, account, from] = signInBuckets(emailKey, address);
      // One row per statement: a statement holding two rows could wait in a cycle with a reservation.
      await Promise.all([
        db.delete(authThrottle).where(bucketIs(pair)),
        ...[account, from].map((b) =>
          db
            .update(authThrottle)
            .set({ attempts: sql`${authThrottle.attempts} - 1` })
            .where(and(bucketIs(b), gt(authThrottle.attempts, 0), sql`${authThrottle.windowEndsAt} > now()`)),
        ),
      ]);
    },

    reserveRegistration: (address) =>
      reserve(
        [
          {
            scope: 'register-address',
            subject: addressKey(address),
            limit: config.REGISTER_MAX_PER_ADDRESS,
            windowSeconds: config.REGISTER_WINDOW_SECONDS,
          },
        ],
        tooMany('Too many sign-ups from this address.'),
      ),
  };
};
