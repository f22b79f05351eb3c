import { errorCodes, ocrStages, validationMessages } from '@invoicing/contract';
import { describe, expect, it } from 'vitest';

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function byLanguage(language: string): Map<string, Record<string, unknown>> {
  const map = new Map<string, Record<string, unknown>>();
  for (const [path, catalogue] of Object.entries(catalogues)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) map.set(match[2], catalogue);
  }
  return map;
}

describe('catalogues', () => {
  const en = byLanguage('en');
  const ar = byLanguage('ar');

  it('have the same namespaces in English and Arabic', () => {
    expect(en.size).toBeGreaterThan(0);
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it.each([...en.keys()])('namespace %s has the same keys in English and Arabic', (namespace) => {
    const enKeys = keysOf(en.get(namespace)).sort();
    const arKeys = keysOf(ar.get(namespace)).sort();
    expect(arKeys).toEqual(enKeys);
  });

  it('have no empty strings', () => {
    for (const [language, map] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      for (const [namespace, catalogue] of map) {
        const empty = keysOf(catalogue).filter((key) => {
          const value = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it('name every stage of an OCR run in both languages', () => {
    for (const map of [en, ar]) {
      const stages = (map.get('ocr') as { stages: Record<string, string> }).stages;
      for (const stage of ocrStages) expect(stages[stage], stage).toBeTruthy();
    }
  });

  it('translate every error code and validation message of the contract', () => {
    const errors = en.get('errors') as { codes: Record<string, string>; validation: Record<string, string> };
    for (const code of errorCodes) expect(errors.codes[code], code).toBeTruthy();
    for (const [key, text] of Object.entries(validationMessages)) {
      // The English catalogue repeats the contract's text exactly: the spec's messages are a contract.
      expect(errors.validation[key], key).toBe(text);
    }
  });
});
