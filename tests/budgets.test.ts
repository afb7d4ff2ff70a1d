import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, hasHighlighterCode, measureSizes } from '../bench/lib/sizes.mjs';
import { FATE_RUN_ID } from '../src/fates/compute.ts';

// Byte counts of the built site are deterministic, so the budgets of issue 6 are
// asserted here; timings are only reported by `npm run bench`.
const dist = resolve(__dirname, '../dist');

describe('size budgets of the built lesson', () => {
  if (!existsSync(resolve(dist, 'index.html'))) {
    it('needs a build', () => {
      throw new Error('dist/index.html is missing: run `npm run build` first (npm test does)');
    });
    return;
  }
  const sizes = measureSizes(dist);

  it('loads at most 110 KB gzip of JS before it is interactive', () => {
    expect(sizes.jsBeforeInteractive.files.length).toBeGreaterThan(0);
    expect(sizes.jsBeforeInteractive.gzip).toBeLessThanOrEqual(BUDGETS.jsBeforeInteractiveGzip);
  });

  // Each script is a request on a phone's slow link. Four is what the page needs (its entry, the
  // preload helper, the islands' hydration and React); a lazy chunk importing a CommonJS package
  // of its own once split the bundler's runtime and the JSX runtime out into two more.
  it('fetches at most four scripts before it is interactive', () => {
    expect(sizes.jsBeforeInteractive.files.length).toBeLessThanOrEqual(4);
  });

  // a file's name is what a reader of the network panel or the budget report goes by
  it('names the first-load chunk that carries React react-*.js', () => {
    expect(
      sizes.jsBeforeInteractive.files.filter((f) => /\/react-[\w-]+\.js$/.test(f)),
    ).toHaveLength(1);
  });

  it("counts the islands' hydration, which the entry fetches once the page has painted", () => {
    // not named by the HTML, so a measure that read only the HTML would leave React out
    expect(
      sizes.jsBeforeInteractive.files.some((f) => /\/hydrate-islands-[\w-]+\.js$/.test(f)),
    ).toBe(true);
  });

  it('ships at most 15 KB gzip of CSS', () => {
    expect(sizes.css.gzip).toBeLessThanOrEqual(BUDGETS.cssGzip);
  });

  it('keeps the lesson HTML at most 60 KB gzip', () => {
    expect(sizes.html.gzip).toBeLessThanOrEqual(BUDGETS.htmlGzip);
  });

  it('sends no highlighter code to the browser', () => {
    expect(sizes.highlighter.files).toEqual([]);
  });
});

// Texts only the simulated server carries (its error replies and the Lua engine's
// words). The page must load the simulator lazily, so none may be in the JS it loads
// before it is interactive, and each must be in a lazy chunk, or this check could not fail.
const SIMULATOR_MARKERS = [
  'WRONGTYPE Operation against a key',
  "wrong number of arguments for '",
  'ERR {verb} wrong number of arguments',
  // the Lua engine's own wording (its read-only globals), so the engine is held to the lazy chunk too
  'Script attempted to access nonexistent global variable',
];

