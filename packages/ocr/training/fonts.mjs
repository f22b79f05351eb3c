// The font faces the Arabic model is trained on, in four stages (STAGES): the first on the faces of the
// packages scripts/install-system-packages.sh installs, the later ones on those and the text faces of Debian's
// other Arabic font packages (install-fonts.sh). None may belong to a family the generated corpus keeps for its validation
// split (bench/ocr/generate/split.ts), so that the validation figures measure fonts the model has never seen; a
// test of the corpus generator checks it.

/** Faces for Arabic runs in the first stage (Pango names: family, then weight or width). */
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

/**
 * Text faces of Debian's other Arabic font packages (fonts-arabeyes, fonts-farsiweb, fonts-freefarsi,
 * fonts-sil-harmattan, fonts-sil-lateef, fonts-hosny-thabit, fonts-noto-ui-core; KACST Pen). Display and
 * calligraphic faces are left out, and so are faces that draw Western digits as Arabic-Indic ones (KACST One,
 * Lemonada): a line's truth would not match its pixels.
 */
export const MORE_AR_FONTS = [
  'AlArabiya',
  'AlBattar',
  'AlManzomah',
  'AlYarmook',
  'Arab',
  'Cortoba',
  'Dimnah',
  'Furat',
  'Granada',
  'Hani',
  'Harmattan',
  'Harmattan Bold',
  'Homa',
  'Khalid',
  'Lateef',
  'Lateef Bold',
  'Metal',
  'Nada',
  'Nazli',
  'Nazli Bold',
  'Ostorah',
  'Ouhod',
  'Petra',
  'Rasheeq',
  'Rehan',
  'Salem',
  'Sharjah',
  'Sindbad',
  'Tarablus',
  'Titr',
  'FreeFarsi',
  'FreeFarsi Bold',
  'KacstPen',
  'Thabit',
  'Noto Sans Arabic UI',
  'Noto Naskh Arabic UI',
];

/** Faces of MORE_AR_FONTS that draw the Persian digits. */
export const MORE_PERSIAN_DIGIT_FONTS = [
  'FreeFarsi',
  'FreeFarsi Bold',
  'Harmattan',
  'Harmattan Bold',
  'Homa',
  'Lateef',
  'Lateef Bold',
  'Nazli',
  'Nazli Bold',
  'Thabit',
  'Titr',
  'Noto Sans Arabic UI',
  'Noto Naskh Arabic UI',
];

/**
 * The faces of each training stage, in the order build-model.sh trains them. The wider stages keep the first
 * stage's faces on about two lines in five; the last also draws Persian-digit numbers in the wider faces.
 */
const WIDE_AR_FONTS = [...AR_FONTS, ...AR_FONTS, ...MORE_AR_FONTS];
export const STAGES = {
  base: { ar: AR_FONTS, persian: PERSIAN_DIGIT_FONTS, latin: LATIN_FONTS },
  wide: { ar: WIDE_AR_FONTS, persian: PERSIAN_DIGIT_FONTS, latin: LATIN_FONTS },
  'wide-persian': {
    ar: WIDE_AR_FONTS,
    persian: [...PERSIAN_DIGIT_FONTS, ...MORE_PERSIAN_DIGIT_FONTS],
    latin: LATIN_FONTS,
  },
  // The third stage's faces again, with references that mix Latin capitals and digits.
  'wide-references': {
    ar: WIDE_AR_FONTS,
    persian: [...PERSIAN_DIGIT_FONTS, ...MORE_PERSIAN_DIGIT_FONTS],
    latin: LATIN_FONTS,
    references: true,
  },
};

/** Every family any stage draws in: all must be installed, and none may be a validation font. */
export const trainedFamilies = () => [
  ...new Set(Object.values(STAGES).flatMap((s) => [...s.ar, ...s.persian, ...s.latin].map(familyOf))),
];
