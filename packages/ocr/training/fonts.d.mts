export declare const AR_FONTS: string[];
export declare const LATIN_FONTS: string[];
export declare const PERSIAN_DIGIT_FONTS: string[];
export declare const familyOf: (face: string) => string;
