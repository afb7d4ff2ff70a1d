// Serves BullMQ's lock-extension scripts, read from the installed package when the site is
// built (scripts/bullmq-scripts.ts), as `virtual:bullmq-scripts`: the version, the licence and
// each script's text and SHA, for the simulator runs that step them. A script that is not the
// one the lesson's words were checked against is still served (the build shows what is
// installed), with a warning that says what changed.
import type { Plugin } from 'vite';
import { describeChange } from './bullmq-change.ts';
import { PINNED_SCRIPTS, PINNED_VERSION } from './bullmq-pinned.ts';
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
      for (const s of Object.values(pkg.scripts)) {
        this.addWatchFile(`${bullmqDir(root)}/${s.file}`);
        const change = describeChange(
          s.name,
          PINNED_SCRIPTS[s.name],
          PINNED_VERSION,
          s.text,
          pkg.version,
        );
        if (change !== null) {
          this.warn(
            `${change}\nThe lesson shows it; its words were checked against ${PINNED_VERSION}'s (see tests/bullmq-scripts.test.ts).`,
          );
        }
      }
      return `export const bullmq = ${JSON.stringify(pkg)};\n`;
    },
  };
}
