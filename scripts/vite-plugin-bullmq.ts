// Serves BullMQ's lock-extension scripts, read from the installed package when the site is
// built (scripts/bullmq-scripts.ts), as `virtual:bullmq-scripts`: the version, the licence and
// each script's text and SHA, for the simulator runs that step them.
import type { Plugin } from 'vite';
import { bullmqDir, readBullmq } from './bullmq-scripts.ts';

const ID = 'virtual:bullmq-scripts';
const RESOLVED = '\0virtual:bullmq-scripts';

/** The Vite plugin that reads BullMQ's scripts from node_modules/bullmq at build time. */
export function bullmqPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'lesson-bullmq-scripts',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const pkg = readBullmq(root);
      for (const s of Object.values(pkg.scripts)) this.addWatchFile(`${bullmqDir(root)}/${s.file}`);
      return `export const bullmq = ${JSON.stringify(pkg)};\n`;
    },
  };
}
