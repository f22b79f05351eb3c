// Two engines' readings of the same name or address, merged word by word: where they differ, the word
// that is a known word, or that the other engine's text confirms, or that its engine read more surely,
// is kept. Tesseract's reading is the base; the second engine's words replace its words where they win.
import type { Lexicon } from './engine/lexicon.js';
import type { Word } from './layout.js';

export interface Reading {
  value: string;
  /** The engine words the value was read from, with their confidences. */
  words: Word[];
}

export interface MergeContext {
  /** Known words (lower case), or null when there is no word list. */
  lexicon: Lexicon | null;
  /** The words of each reading's whole text, squashed (`squash`). */
  wordsA: ReadonlySet<string>;
  wordsB: ReadonlySet<string>;
}

export const squash = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A text's words, squashed: what a group of words is looked up in to be confirmed. */
export const wordSet = (text: string): Set<string> => new Set(text.split(/\s+/).map(squash).filter(Boolean));

/** A value's tokens (runs without spaces), each with the confidence of the engine word it came from. */
interface Token {
  text: string;
  key: string;
  conf: number;
}

function tokensOf(r: Reading): Token[] {
  const words = r.words.map((w) => ({ key: squash(w.text), conf: w.conf }));
  const mean = words.length ? words.reduce((a, w) => a + w.conf, 0) / words.length : 0;
  const used = new Set<number>();
  const out: Token[] = [];
  for (const text of r.value.split(/\s+/)) {
    const key = squash(text);
    if (!key) {
      // Punctuation alone ("&", ","): kept for the output, not compared.
      if (text) out.push({ text, key, conf: mean });
      continue;
    }
    // The value is the words' text, lightly cleaned: the same word, or one holding the token (a word
    // the value split) or held by it (words the value joined).
    let i = words.findIndex((w, k) => !used.has(k) && w.key === key);
    if (i < 0) {
      i = words.findIndex(
        (w, k) => !used.has(k) && w.key.length >= 2 && (w.key.includes(key) || key.includes(w.key)),
      );
    }
    if (i >= 0 && (words[i] as { key: string }).key === key) used.add(i);
    out.push({ text, key, conf: i >= 0 ? (words[i] as { conf: number }).conf : mean });
  }
  return out;
}

/** Letters and digits of the tokens, each with its token's index. */
function charsOf(tokens: Token[]): { c: string; t: number }[] {
  return tokens.flatMap((tok, t) => [...tok.key].map((c) => ({ c, t })));
}

/**
 * Edit-distance alignment of two character sequences: for each character of `a`, the index of the
 * character of `b` it matches (equal), or -1.
 */
function align(a: string[], b: string[]): { aToB: number[]; distance: number } {
  const m = a.length;
  const n = b.length;
  const d: Uint16Array[] = Array.from({ length: m + 1 }, () => new Uint16Array(n + 1));
  for (let i = 0; i <= m; i++) (d[i] as Uint16Array)[0] = i;
  for (let j = 0; j <= n; j++) (d[0] as Uint16Array)[j] = j;
  for (let i = 1; i <= m; i++) {
    const row = d[i] as Uint16Array;
    const up = d[i - 1] as Uint16Array;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((up[j] as number) + 1, (row[j - 1] as number) + 1, (up[j - 1] as number) + cost);
    }
  }
  const aToB = new Array<number>(m).fill(-1);
  let i = m;
  let j = n;
  while (i > 0 && j > 0) {
    const here = (d[i] as Uint16Array)[j] as number;
    const diag = (d[i - 1] as Uint16Array)[j - 1] as number;
    if (a[i - 1] === b[j - 1] && here === diag) {
      aToB[i - 1] = j - 1;
      i--;
      j--;
    } else if (here === diag + 1) {
      i--;
      j--;
    } else if (here === ((d[i - 1] as Uint16Array)[j] as number) + 1) {
      i--;
    } else {
      j--;
    }
  }
  return { aToB, distance: (d[m] as Uint16Array)[n] as number };
}

/** Shapes the engines confuse: a difference made only of these is no disagreement worth settling. */
export const fold = (s: string): string =>
  s
    .replace(/[0o]/g, 'o')
    .replace(/[1il|]/g, 'l')
    .replace(/5/g, 's')
    .replace(/8/g, 'b');

/**
 * Whether the tokens are known words: true when every word of two letters or more is in the list, false
 * when one is not, null when there is no list or no such word (numbers, codes).
 */
