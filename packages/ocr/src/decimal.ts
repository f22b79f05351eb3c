// Money never goes through binary floats: values are bigints in units of 1/10000.

export type Dec = bigint;
export const SCALE = 10_000n;
const SCALE_DIGITS = 4;

/** Parses a plain ASCII decimal ("1234.5", "-3", ".5"). */
export function dec(s: string): Dec | null {
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(s.trim());
  if (!m || (!m[2] && !m[3])) return null;
  const frac = (m[3] ?? '').slice(0, SCALE_DIGITS + 1).padEnd(SCALE_DIGITS + 1, '0');
  let v = BigInt(m[2] || '0') * SCALE + BigInt(frac.slice(0, SCALE_DIGITS));
  if (Number(frac[SCALE_DIGITS]) >= 5) v += 1n;
  return m[1] ? -v : v;
}

export function decInt(n: number): Dec {
  return BigInt(n) * SCALE;
}

function divRound(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const aa = a < 0n ? -a : a;
  const bb = b < 0n ? -b : b;
  const q = (aa + bb / 2n) / bb;
  return neg ? -q : q;
}

/** Rounds half away from zero to `places` decimals. */
export function roundDec(v: Dec, places: number): Dec {
  const step = 10n ** BigInt(SCALE_DIGITS - places);
  return divRound(v, step) * step;
}

export function mul(a: Dec, b: Dec): Dec {
  return divRound(a * b, SCALE);
}

export function div(a: Dec, b: Dec): Dec | null {
  if (b === 0n) return null;
  return divRound(a * SCALE, b);
}

export function absDec(v: Dec): Dec {
  return v < 0n ? -v : v;
}

/** Fixed decimals, for amounts ("1234.50"). */
export function fmtFixed(v: Dec, places = 2): string {
  const r = roundDec(v, places);
  const neg = r < 0n;
  const a = neg ? -r : r;
  const int = a / SCALE;
  const frac = (a % SCALE).toString().padStart(SCALE_DIGITS, '0').slice(0, places);
  return (neg ? '-' : '') + int.toString() + (places > 0 ? '.' + frac : '');
}

/** Shortest decimals, for quantities ("2.5", "3"). */
export function fmtTrim(v: Dec): string {
  return fmtFixed(v, SCALE_DIGITS).replace(/\.?0+$/, '');
}

/** Equal within `tol` (default one cent). */
export function near(a: Dec, b: Dec, tol: Dec = SCALE / 100n): boolean {
  return absDec(a - b) <= tol;
}
