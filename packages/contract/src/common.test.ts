import { describe, expect, it } from 'vitest';
import { hasRefusedCharacters, isInvisibleText, optionalText, text } from './common';
import { validationMessages as m } from './errors';

const name = text({ max: 20, required: 'Name is required' });
const note = optionalText({ max: 50, multiline: true });
const code = optionalText({ max: 20, directionMarks: false });

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('text', () => {
  it.each([
    ['NUL', 'Acme\u0000Trading'],
    ['an escape', 'Acme\u001b[2J'],
    ['DEL', 'Acme\u007f'],
    ['a C1 control', 'Acme\u0085Trading'],
    ['a right-to-left override', 'invoice\u202egnp.exe'],
    ['a left-to-right embedding', '\u202aAcme\u202c'],
    ['a right-to-left isolate', 'Acme \u2067Trading\u2069'],
    ['a first-strong isolate', 'Acme \u2068Trading'],
    ['a deprecated shaping control', 'Acme\u206d'],
    ['an interlinear annotation', 'Acme\ufff9hidden\ufffb'],
    ['half a surrogate pair', 'Acme\ud83d'],
    ['a tab in one line', 'Acme\tTrading'],
    ['a line break in one line', 'Acme\nTrading'],
    ['a line separator in one line', 'Acme\u2028Trading'],
  ])('refuses %s with the message the page translates', (_, value) => {
    expect(messages(name.safeParse(value))).toEqual([m.textControlCharacters]);
  });

  it('keeps tabs and line breaks in a multi-line text, and refuses its other controls', () => {
    expect(note.parse('Line 1\r\nLine 2\tFloor 3')).toBe('Line 1\r\nLine 2\tFloor 3');
    expect(messages(note.safeParse('Line 1\u0000'))).toEqual([m.textControlCharacters]);
    expect(messages(note.safeParse('Line 1\n\u202eLine 2'))).toEqual([m.textControlCharacters]);
  });

  it.each([
    '',
    '   ',
    '\u200b',
    '\u200b\u200c\u200d\u2060\ufeff',
    '\u00a0\u3000',
    '\u200f',
    '\u2800',
    '\u3164',
    '\u00ad',
  ])('takes %j, which shows nothing, as missing', (value) => {
    expect(messages(name.safeParse(value))).toEqual(['Name is required']);
    expect(note.parse(value)).toBe('');
  });

  it('gives the required message when the text is absent, and reads an absent optional text as empty', () => {
    expect(messages(name.safeParse(undefined))).toEqual(['Name is required']);
    expect(note.parse(undefined)).toBe('');
    expect(note.parse(null)).toBe('');
  });

  it('keeps Arabic joiners, direction marks and emoji inside a name', () => {
    expect(name.parse('محمد\u200cعلي')).toBe('محمد\u200cعلي');
    expect(name.parse('شركة\u200dالنور')).toBe('شركة\u200dالنور');
    expect(name.parse('النور (مصر)\u200f')).toBe('النور (مصر)\u200f');
    expect(name.parse('Café 📚 🏴󠁧󠁢󠁥󠁮󠁧󠁿')).toBe('Café 📚 🏴󠁧󠁢󠁥󠁮󠁧󠁿');
  });

  it('trims spaces and invisible characters from both ends', () => {
    expect(name.parse(' \u200bAcme\u200d\u2060 \ufeff')).toBe('Acme');
    expect(name.parse('\n Acme Trading \r\n')).toBe('Acme Trading');
  });

  it('refuses direction marks in file names and codes, where they can show parts swapped', () => {
    expect(messages(code.safeParse('scan\u200f.\u200fexe'))).toEqual([m.textControlCharacters]);
    expect(messages(code.safeParse('INV\u200e-1'))).toEqual([m.textControlCharacters]);
    expect(messages(code.safeParse('INV\u061c-1'))).toEqual([m.textControlCharacters]);
    expect(code.parse('فاتورة-١')).toBe('فاتورة-١');
  });

  it('counts the length after trimming, with its own message or the common one', () => {
    expect(name.parse(`  ${'a'.repeat(20)}  `)).toBe('a'.repeat(20));
    expect(messages(name.safeParse('a'.repeat(21)))).toEqual([m.textTooLong]);
    const titled = text({ max: 3, tooLong: 'Too long, sorry' });
    expect(messages(titled.safeParse('abcd'))).toEqual(['Too long, sorry']);
  });
});

describe('text checks', () => {
  it('tell refused characters by the kind of text', () => {
    expect(hasRefusedCharacters('a\nb')).toBe(true);
    expect(hasRefusedCharacters('a\nb', { multiline: true })).toBe(false);
    expect(hasRefusedCharacters('a\u200fb')).toBe(false);
    expect(hasRefusedCharacters('a\u200fb', { directionMarks: false })).toBe(true);
    expect(hasRefusedCharacters('a\u200cb', { directionMarks: false })).toBe(false);
  });

  it('tell a text that shows nothing', () => {
    expect(isInvisibleText('\u200b \u2060')).toBe(true);
    expect(isInvisibleText('\u200ba')).toBe(false);
  });
});
