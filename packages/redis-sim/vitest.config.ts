import { defineConfig } from 'vitest/config';

// The package's own suites, run from the package (`npm test -w @batch-lease/redis-sim`): `unit`
// (node) and `differential` (against a real redis-server 7.0 and one whose clock is frozen,
// started once by the global setup). The root's `unit` and `differential` projects run the
// same files as part of `npm test`.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'redis-sim:unit', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'redis-sim:differential',
          include: ['test/differential/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/differential/global-setup.ts'],
        },
      },
    ],
  },
});
