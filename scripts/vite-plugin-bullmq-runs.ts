// Serves the BullMQ part's runs as `virtual:bullmq-runs`: BullMQ's extendLocks on each of its
// fixed scenarios, and EchoMQ's script on the same held jobs, made at build time on the
// simulated server (src/stepper/runs/bullmq-prerender.ts) exactly as the browser would make
// them, so the BullMQ stepper's chunk carries its runs as data and never loads the simulator.
import type { Plugin } from 'vite';
import { buildTimeModulePlugin } from './vite-plugin-build-time.ts';

/** The Vite plugin that runs BullMQ's scenarios on the simulator when the site is built. */
export function bullmqRunsPlugin(): Plugin {
  return buildTimeModulePlugin<{ prerenderBullmqRuns: () => unknown }>({
    name: 'lesson-bullmq-runs',
    id: 'virtual:bullmq-runs',
    // the build's entry to the stepper, whose `prerenderBullmqRuns` makes the runs
    entry: 'src/stepper/prerender.ts',
    code: (m) => `export const runs = ${JSON.stringify(m.prerenderBullmqRuns())};\n`,
  });
}
