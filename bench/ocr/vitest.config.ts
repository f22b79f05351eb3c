import { defineConfig } from 'vitest/config';

// The corpus generator's own tests: pure functions only (no browser), a few seconds.
export default defineConfig({
  root: import.meta.dirname,
  test: { name: 'bench-ocr', include: ['generate/**/*.test.ts'] },
});