describe('the simulator in the built lesson', () => {
  if (!existsSync(resolve(dist, 'index.html'))) return;
  const { files } = measureSizes(dist).jsBeforeInteractive;
  const text = (p: string) => readFileSync(p, 'utf8');
  const eager = files.map((href) => join(dist, href.replace(/^\//, '')));
  const assets = join(dist, 'assets');
  const lazy = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => join(assets, f))
    .filter((p) => !eager.includes(p));

  it.each(SIMULATOR_MARKERS)('keeps %j out of the JS loaded before interactive', (marker) => {
    expect(eager.filter((p) => text(p).includes(marker))).toEqual([]);
  });

  it.each(SIMULATOR_MARKERS)('ships %j in a lazy chunk instead', (marker) => {
    expect(lazy.filter((p) => text(p).includes(marker)).length).toBeGreaterThan(0);
  });

  // The BullMQ stepper steps runs the build made (virtual:bullmq-runs): its chunk, and every
  // chunk it imports, carries neither the server's code nor the Lua engine's (the first two
  // markers are error texts the light client entry shares, so they are left out here).
  const manifest = JSON.parse(text(join(dist, '.vite/manifest.json'))) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  /** The files a source module's chunk loads with it: its own and every static import's. */
  const loadedWith = (source: string): string[] => {
    const seen = new Set<string>();
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      for (const i of chunk.imports ?? []) walk(i);
    };
    walk(source);
    return [...seen].map((f) => join(dist, f));
  };
  it('loads no simulator with the BullMQ stepper', () => {
    const files = loadedWith('src/components/bullmq/BullmqRunView.tsx');
    expect(files.length).toBeGreaterThan(0);
    for (const marker of SIMULATOR_MARKERS.slice(2)) {
      expect(files.filter((p) => text(p).includes(marker))).toEqual([]);
    }
  });

  // The console sends each line to the simulator's worker and shows the answer: its chunk (the
  // lesson's and the embeds'), and every chunk it imports, carries no server. The page loads the
  // server's own chunk (src/console/page-port.ts) only where no worker starts.
  it.each([
    'src/components/console/StepperConsole.tsx',
    'src/components/console/EmbeddedConsole.tsx',
  ])('loads no simulator with the console (%s)', (source) => {
    const files = loadedWith(source);
    expect(files.length).toBeGreaterThan(0);
    for (const marker of SIMULATOR_MARKERS.slice(2)) {
      expect(files.filter((p) => text(p).includes(marker))).toEqual([]);
    }
  });
});

// The custom elements' module (embed/batch-lease.js) is a library build, with no manifest: a
// chunk's imports are read from its code, which that build leaves unminified.
describe('the simulator in the custom elements’ module', () => {
  const element = join(dist, 'embed/batch-lease.js');
  if (!existsSync(element)) return;
  const text = (p: string) => readFileSync(p, 'utf8');
  const imports = (file: string, pattern: RegExp) =>
    [...text(file).matchAll(pattern)].map((m) => resolve(dirname(file), m[1]!));
  /** The files `file` imports statically (`from "./x.js"`, `import "./x.js"`). */
  const staticImports = (file: string) =>
    imports(file, /(?:\bfrom|^import)\s*["'](\.{1,2}\/[^"']+\.js)["']/gm);
  /** The chunks `file` loads on demand (`import("./chunks/x.js")`). */
  const dynamicImports = (file: string) =>
    imports(file, /\bimport\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g);
  /** `file` and every file its static imports load with it. */
  const loadedWith = (file: string): string[] => {
    const seen = new Set<string>();
    const walk = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of staticImports(f)) walk(i);
    };
    walk(file);
    return [...seen];
  };
  const markers = SIMULATOR_MARKERS.slice(2);
  const carrying = (files: string[]) =>
    files.filter((f) => markers.some((marker) => text(f).includes(marker)));

  it('loads no simulator with the module itself', () => {
    expect(carrying(loadedWith(element))).toEqual([]);
  });

  // The fate picker's answers are made by the build (virtual:fate-answers): the chunk the element
  // loads for them (every answer names the fate servers' run id) carries them as data.
  it('loads no simulator with the fate picker’s answers', () => {
    const fates = dynamicImports(element).filter((chunk) =>
      loadedWith(chunk).some((f) => text(f).includes(FATE_RUN_ID)),
    );
    expect(fates.length).toBeGreaterThan(0);
    for (const chunk of fates) expect(carrying(loadedWith(chunk))).toEqual([]);
  });
});

describe('the highlighter detector', () => {
  // A detector that never fires would make the budget above meaningless.
  const sample = (rel: string) => readFileSync(resolve(__dirname, '../node_modules', rel), 'utf8');

  it('recognises Shiki, Oniguruma and a TextMate grammar', () => {
    expect(hasHighlighterCode(sample('@shikijs/core/dist/index.mjs'))).toBe(true);
    expect(hasHighlighterCode(sample('@shikijs/engine-oniguruma/dist/index.mjs'))).toBe(true);
    expect(hasHighlighterCode(sample('@shikijs/langs/dist/lua.mjs'))).toBe(true);
  });

  it('does not flag React', () => {
    expect(hasHighlighterCode(sample('react-dom/cjs/react-dom-client.production.js'))).toBe(false);
  });
});

// V8 compiles a script whose first line is its compile hint as it streams it, off the page's
// thread (scripts/vite-plugin-compile-hints.ts); without it, hydrating the islands compiled each
// function on the page's thread as it was first called. Only what the lesson runs as it loads
// carries it: a lazy chunk's functions are mostly never called, and would be compiled for nothing.
describe('compile hints in the built lesson', () => {
  if (!existsSync(resolve(dist, 'index.html'))) return;
  const assets = join(dist, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const first = (pattern: RegExp) => {
    const found = files.filter((f) => pattern.test(f));
    expect(found, String(pattern)).toHaveLength(1);
    return readFileSync(join(assets, found[0]!), 'utf8').split('\n', 1)[0];
  };

  it('are on the entry, React, the hydration and every island', () => {
    for (const chunk of [
      /^index-/,
      /^react-/,
      /^hydrate-islands-/,
      /^page-stepper-/,
      /^page-fate-picker-/,
      /^page-bullmq-/,
    ])
      expect(first(chunk), String(chunk)).toBe('//# allFunctionsCalledOnLoad');
  });

  it('are not on the simulator, which a page loads only where no worker can run it', () => {
    expect(first(/^trace-source-/)).not.toContain('allFunctionsCalledOnLoad');
  });
});
