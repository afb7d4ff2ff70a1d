import { defineConfig } from 'vitest/config';

// The package's own suite, run from the package (`npm test -w @batch-lease/echomq`); the root's
// `unit` project runs the same files as part of `npm test`.
export default defineConfig({
  test: {
    name: 'echomq',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
