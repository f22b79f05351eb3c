import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { createRateLimiter } from './request-rate';

describe('the per-address request rate', () => {
  it('allows a burst, then refills at its rate, and keeps addresses apart', () => {
    let now = 0;
    const limiter = createRateLimiter({ burst: 3, perMinute: 60 }, () => now);
    for (let i = 0; i < 3; i += 1) limiter.take('a');
    let refused: unknown;
    try {
      limiter.take('a');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(429);
    expect((refused as AppError).headers).toEqual({ 'retry-after': '1' });
    // Another address is not affected.
    expect(() => limiter.take('b')).not.toThrow();
    // One a second comes back.
    now += 1_000;
    expect(() => limiter.take('a')).not.toThrow();
    expect(() => limiter.take('a')).toThrow();
  });
});
