// Bench modules built as the site's build bundles the simulator, then imported: one ES module,
// minified, for es2022, with `?raw` imports resolved by Vite as in the browser.
//
// Why not Vite's module runner (runnerImport): it turns every binding one module imports from
// another into a getter call with a try/catch around it (`__vite_ssr_import_3__.S.rt`), on
// every read. The engine crosses modules on every node it runs (S.rt, LuaTable, ops.*), so
// under the runner it ran about a quarter slower than the same code bundled, a cost the
// browser never pays; the engine's figures are meant to be the browser's.
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

/**
 * Builds `entry` (a path under `root`) into node_modules/.cache/bench-build and imports it. Its
 * packages (ioredis, fast-check) stay external, found from there in the project's node_modules.
 */
export async function importBuilt(root, entry) {
  const outDir = resolve(root, 'node_modules/.cache/bench-build');
  await build({
    root,
    // the site's plugins build pages; a bench module needs none of them
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      rolldownOptions: { output: { entryFileNames: '[name].mjs' } },
    },
  });
  return import(pathToFileURL(join(outDir, `${basename(entry, '.ts')}.mjs`)).href);
}
