import { defineConfig } from 'vitest/config';

// Each workspace has its own vitest.config.ts. With TEST_DATABASE_URL set, the server's suites run a
// second time against that PostgreSQL server.
const serverOnPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/server/vitest.config.ts',
        root: './apps/server',
        test: { name: 'server-pg', env: { TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    // Two files at a time keep the 2 cores busy without thrashing (each API file has its own database copy).
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/ocr',
      'bench/ocr',
      'apps/server',
      'apps/web',
      ...serverOnPostgres,
    ],
  },
});
