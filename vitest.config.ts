import { defineConfig } from 'vitest/config';
import { bullmqPlugin } from './scripts/vite-plugin-bullmq.ts';
import { bullmqRunsPlugin } from './scripts/vite-plugin-bullmq-runs.ts';
import { fateAnswersPlugin } from './scripts/vite-plugin-fate-answers.ts';
import { listingsPlugin } from './scripts/vite-plugin-listings.ts';

/**
 * Test files that render in jsdom with testing-library, and the two .ts files beside them that
 * read the DOM (the session store, the page's line marker). The other .ts tests there are plain
 * logic (the stage's title, afterFirstPaint with its frame stubbed) and run in `unit`, without
 * a jsdom and a module graph of their own each.
 */
const COMPONENT = [
  'src/components/**/*.test.tsx',
  'src/page/**/*.test.tsx',
  'src/components/stepper/session-store.test.ts',
  'src/page/page-line-marker.test.ts',
  // jsdom files outside those folders: in `unit` each one ended its worker's node graph (vitest
  // shares a worker only between files of one environment), so the node files after it
  // imported the simulator again
  'src/embed/EmbedApp.test.tsx',
  'src/lms/progress.test.tsx',
];
/** Test files that compare the simulator with a real redis-server: the package's and the app's. */
const DIFFERENTIAL = [
  'packages/redis-sim/test/differential/**/*.test.ts',
  'tests/differential/**/*.test.ts',
];

// Three projects, so a unit or component test never waits for a redis-server: `unit` (node:
// the app's logic, the packages' own unit suites, the build checks), `component` (jsdom,
// testing-library) and `differential` (the only one with the global setup, which builds the
// gcc clock shim and starts the redis-servers once for the whole run). `npx vitest run
// --project unit` runs one of them.
export default defineConfig({
  // the components read their listings' build-time tokens, the runs BullMQ's scripts and the
  // fate picker's answers, from the plugins' virtual modules
  plugins: [listingsPlugin(), bullmqPlugin(), bullmqRunsPlugin(), fateAnswersPlugin()],
  test: {
    // Two files at a time, one a core. Vitest's default on a 2-core machine is one (cores - 1),
    // which left a core idle while each file started up (transform and import of the simulator
    // and React in its own module graph: about 40% of the run's wall time on a quiet machine).
    // The differential files can share the run's two redis-servers: each file that writes to
    // them has a database of its own, and a file that flushes a server, loads users or scripts,
    // or sets its config starts a server of its own (packages/redis-sim/test/differential).
    maxWorkers: 2,
    // Ceilings for work that must end, never measurements: a file doing seven seconds of work
    // on a quiet machine took over thirty at a load average of twenty, beside its twin worker.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // one module graph per worker, not per file: these files render nothing, stub no
          // module, and restore what they stub or fake; they passed run in three shuffled file
          // orders. Importing the simulator once per worker, not in each of 107 files, halves
          // the project's CPU time.
          isolate: false,
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/*.test.{ts,tsx}',
            'packages/*/src/**/*.test.ts',
          ],
          exclude: COMPONENT,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'jsdom',
          isolate: false,
          include: COMPONENT,
          // testing-library's waits, raised once for every component test (see the file)
          setupFiles: ['tests/component-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'differential',
          environment: 'node',
          include: DIFFERENTIAL,
          // one module graph per worker too: each file holds its connections and servers in its
          // own variables, the harness modules keep no state, the one file that fakes timers
          // restores them; it passed in three file orders
          isolate: false,
          globalSetup: ['packages/redis-sim/test/differential/global-setup.ts'],
        },
      },
    ],
  },
});
