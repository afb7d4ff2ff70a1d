// A virtual module whose code is made when the site is built, by running the app's own
// TypeScript on the simulated server: the runs and answers a page shows for fixed inputs, so
// the chunk that shows them carries them as data and never loads the simulator. The
// simulator's modules import the build's other virtual modules (BullMQ's scripts, the
// listings) and `?raw` Lua, so they are run through Vite's own module runner, with those
// plugins.
import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { bullmqPlugin } from './vite-plugin-bullmq.ts';
import { listingsPlugin } from './vite-plugin-listings.ts';

/** What a build-time module is: its name, the module that makes it, and the code it becomes. */
export interface BuildTimeModule<M> {
  /** the plugin's name */
  name: string;
  /** the id it is imported by, `virtual:…` */
  id: string;
  /** the app's module (from the root) whose exports make it */
  entry: string;
  /** the module's code, from the entry's exports */
  code: (entry: M) => string;
}

/** The Vite plugin that serves `id`, made once per build by running `entry`. */
export function buildTimeModulePlugin<M>({ name, id, entry, code }: BuildTimeModule<M>): Plugin {
  const resolved = `\0${id}`;
  let root = process.cwd();
  let pending: Promise<{ code: string; files: string[] }> | undefined;
  const made = () =>
    (pending ??= runnerImport<M>(resolve(root, entry), {
      configFile: false,
      root,
      logLevel: 'error',
      plugins: [listingsPlugin(), bullmqPlugin()],
    }).then(({ module, dependencies }) => ({
      code: code(module),
      // the files it read (the virtual modules among them are the other plugins', not files)
      files: dependencies.filter((f) => !f.includes('\0') && !f.startsWith('virtual:')),
    })));
  return {
    name,
    configResolved(config) {
      root = config.root;
    },
    resolveId(source) {
      return source === id ? resolved : undefined;
    },
    async load(loaded) {
      if (loaded !== resolved) return undefined;
      const module = await made();
      // a change to the simulator, a scenario or the entry's inputs makes the module again
      for (const f of module.files) this.addWatchFile(resolve(root, f));
      return module.code;
    },
  };
}
