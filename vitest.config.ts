import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts; this file only lists them.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/ocr', 'apps/server', 'apps/web'],
  },
});
