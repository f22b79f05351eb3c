/** The claims the page reads from an access token. The server verifies them; the page only decides what to show. */
export interface AccessTokenClaims {
  sub: string | null;
  isSuperuser: boolean;
  expiresAt: number | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads the payload of a JWT without verifying it; null when the token is not a readable JWT. */
export function readAccessTokenClaims(token: string | null): AccessTokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const value: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof value !== 'object' || value === null) return null;
    const claims = value as Record<string, unknown>;
    return {
      sub: typeof claims.sub === 'string' ? claims.sub : null,
      isSuperuser: claims.is_superuser === true,
      expiresAt: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return null;
  }
}
