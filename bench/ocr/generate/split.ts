// The partition that keeps the validation set unseen: fonts, layout families and some label wordings belong to
// validation only and are never drawn for the development split.
import { fnv1a } from './rng.js';

export type Split = 'dev' | 'validation';

/** Latin and Arabic fonts by split. Every name is a family that Debian's font packages install. */
export const FONTS: Record<Split, { latin: string[]; arabic: string[] }> = {
  dev: {
    latin: ['Noto Sans', 'DejaVu Sans', 'Liberation Sans', 'Noto Serif', 'DejaVu Sans Mono'],
    arabic: ['Noto Naskh Arabic', 'Noto Sans Arabic', 'Amiri', 'KacstBook', 'KacstNaskh', 'KacstScreen'],
  },
  validation: {
    latin: [
      'Liberation Serif',
      'DejaVu Serif',
      'Noto Sans Display',
      'Liberation Sans Narrow',
      'Liberation Mono',
    ],
    arabic: ['Scheherazade', 'Noto Kufi Arabic', 'KacstOffice', 'KacstFarsi', 'KacstLetter'],
  },
};

/** The factors of a layout; a family is one combination of them. */
export const LAYOUT_FACTORS = {
  header: ['start', 'center', 'band', 'split', 'logo'],
  parties: ['side_vc', 'side_cv', 'stack_vc', 'stack_cv', 'vendor_in_header'],
  meta: ['colon', 'stacked', 'grid', 'bare'],
  metaPos: ['header', 'before_parties', 'after_parties'],
  table: ['grid', 'hrules', 'none', 'zebra', 'header_band'],
  totals: ['end', 'start', 'full', 'boxed'],
} as const;

export type Layout = { [K in keyof typeof LAYOUT_FACTORS]: (typeof LAYOUT_FACTORS)[K][number] };

/** Factor values that only validation documents use: designs the development set never shows. */
export const VALIDATION_ONLY_VALUES: Partial<Record<keyof Layout, string[]>> = {
  header: ['split'],
  table: ['header_band'],
  meta: ['grid'],
};

export function familyKey(l: Layout): string {
  return `${l.header}|${l.parties}|${l.meta}|${l.metaPos}|${l.table}|${l.totals}`;
}

/** A short stable id of a layout family. */
export function familyId(l: Layout): string {
  return 'F' + fnv1a(familyKey(l)).toString(16).padStart(8, '0');
}

/**
 * Validation owns every family with a validation-only factor value, plus one in five of the others (by the
 * hash of the family), so validation also holds unseen combinations of seen parts.
 */
export function familySplit(l: Layout): Split {
  for (const [k, vals] of Object.entries(VALIDATION_ONLY_VALUES) as [keyof Layout, string[]][]) {
    if (vals.includes(l[k])) return 'validation';
  }
  return fnv1a(familyKey(l)) % 5 === 0 ? 'validation' : 'dev';
}

function allLayouts(): Layout[] {
  let out: Partial<Layout>[] = [{}];
  for (const [k, vals] of Object.entries(LAYOUT_FACTORS) as [keyof Layout, readonly string[]][]) {
    out = out.flatMap((l) => vals.map((v) => ({ ...l, [k]: v })));
  }
  return out as Layout[];
}

let cache: Record<Split, Layout[]> | undefined;
/** Every layout family of a split, in a fixed order. */
export function familiesOf(split: Split): Layout[] {
  if (!cache) {
    const all = allLayouts();
    cache = {
      dev: all.filter((l) => familySplit(l) === 'dev'),
      validation: all.filter((l) => familySplit(l) === 'validation'),
    };
  }
  return cache[split];
}

/** Label wordings at positions 3, 7, ... of each list are validation-only. */
export function wordingsOf<T>(list: readonly T[], split: Split): T[] {
  return split === 'validation' || list.length < 4 ? [...list] : list.filter((_, i) => i % 4 !== 3);
}
