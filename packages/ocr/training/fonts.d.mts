export declare const AR_FONTS: string[];
export declare const LATIN_FONTS: string[];
export declare const PERSIAN_DIGIT_FONTS: string[];
export declare const MORE_AR_FONTS: string[];
export declare const MORE_PERSIAN_DIGIT_FONTS: string[];
export declare const STAGES: Record<
  'base' | 'wide' | 'wide-persian',
  { ar: string[]; persian: string[]; latin: string[] }
>;
export declare const familyOf: (face: string) => string;
export declare const trainedFamilies: () => string[];
