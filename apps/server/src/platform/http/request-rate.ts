import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { addressKey } from './client-address';

interface RequestRate {
  /** Requests allowed at once. */
  burst: number;
  /** Requests allowed a minute, on average, after the burst. */
  perMinute: number;
}

interface RateLimiter {
  /** Counts a request of `key`; throws 429 when its bucket is empty. */
  take(key: string): void;
}

/**
 * A token bucket per key, in this process's memory: a flood from one address is refused before it costs
 * a database round trip, so it cannot hold the embedded database's one connection away from everyone
 * else. The precise, durable counts (failed sign-ins, sign-ups) are kept in the database behind it.
 */
export const createRateLimiter = (rate: RequestRate, now: () => number = Date.now): RateLimiter => {
  const perMs = rate.perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  let lastSweep = now();
  return {
    take: (key) => {
      const t = now();
      if (t - lastSweep > 60_000 || buckets.size > 100_000) {
        // A full bucket is the same as none: forget them.
        for (const [k, b] of buckets) if (b.tokens + (t - b.at) * perMs >= rate.burst) buckets.delete(k);
        lastSweep = t;
      }
      const bucket = buckets.get(key) ?? { tokens: rate.burst, at: t };
      bucket.tokens = Math.min(rate.burst, bucket.tokens + (t - bucket.at) * perMs);
      bucket.at = t;
      if (bucket.tokens < 1) {
        buckets.set(key, bucket);
        const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
        throw new AppError('TOO_MANY_ATTEMPTS', `Too many requests. Try again in ${retryAfter} seconds.`, {
          headers: { 'retry-after': String(retryAfter) },
          extra: { retry_after: retryAfter },
        });
      }
      bucket.tokens -= 1;
      buckets.set(key, bucket);
    },
  };
};

/** A route guard step that limits each client address (IPv6 by its /64) with its own bucket. */
export const limitPerAddress = (rate: RequestRate) => {
  const limiter = createRateLimiter(rate);
  return async (request: FastifyRequest): Promise<void> => limiter.take(addressKey(request.ip));
};
