import { localeFor } from './format';

export type DatePart = 'day' | 'month' | 'year';

/** How a date is written by hand in a page language: the order of its parts and what separates them. */
export interface DatePattern {
  order: DatePart[];
  separator: string;
}

/** The page language's numeric date: 01/15/2026 in English (en-US), 15/01/2026 in Arabic (ar-EG). */
export function datePattern(language: string): DatePattern {
  const parts = new Intl.DateTimeFormat(localeFor(language), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(2026, 0, 15));
  const order = parts.map((part) => part.type).filter((type): type is DatePart => type in partWidth);
  // Intl puts a right-to-left mark beside the Arabic separator; typed text has none.
  const separator = parts.find((part) => part.type === 'literal')?.value.replace(/[\u200e\u200f\u061c]/g, '');
  return { order, separator: separator || '/' };
}

const partWidth: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether a calendar day YYYY-MM-DD exists (no 31 February). */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An ISO day (YYYY-MM-DD) written the page language's way; anything else is shown as it is. */
export function writeDate(value: string, pattern: DatePattern): string {
  const match = ISO_DAY.exec(value);
  if (!match) return value;
  const parts: Record<DatePart, string> = { year: match[1]!, month: match[2]!, day: match[3]! };
  return pattern.order.map((part) => parts[part]).join(pattern.separator);
}

/**
 * What was typed, as an ISO day: the page language's order with any of / - . as separator, Arabic-Indic or
 * Persian digits too, or an ISO day itself; null when it is not a day of the calendar.
 */
export function readDate(text: string, pattern: DatePattern): string | null {
  const western = text
    .trim()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[\u200e\u200f\u061c]/g, '');
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO_DAY.exec(western);
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const pieces = western.split(/\s*[/.\-]\s*/);
    if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
    const value = (part: DatePart) => pieces[pattern.order.indexOf(part)] ?? '';
    if (value('year').length !== 4 || value('month').length > 2 || value('day').length > 2) return null;
    [year, month, day] = [Number(value('year')), Number(value('month')), Number(value('day'))];
  }
  if (!isCalendarDay(year, month, day)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
