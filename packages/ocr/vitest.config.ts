import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'ocr',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Engine tests run the native OCR on real pages: seconds each on a shared two-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
