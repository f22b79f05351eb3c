import { describe, expect, it } from 'vitest';
import { fixPlaceWords, placeWordFor } from './places.js';

// A stand-in for the English word list: the words an address holds that are not places.
const english = new Set(['lower', 'ground', 'floor', 'foor', 'lot', 'no', 'giant', 'power', 'garden']);
const known = (w: string): boolean => english.has(w);

describe('placeWordFor', () => {
  it.each([
    ['FETALING', 'PETALING'], // P read as F
    ['Danansara', 'Damansara'], // m read as n
    ['FERBANDARAN', 'PERBANDARAN'],
    ['Setangor', 'Selangor'], // l read as t
    ['Selanpor', 'Selangor'], // g read as p
    ['KAWASAM', 'KAWASAN'],
    ['Tebrav', 'Tebrau'],
    ['heliopolls', 'heliopolis'],
    ['Shrjah', null], // two letters away from Sharjah: not put back
    ['Salangor', null], // a for e is no likely misread
    ['PETALING', null], // already a place word
    ['Lower', null], // a word of the language, not "Tower"
    ['Jaya', null], // too short to tell from its neighbours
    ['PT244', null], // not letters alone
  ])('%s is %s', (read, want) => {
    expect(placeWordFor(read, known)).toBe(want);
  });

  it('takes a word back only when exactly one place word is that close', () => {
    // "UTANA" is one misread from UTAMA (n for m) and from UTARA (n for r); "TANAN" from TAMAN and TANAH.
    expect(placeWordFor('UTANA', known)).toBe(null);
    expect(placeWordFor('TANAN', known)).toBe(null);
    expect(placeWordFor('IAMAN', known)).toBe(null); // TAMAN and LAMAN
    // One close place word alone is taken.
    expect(placeWordFor('TAMAM', known)).toBe('TAMAN');
  });

  it('puts a thin letter back that the engine dropped', () => {
    expect(placeWordFor('Kinabau', known)).toBe('Kinabalu');
    // A dropped letter that is not thin is not guessed.
    expect(placeWordFor('Selngor', known)).toBe(null);
  });
});

describe('fixPlaceWords', () => {
  it('puts back the misread place words of an address and leaves the rest as read', () => {
    expect(
      fixPlaceWords(
        'LOT NO. G23, GIANT KELANA JAYA, LOT PT244, JLN FERBANDARAN SS6/4, PUSAT BANDAR KELANA JAYA, FETALING',
        known,
      ),
    ).toBe(
      'LOT NO. G23, GIANT KELANA JAYA, LOT PT244, JLN PERBANDARAN SS6/4, PUSAT BANDAR KELANA JAYA, PETALING',
    );
    expect(fixPlaceWords('Lower Ground Foor, Jalan 1, 47800 Danansara Utama.', known)).toBe(
      'Lower Ground Foor, Jalan 1, 47800 Damansara Utama.',
    );
    expect(fixPlaceWords('١٢ شارع التحرير، الدقي، الجيزة', known)).toBe('١٢ شارع التحرير، الدقي، الجيزة');
  });
});
