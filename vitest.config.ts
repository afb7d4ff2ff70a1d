import { defineConfig } from 'vitest/config';
import { bullmqPlugin } from './scripts/vite-plugin-bullmq.ts';
import { listingsPlugin } from './scripts/vite-plugin-listings.ts';

// Unit and component tests run here; the differential suite gets its own
// redis-server from tests/differential/global-setup.ts.
export default defineConfig({
  // the components read their listings' build-time tokens, and the runs BullMQ's scripts,
  // from the plugins' virtual modules
  plugins: [listingsPlugin(), bullmqPlugin()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    globalSetup: ['tests/differential/global-setup.ts'],
    // testing-library's waits, raised once for every component test (see the file)
    setupFiles: ['tests/component-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
