// A word of a name that the page prints again elsewhere, where the engine read it better.
import { confusableMisread, inCaseOf, placeWords } from './places.js';

/** Words of this many letters or more are checked; shorter ones have too many neighbours. */
const MIN_LETTERS = 4;

const lettersOf = (text: string): string[] => (text.match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase());

/**
 * Puts back a word of a name (the seller's, with its branch) that the engine misread by one letter of a
 * shape it confuses, where the rest of the page prints the word surely: beside the same neighbouring word
 * ("(JALAN KLANG LANA)" over "OFF JLN KLANG LAMA"; "SANYO STATIONERY SHOP" over
 * "Facebook: Sanyu.Stationery"), and either more often than as read or as a known place word where the
 * reading is none. `lines` are the texts of the document's lines, one per line; those made only of the
 * name's words are the name itself and do not count.
 */
export function confirmByPage(name: string, lines: string[]): string {
  const own = new Set(lettersOf(name));
  const count = new Map<string, number>();
  const pairs = new Set<string>();
  for (const text of lines) {
    const ws = lettersOf(text);
    if (ws.every((w) => own.has(w))) continue;
    ws.forEach((w, i) => {
      count.set(w, (count.get(w) ?? 0) + 1);
      if (i > 0) pairs.add(`${ws[i - 1]} ${w}`);
    });
  }
  const runs = [...name.matchAll(/\p{L}+/gu)];
  const keys = runs.map((m) => m[0].toLowerCase());
  let out = '';
  let at = 0;
  runs.forEach((m, i) => {
    const read = keys[i] as string;
    const prev = keys[i - 1];
    const next = keys[i + 1];
    const beside = (w: string): boolean =>
      (prev !== undefined && pairs.has(`${prev} ${w}`)) || (next !== undefined && pairs.has(`${w} ${next}`));
    let fix: string | null = null;
    if (read.length >= MIN_LETTERS && !beside(read)) {
      const seen = (w: string): number => count.get(w) ?? 0;
      const cands = [...count.keys()].filter(
        (w) =>
          w.length === read.length &&
          w !== read &&
          confusableMisread(read, w) &&
          beside(w) &&
          (seen(w) > seen(read) + 1 || (placeWords.has(w) && !placeWords.has(read))),
      );
      if (cands.length === 1) fix = cands[0] as string;
    }
    out += name.slice(at, m.index) + (fix ? inCaseOf(fix, m[0]) : m[0]);
    at = (m.index ?? 0) + m[0].length;
  });
  return out + name.slice(at);
}
