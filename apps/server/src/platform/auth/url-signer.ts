import crypto from 'node:crypto';

/** Signs and checks expiring links, so that an <img> can load a private file without an auth header. */
export interface UrlSigner {
  sign(parts: string[], expiresAt: number): string;
  verify(parts: string[], expiresAt: number, signature: string): boolean;
}

export const createUrlSigner = (secret: Uint8Array): UrlSigner => {
  const mac = (parts: string[], expiresAt: number) =>
    crypto
      .createHmac('sha256', secret)
      .update(`url|${parts.join('|')}|${expiresAt}`)
      .digest('base64url');
  return {
    sign: mac,
    verify: (parts, expiresAt, signature) => {
      if (!Number.isFinite(expiresAt) || expiresAt < Date.now() / 1000) return false;
      const expected = Buffer.from(mac(parts, expiresAt));
      const given = Buffer.from(signature);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
};
