import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // The files of a worker share its modules and document: loading React, Mantine and a fresh jsdom for
    // each file cost more than most of its tests. The setup file leaves each test's world as it found it.
    isolate: false,
  },
});
