import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, convertDigits, formatDate, formatNumber, westernDigits } from './format.js';
import { LABELS } from './data.js';
import { buildInvoice } from './html.js';
import { truthFields } from './render.js';
import { drawInvoice } from './spec.js';
import type { InvoiceSpec, Language } from './spec.js';
import { FONTS, VALIDATION_ONLY_VALUES, familiesOf, familySplit, wordingsOf } from './split.js';
import type { Layout, Split } from './split.js';
import { trainedFamilies } from '../../../packages/ocr/training/fonts.mjs';

const LANGS: Language[] = ['en', 'ar', 'bi'];
const draw = (split: Split, seed: number, n: number): InvoiceSpec[] =>
  Array.from({ length: n }, (_, i) =>
    drawInvoice({ split, seed, index: i, language: LANGS[i % 3] as Language }),
  );

describe('corpus generator', () => {
  it('draws the same documents from the same seed, and others from another seed', () => {
    expect(draw('dev', 7, 20)).toEqual(draw('dev', 7, 20));
    const other = draw('dev', 8, 20);
    expect(other.map((s) => s.invoiceNumber)).not.toEqual(draw('dev', 7, 20).map((s) => s.invoiceNumber));
    expect(buildInvoice(draw('validation', 3, 1)[0] as InvoiceSpec).html).toBe(
      buildInvoice(draw('validation', 3, 1)[0] as InvoiceSpec).html,
    );
  });

  it('never gives the development split a validation font, layout family or wording', () => {
    const vFonts = new Set([...FONTS.validation.latin, ...FONTS.validation.arabic]);
    for (const f of [...FONTS.dev.latin, ...FONTS.dev.arabic]) expect(vFonts.has(f)).toBe(false);
    const vFamilies = new Set(familiesOf('validation').map((l) => JSON.stringify(l)));
    expect(vFamilies.size).toBeGreaterThan(50);
    expect(familiesOf('dev').some((l) => vFamilies.has(JSON.stringify(l)))).toBe(false);
    for (const s of draw('dev', 11, 600)) {
      expect(vFonts.has(s.fonts.latin) || vFonts.has(s.fonts.arabic)).toBe(false);
      expect(familySplit(s.layout)).toBe('dev');
      for (const [k, vals] of Object.entries(VALIDATION_ONLY_VALUES)) {
        expect(vals).not.toContain(s.layout[k as keyof Layout]);
      }
      for (const [k, [en, ar]] of Object.entries(s.labels)) {
        const list = LABELS[k] as { en: string[]; ar: string[] };
        expect(wordingsOf(list.en, 'dev')).toContain(en);
        expect(wordingsOf(list.ar, 'dev')).toContain(ar);
      }
    }
    for (const s of draw('validation', 11, 200)) {
      expect(vFonts.has(s.fonts.latin) && vFonts.has(s.fonts.arabic)).toBe(true);
      expect(familySplit(s.layout)).toBe('validation');
    }
  });

  it('trains the Arabic model on no font family the validation split keeps to itself', () => {
    const vFonts = new Set([...FONTS.validation.latin, ...FONTS.validation.arabic]);
    const trained = trainedFamilies();
    expect(trained).toContain('Noto Naskh Arabic');
    expect(trained).toContain('Harmattan');
    for (const family of trained) expect(vFonts.has(family)).toBe(false);
  });

  it('prints each currency with its decimals, and the truth adds up exactly', () => {
    expect(Object.values(CURRENCIES).map((c) => [c.code, c.decimals])).toEqual([
      ['EGP', 2],
      ['SAR', 2],
      ['AED', 2],
      ['QAR', 2],
      ['KWD', 3],
      ['BHD', 3],
      ['OMR', 3],
    ]);
    expect(formatNumber(1234.5, 3, 'comma_dot', 'western')).toBe('1,234.500');
    expect(formatNumber(1234.5, 2, 'ar_sep', 'arabic-indic')).toBe('١٬٢٣٤٫٥٠');
    expect(formatNumber(2.5, null, 'plain', 'persian')).toBe('۲.۵');
    for (const s of draw('dev', 5, 150)) {
      const f = truthFields(s) as {
        subtotal: number;
        tax: number;
        total: number;
        line_items: { line_total: number }[];
      };
      const minor = 10 ** s.currency.decimals;
      const sum = f.line_items.reduce((a, l) => a + Math.round(l.line_total * minor), 0);
      expect(Math.round(f.subtotal * minor)).toBe(sum);
      expect(Math.round(f.total * minor)).toBe(Math.round(f.subtotal * minor) + Math.round(f.tax * minor));
      const r = buildInvoice(s).rendered;
      const decimals = r.total.split(/[.٫]/)[1] ?? '';
      expect(decimals.length).toBe(s.currency.decimals);
    }
  });

  it('converts digits both ways, and what is printed reads back to the truth', () => {
    expect(convertDigits('2025-03-14', 'arabic-indic')).toBe('٢٠٢٥-٠٣-١٤');
    expect(convertDigits('2025', 'persian')).toBe('۲۰۲۵');
    expect(westernDigits('٢٠٢٥ ۲۰۲۵')).toBe('2025 2025');
    expect(formatDate('2025-01-09', 'long_ar_levant', 'arabic-indic')).toBe('٩ كانون الثاني ٢٠٢٥');
    expect(formatDate('2025-01-09', 'long_ar_eg', 'western')).toBe('9 يناير 2025');
    const amount = (x: string): number =>
      Number(
        westernDigits(x)
          .replace(/[,٬\u00a0]/g, '')
          .replace('٫', '.'),
      );
    for (const s of [...draw('dev', 9, 120), ...draw('validation', 9, 120)]) {
      const r = buildInvoice(s).rendered;
      const f = truthFields(s) as { invoice_number: string; total: number; subtotal: number; tax: number };
      expect(westernDigits(r.invoice_number)).toBe(f.invoice_number);
      expect(amount(r.total)).toBeCloseTo(f.total, 6);
      expect(amount(r.subtotal)).toBeCloseTo(f.subtotal, 6);
      expect(amount(r.tax)).toBeCloseTo(f.tax, 6);
      if (s.digits !== 'western') expect(/[0-9]/.test(r.total)).toBe(false);
    }
  });

  it('uses none of the shared samples’ names or items', () => {
    const dir = resolve(import.meta.dirname, '../../../../shared/samples/invoices');
    if (!existsSync(dir)) return;
    const taken = new Set<string>();
    for (const f of readdirSync(dir).filter((x) => /^dev-\d+\.json$/.test(x))) {
      const t = JSON.parse(readFileSync(resolve(dir, f), 'utf8')) as { fields: Record<string, unknown> };
      const fl = t.fields as { line_items: { description: string; description_ar?: string }[] } & Record<
        string,
        string
      >;
      for (const k of ['vendor_name', 'customer_name', 'vendor_name_ar', 'customer_name_ar'])
        if (fl[k]) taken.add(fl[k]);
      for (const l of fl.line_items) for (const d of [l.description, l.description_ar]) if (d) taken.add(d);
    }
    for (const s of draw('dev', 13, 300)) {
      for (const v of [...s.vendor.name, ...s.customer.name, ...s.items.flatMap((i) => i.description)]) {
        expect(taken.has(v)).toBe(false);
      }
    }
  });
});
