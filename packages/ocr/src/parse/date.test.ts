import { describe, expect, it } from 'vitest';
import { parseDate } from './date.js';

describe('parseDate', () => {
  it.each([
    ['2025-03-14', '2025-03-14'],
    ['2025/03/14', '2025-03-14'],
    ['14/03/2025', '2025-03-14'],
    ['14-03-2025', '2025-03-14'],
    ['14.03.2025', '2025-03-14'],
    ['5/3/2018', '2018-03-05'],
    ['07-06-16', '2016-06-07'],
    ['03/14/2025', '2025-03-14'],
    ['20180428', '2018-04-28'],
  ])('reads numeric %s', (s, want) => expect(parseDate(s)).toBe(want));

  it('reads ambiguous numeric dates day first, or month first when asked', () => {
    expect(parseDate('04/05/2025')).toBe('2025-05-04');
    expect(parseDate('04/05/2025', { monthFirst: true })).toBe('2025-04-05');
  });

  it.each([
    ['March 14, 2025', '2025-03-14'],
    ['14 March 2025', '2025-03-14'],
    ['Mar 14 2025', '2025-03-14'],
    ['14-Mar-2025', '2025-03-14'],
    ['16 JUN 2018', '2018-06-16'],
    ['Sept. 3, 2024', '2024-09-03'],
    ['2nd June 2024', '2024-06-02'],
  ])('reads English month names %s', (s, want) => expect(parseDate(s)).toBe(want));

  it.each([
    ['١٤ مارس ٢٠٢٥', '2025-03-14'],
    ['١٤/٠٣/٢٠٢٥', '2025-03-14'],
    ['٢٨ ديسمبر ٢٠٢٥', '2025-12-28'],
    ['3 إبريل 2024', '2024-04-03'],
    ['3 أبريل 2024', '2024-04-03'],
    ['9 يونية 2024', '2024-06-09'],
    ['1 يوليه 2024', '2024-07-01'],
    ['12 أغسطس 2024', '2024-08-12'],
    ['5 كانون الثاني 2025', '2025-01-05'],
    ['20 كانون الأول 2025', '2025-12-20'],
    ['7 تشرين الأول 2024', '2024-10-07'],
    ['1 شباط 2025', '2025-02-01'],
    ['15 آذار 2025', '2025-03-15'],
    ['2 نيسان 2025', '2025-04-02'],
    ['30 حزيران 2025', '2025-06-30'],
    ['10 آب 2025', '2025-08-10'],
    ['۱۴ مارس ۲۰۲۵', '2025-03-14'],
    ['٢٠٢٥ مارس ١٤', '2025-03-14'],
  ])('reads Arabic month names and digits %s', (s, want) => expect(parseDate(s)).toBe(want));

  it.each(['31/02/2025', '2025-13-01', 'no date here', '123456', '45/45/2025', '20181345', '2025011305'])(
    'refuses %s',
    (s) => expect(parseDate(s)).toBeNull(),
  );
  it('reads Arabic month names whose letters lost or gained their dots', () => {
    expect(parseDate('31 بولبو 2025')).toBe('2025-07-31');
    expect(parseDate('٣ سيتمير ٢٠٢٤')).toBe('2024-09-03');
    expect(parseDate('14 أغسطس 2025')).toBe('2025-08-14');
    // Words of another skeleton are no month.
    expect(parseDate('31 بولص 2025')).toBeNull();
  });
  it('reads an Arabic month name one letter off between the day and the year, where it names one month', () => {
    expect(parseDate('19 مايوه 2024')).toBe('2024-05-19');
    expect(parseDate('2024 نوفمر 3')).toBe('2024-11-03');
    // One letter from يونيو and from يوليو: no month; a word far from every month, or without a year: none.
    expect(parseDate('5 يوكيو 2024')).toBeNull();
    expect(parseDate('12 شارع 2024')).toBeNull();
    expect(parseDate('19 مايوه')).toBeNull();
  });
  it("does not take words of a short month's skeleton for the month", () => {
    // تمور (dates, the fruit) has the skeleton of تموز; short names are matched as written only.
    expect(parseDate('10 تمور 25')).toBeNull();
    expect(parseDate('10 تموز 2025')).toBe('2025-07-10');
  });
});
