import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';

interface AccessClaims {
  userId: string;
  isSuperuser: boolean;
}

export interface TokenService {
  issueAccess(claims: AccessClaims): Promise<string>;
  /** Returns the claims of a valid access token, or null. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  readonly accessTtlSeconds: number;
}

/** How many verified access tokens are remembered; a client sends the same token for its whole life. */
const VERIFIED_CACHE_SIZE = 10_000;

export const createTokenService = (secret: Uint8Array, accessTtlSeconds: number): TokenService => {
  // Verified tokens, by their exact text, until they expire: the signature of a given text never changes,
  // so only the expiry needs checking again. Oldest first; bounded.
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expSeconds: number | undefined) => {
    if (expSeconds === undefined) return;
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAtMs: expSeconds * 1000 });
  };
  return {
    accessTtlSeconds,
    issueAccess: ({ userId, isSuperuser }) =>
      new SignJWT({ is_superuser: isSuperuser, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt()
        .setExpirationTime(`${accessTtlSeconds}s`)
        .sign(secret),
    verifyAccess: async (token) => {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
        const claims = { userId: payload.sub, isSuperuser: payload.is_superuser === true };
        remember(token, claims, payload.exp);
        return claims;
      } catch {
        return null;
      }
    },
  };
};

/** A refresh token is an opaque random string; only its hash is stored. */
export const newRefreshToken = (): string => crypto.randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string): string =>
  crypto.createHash('sha256').update(token).digest('hex');

/**
 * The signing secret: JWT_SECRET when set (required when several processes serve one database), else a
 * random secret generated once and kept in DATA_DIR so that sessions survive a restart.
 */
export const loadSigningSecret = (configured: string | undefined, dataDir: string): Uint8Array => {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
};
