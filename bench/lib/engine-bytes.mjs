// The Lua engine's bytes, two ways: the built site's lazy chunk that carries it
// (what a learner downloads when the simulator loads), and the engine alone,
// bundled and minified from its entry module with everything it imports.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { compressed } from './sizes.mjs';

// Texts only the engine carries: Redis's and Lua 5.1's own error wording.
const ENGINE_MARKERS = [
  'Script attempted to access nonexistent global variable',
  'Attempt to modify a readonly table',
];

/** True when a JS text carries the Lua engine. */
export function hasEngineCode(text) {
  return ENGINE_MARKERS.every((m) => text.includes(m));
}

function jsFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return jsFiles(p);
    return p.endsWith('.js') ? [p] : [];
  });
}

/**
 * What a chunk that carries the engine is, in the bench table's words. The build makes two
 * sites, each with its own copy of the engine: the lesson (`assets/`), whose simulator chunk is
 * fetched lazily, and the embeds (`embed/`), the widgets' pages and the custom element.
 */
export function engineChunkLabel(file) {
  return file.startsWith('embed/')
    ? `Lua engine: the embeds' chunk that carries it (${file})`
    : `Lua engine: the lesson's lazy chunk that carries it (${file})`;
}

/** The target a chunk carrying the engine is held to, in the bench table's words. */
export function engineChunkTarget(file) {
  return file.startsWith('embed/')
    ? "not in the lesson's first load"
    : 'lazy, not in the first load';
}

/** The engine's entry module: engine.ts, else index.ts, else null (no engine yet). */
export function engineEntry(root) {
  for (const name of ['engine.ts', 'index.ts']) {
    const p = resolve(root, 'packages/redis-sim/src/lua', name);
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * Measures the engine in `dist` (the chunks that carry it, and whether the first
 * load preloads any of them) and alone (a minified ES bundle of its entry).
 * `firstLoad` lists the first-load files as measureSizes reports them.
 */
export async function measureEngine(root, dist, firstLoad) {
  const carriers = jsFiles(dist).filter((p) => hasEngineCode(readFileSync(p, 'utf8')));
  const first = new Set(firstLoad.map((f) => f.replace(/^\//, '')));
  const chunks = carriers.map((p) => ({
    file: relative(dist, p),
    firstLoad: first.has(relative(dist, p)),
    ...compressed(readFileSync(p)),
  }));
  const entry = engineEntry(root);
  let alone = null;
  if (entry) {
    const out = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        lib: { entry, formats: ['es'], fileName: 'lua-engine' },
      },
    });
    const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
    const code = outputs
      .filter((o) => o.type === 'chunk')
      .map((o) => o.code)
      .join('\n');
    alone = { entry: relative(root, entry), ...compressed(Buffer.from(code)) };
  }
  return { chunks, alone };
}
