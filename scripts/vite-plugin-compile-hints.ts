// V8's explicit compile hint, `//# allFunctionsCalledOnLoad` as a script's first line, on the
// chunks the lesson runs as it loads: its entry, the islands' hydration and the islands with
// everything they import. V8 compiles a function when it is first called; without the hint,
// hydrating the islands compiled React's and the stepper's functions one by one on the page's
// thread, inside the tasks that called them (about 20–30 ms of a cold load's main thread at 1×,
// 4× that on Lighthouse's phone). With it, V8 compiles the whole script as it streams it, off the
// page's thread. Chunks fetched later on demand (the simulator, the editors, the course
// packages' runtimes) are left to compile lazily: most of their functions are never called.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The magic comment V8 reads at the top of a script (Chrome 136 and later). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The module whose chunk hydrates the islands, fetched by the lesson's entry once it has painted. */
const HYDRATION = /[\\/]src[\\/]page[\\/]hydrate-islands\.tsx$/;
/** The islands' own modules, fetched by the hydration (src/page/client-islands.ts). */
const ISLAND = /[\\/]src[\\/]page[\\/]page-[\w-]+\.tsx$/;

/**
 * The file names of the chunks the lesson runs as it loads: the `index` entry, the hydration
 * and each island, each with every chunk it imports statically.
 */
export function loadChunks(bundle: OutputBundle): Set<string> {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const out = new Set<string>();
  const add = (chunk: OutputChunk | undefined) => {
    if (!chunk || out.has(chunk.fileName)) return;
    out.add(chunk.fileName);
    for (const f of chunk.imports) add(byFile.get(f));
  };
  const dynamic = (chunk: OutputChunk, module: RegExp) =>
    chunk.dynamicImports
      .map((f) => byFile.get(f))
      .filter((c): c is OutputChunk => module.test(c?.facadeModuleId ?? ''));
  for (const entry of chunks.filter((c) => c.isEntry && c.name === 'index')) {
    add(entry);
    for (const hydration of dynamic(entry, HYDRATION)) {
      add(hydration);
      for (const island of dynamic(hydration, ISLAND)) add(island);
    }
  }
  return out;
}

/** Puts {@link COMPILE_HINT} at the top of each chunk {@link loadChunks} names (site builds). */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'lesson-compile-hints',
    apply: 'build',
    generateBundle: {
      // after Vite's own, which puts the table of a chunk's dynamic imports' dependencies at its
      // top: V8 reads the hint only before the script's code
      order: 'post',
      handler(_options, bundle) {
        for (const file of loadChunks(bundle)) {
          const chunk = bundle[file] as OutputChunk;
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