function known(tokens: Token[], lexicon: Lexicon | null): boolean | null {
  if (!lexicon) return null;
  const words = tokens.flatMap((t) => t.text.toLowerCase().match(/\p{L}{2,}/gu) ?? []);
  const pure = tokens
    .map((t) => t.text.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((t) => /^\p{L}{2,}$/u.test(t));
  if (!pure.length || pure.length !== words.length) return null;
  return pure.every((w) => lexicon.has(w));
}

/** At most this share of the characters may differ for the readings to be of the same value. */
const MAX_DIFFERENCE = 0.35;
/** A group of differing words is settled only when it spans at most this many tokens on each side. */
const MAX_TOKENS = 3;
/** The second engine's words replace the first's on confidence only when it read them at least this surely. */
const SURE = 0.85;

/**
 * Merges the second engine's reading (`b`) into the first's (`a`), word group by word group. Returns the
 * merged value, or null when the readings are too different to be of the same value or nothing changed.
 */
export function mergeReadings(a: Reading, b: Reading, ctx: MergeContext): string | null {
  const ta = tokensOf(a);
  const tb = tokensOf(b);
  const ca = charsOf(ta);
  const cb = charsOf(tb);
  if (!ca.length || !cb.length) return null;
  const { aToB, distance } = align(
    ca.map((x) => x.c),
    cb.map((x) => x.c),
  );
  if (distance === 0 || distance > MAX_DIFFERENCE * Math.max(ca.length, cb.length)) return null;
  // Tokens of each side linked by matched characters or by a difference between them.
  const bToA = new Array<number>(cb.length).fill(-1);
  aToB.forEach((j, i) => {
    if (j >= 0) bToA[j] = i;
  });
  // Tokens of the two readings linked by matched characters and, below, by the differences between them.
  const links: [number, number][] = [];
  aToB.forEach((j, i) => {
    if (j >= 0) links.push([(ca[i] as { t: number }).t, (cb[j] as { t: number }).t]);
  });
  // Unmatched characters: each joins the tokens of its matched neighbours on the other side.
  const unmatchedA: number[] = [];
  const unmatchedB: number[] = [];
  aToB.forEach((j, i) => {
    if (j < 0) unmatchedA.push(i);
  });
  bToA.forEach((i, j) => {
    if (i < 0) unmatchedB.push(j);
  });
  const diffA = new Set<number>();
  const diffB = new Set<number>();
  // Characters before the first match or after the last are text one reading has and the other does not
  // (a registration number the other row took in): no difference to settle, unless the other reading
  // also has characters of its own there ("MALAY pion" against "MALAYSIA").
  const ends = (map: number[]): { first: number; last: number } => {
    let first = -1;
    let last = -1;
    map.forEach((v, k) => {
      if (v < 0) return;
      if (first < 0) first = k;
      last = k;
    });
    return { first, last };
  };
  const endsA = ends(aToB);
  const endsB = ends(bToA);
  if (endsA.first < 0) return null;
  const side = (
    unmatched: number[],
    own: { t: number }[],
    other: { t: number }[],
    map: number[],
    e: { first: number; last: number },
    otherUnmatched: number[],
    oe: { first: number; last: number },
    link: (mine: number, theirs: number) => void,
    diff: Set<number>,
    extra: Set<number>,
  ): void => {
    for (const k of unmatched) {
      const t = (own[k] as { t: number }).t;
      // The other reading's characters across from its matched neighbours, those of its own word first:
      // a misread last letter ("NO.56," for "NO.50") does not draw in the next word.
      const near = [-1, 1]
        .map((step) => {
          for (let x = k + step; x >= 0 && x < map.length; x += step) if ((map[x] as number) >= 0) return x;
          return -1;
        })
        .filter((x) => x >= 0);
      const inWord = near.filter((x) => (own[x] as { t: number }).t === t);
      const around = (inWord.length ? inWord : near).map((x) => map[x] as number);
      if (k < e.first || k > e.last) {
        const facing = otherUnmatched.filter((x) => (k < e.first ? x < oe.first : x > oe.last));
        if (!facing.length) {
          extra.add(t);
          continue;
        }
        for (const x of facing) link(t, (other[x] as { t: number }).t);
      }
      diff.add(t);
      for (const x of around) link(t, (other[x] as { t: number }).t);
    }
  };
  // Tokens holding such characters: `Pelabur40300` does not replace `Pelabor`.
  const extraA = new Set<number>();
  const extraB = new Set<number>();
  side(unmatchedA, ca, cb, aToB, endsA, unmatchedB, endsB, (x, y) => links.push([x, y]), diffA, extraA);
  side(unmatchedB, cb, ca, bToA, endsB, unmatchedA, endsA, (y, x) => links.push([x, y]), diffB, extraB);
  // Groups: connected tokens of both sides, grown from the tokens that hold a difference.
  const groups: { a: number[]; b: number[] }[] = [];
  const seenA = new Set<number>();
  for (const start of [
    ...diffA,
    ...[...diffB].flatMap((t) => links.filter((l) => l[1] === t).map((l) => l[0])),
  ]) {
    if (seenA.has(start)) continue;
    const ga = new Set<number>([start]);
    const gb = new Set<number>();
    let grew = true;
    while (grew) {
      grew = false;
      for (const [x, y] of links) {
        if (ga.has(x) && !gb.has(y)) {
          gb.add(y);
          grew = true;
        }
        if (gb.has(y) && !ga.has(x)) {
          ga.add(x);
          grew = true;
        }
      }
    }
    for (const x of ga) seenA.add(x);
    groups.push({ a: [...ga].sort((p, q) => p - q), b: [...gb].sort((p, q) => p - q) });
  }
  // Where a group is taken: its first token of `a` is replaced by the tokens of `b` from..to, up to `end`.
  const replace = new Map<number, { from: number; to: number; end: number }>();
  for (const g of groups) {
    if (!g.a.length || !g.b.length || g.a.length > MAX_TOKENS || g.b.length > MAX_TOKENS) continue;
    // The groups must be runs of neighbouring tokens (punctuation between them aside) to be swapped whole.
    const run = (g: number[], ts: Token[]): boolean =>
      ts.slice(g[0], (g.at(-1) as number) + 1).filter((t) => t.key).length === g.length;
    if (!run(g.a, ta) || !run(g.b, tb)) continue;
    const wa = g.a.map((t) => ta[t] as Token);
    const wb = g.b.map((t) => tb[t] as Token);
    const ka = wa.map((t) => t.key).join('');
    const kb = wb.map((t) => t.key).join('');
    if (ka === kb || fold(ka) === fold(kb) || g.b.some((t) => extraB.has(t))) continue;
    // A number stays a number ("123" is not "1Z3"); letters the second engine merely dropped are not
    // taken ("Perma" for "Permas"), digits are ("1416" for "14816": "&" read as 8).
    if (/^\d+$/.test(ka) && !/^\d+$/.test(kb)) continue;
    if (kb.length < ka.length && subsequence(kb, ka) && /\p{L}/u.test(ka)) continue;
    const knownA = known(wa, ctx.lexicon);
    const knownB = known(wb, ctx.lexicon);
    let take: boolean;
    const confA = Math.min(...wa.map((t) => t.conf));
    const confB = Math.min(...wb.map((t) => t.conf));
    if (knownA === true && knownB === false) take = false;
    else if (knownB === true && knownA === false) take = confB >= 0.8 && confB >= confA;
    else {
      // A word the other engine also read elsewhere on the page is confirmed ("PERMAS" read twice).
      const confirmed = (ws: Token[], words: ReadonlySet<string>): boolean =>
        ws.reduce((n, t) => n + t.key.length, 0) >= 4 && ws.every((t) => words.has(t.key));
      const confirmedA = confirmed(wa, ctx.wordsB);
      const confirmedB = confirmed(wb, ctx.wordsA);
      if (confirmedA !== confirmedB) take = confirmedB;
      else take = confB >= SURE && confB > confA;
    }
    if (take)
      replace.set(g.a[0] as number, {
        from: g.b[0] as number,
        to: g.b.at(-1) as number,
        end: g.a.at(-1) as number,
      });
  }
  if (!replace.size) return null;
  const out: string[] = [];
  const lead = (s: string): string => /^[^\p{L}\p{N}]*/u.exec(s)?.[0] ?? '';
  const trail = (s: string): string => /[^\p{L}\p{N}]*$/u.exec(s)?.[0] ?? '';
  for (let t = 0; t < ta.length; t++) {
    const r = replace.get(t);
    if (!r) {
      out.push((ta[t] as Token).text);
      continue;
    }
    const words = tb.slice(r.from, r.to + 1).map((k) => k.text);
    // The first reading's punctuation around the group stays where the second engine's words lack it
    // ("NO.56," replaced by "NO.50" is "NO.50,").
    const first = (ta[t] as Token).text;
    const last = (ta[r.end] as Token).text;
    if (!lead(words[0] as string)) words[0] = lead(first) + (words[0] as string);
    const end = words.length - 1;
    if (!trail(words[end] as string)) words[end] = (words[end] as string) + trail(last);
    out.push(...words);
    t = r.end;
    // A mark standing alone after the group that the replacing word already ends with: "NO.50, , JALAN".
    const next = ta[t + 1];
    if (next && !next.key && next.text === trail(words[end] as string)) t++;
  }
  return out.join(' ');
}

/** `short` is `long` with characters left out. */
function subsequence(short: string, long: string): boolean {
  let i = 0;
  for (const c of long) if (c === short[i]) i++;
  return i === short.length;
}
