// Serves the BullMQ part's runs as `virtual:bullmq-runs`: BullMQ's extendLocks on each of its
// fixed scenarios, and EchoMQ's script on the same held jobs, made at build time on the
// simulated server (src/stepper/runs/bullmq-prerender.ts) exactly as the browser would make
// them, so the BullMQ stepper's chunk carries its runs as data and never loads the simulator.
// The simulator's modules are TypeScript that imports the build's other virtual modules
// (BullMQ's scripts, the listings) and `?raw` Lua, so they are run through Vite's own module
// runner, with those plugins.
import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { bullmqPlugin } from './vite-plugin-bullmq.ts';
import { listingsPlugin } from './vite-plugin-listings.ts';

const ID = 'virtual:bullmq-runs';
const RESOLVED = '\0virtual:bullmq-runs';

/** The build's entry to the stepper, whose `prerenderBullmqRuns` makes the runs. */
const ENTRY = 'src/stepper/prerender.ts';

/** The Vite plugin that runs BullMQ's scenarios on the simulator when the site is built. */
export function bullmqRunsPlugin(): Plugin {
  let root = process.cwd();
  let pending: Promise<{ code: string; files: string[] }> | undefined;
  const made = () =>
    (pending ??= runnerImport<{ prerenderBullmqRuns: () => unknown }>(resolve(root, ENTRY), {
      configFile: false,
      root,
      logLevel: 'error',
      plugins: [listingsPlugin(), bullmqPlugin()],
    }).then(({ module, dependencies }) => ({
      code: `export const runs = ${JSON.stringify(module.prerenderBullmqRuns())};\n`,
      // the files it read (the virtual modules among them are the other plugins', not files)
      files: dependencies.filter((f) => !f.includes('\0') && !f.startsWith('virtual:')),
    })));
  return {
    name: 'lesson-bullmq-runs',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { code, files } = await made();
      // a change to the simulator, a scenario or BullMQ's scripts makes the runs again
      for (const f of files) this.addWatchFile(resolve(root, f));
      return code;
    },
  };
}
