import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies its own tokens, again and again, until they expire', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = createTokenService(secret, 900);
    const token = await tokens.issueAccess({ userId: 'u-1', isSuperuser: true });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 'u-1', isSuperuser: true });
    vi.setSystemTime(new Date('2026-11-22T10:14:00Z'));
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 'u-1', isSuperuser: true });
    vi.setSystemTime(new Date('2026-11-22T10:15:01Z'));
    expect(await tokens.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess(token)).toBeNull();
  });

  it('refuses a token with a changed payload or signed with another secret', async () => {
    const tokens = createTokenService(secret, 900);
    const token = await tokens.issueAccess({ userId: 'u-2', isSuperuser: false });
    expect(await tokens.verifyAccess(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, is_superuser: true })).toString('base64url');
    expect(await tokens.verifyAccess(`${header}.${forged}.${signature}`)).toBeNull();
    const other = createTokenService(new TextEncoder().encode('another-secret-that-is-long-enough-too'), 900);
    expect(await other.verifyAccess(token)).toBeNull();
    expect(await tokens.verifyAccess('not.a.token')).toBeNull();
  });
});
