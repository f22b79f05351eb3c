// The font faces the Arabic model is trained on. None may belong to a family the generated corpus keeps for its
// validation split (bench/ocr/generate/split.ts), so that the validation figures measure fonts the model has
// never seen; a test of the corpus generator checks it.

/** Faces for Arabic runs (Pango names: family, then weight or width). */
export const AR_FONTS = [
  'Noto Naskh Arabic',
  'Noto Naskh Arabic Bold',
  'Noto Sans Arabic',
  'Noto Sans Arabic Bold',
  'DejaVu Sans',
  'DejaVu Sans Bold',
  'DejaVu Sans Condensed',
  'Amiri',
  'Amiri Bold',
  'KacstBook',
  'KacstNaskh',
  'KacstScreen',
];

/** Faces of AR_FONTS that draw the Persian digits (۰-۹): the numbers of lines printed in them use one of these. */
export const PERSIAN_DIGIT_FONTS = [
  'Noto Naskh Arabic',
  'Noto Naskh Arabic Bold',
  'Noto Sans Arabic',
  'Noto Sans Arabic Bold',
  'DejaVu Sans',
  'DejaVu Sans Bold',
  'Amiri',
  'Amiri Bold',
];

/** Faces for number and Latin runs when they are not drawn in the Arabic run's face. */
export const LATIN_FONTS = [
  'DejaVu Sans',
  'DejaVu Sans Bold',
  'Noto Sans',
  'Noto Sans Bold',
  'Noto Serif',
  'Liberation Sans',
];

/** The family of a face: its name without the weight or width Pango reads after it. */
export const familyOf = (face) => face.replace(/( (Bold|Condensed|Italic))+$/, '');
