import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Gzip (level 9) and brotli (quality 11) byte counts of a buffer. Deterministic. */
export function compressed(buf) {
  return {
    raw: buf.length,
    gzip: gzipSync(buf, { level: 9 }).length,
    brotli: brotliCompressSync(buf, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: buf.length,
      },
    }).length,
  };
}

function sum(parts) {
  return parts.reduce(
    (acc, p) => ({ raw: acc.raw + p.raw, gzip: acc.gzip + p.gzip, brotli: acc.brotli + p.brotli }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

// Signatures that only highlighter code carries: Shiki's and Oniguruma's own names,
// the WASM engine, and TextMate grammar keys.
const HIGHLIGHTER_MARKERS = [
  /createHighlighter|createHighlighterCore|codeToHtml|codeToTokens/,
  /onig_|Oniguruma|OnigScanner|OnigString/,
  /createOnigurumaEngine|createJavaScriptRegexEngine/,
  /scopeName\\?"?\s*:\s*\\?["']source\./,
];

/**
 * Measures what the built lesson ships: the HTML, the JS it loads before it is
 * interactive (the entry module and everything it preloads, never lazy chunks),
 * its CSS, any fonts, and how many JS bytes carry highlighter code.
 */
/** True when a JS text carries highlighter code. */
export function hasHighlighterCode(text) {
  return HIGHLIGHTER_MARKERS.some((re) => re.test(text));
}

/**
 * The chunks the lesson's entry fetches itself as soon as the page has painted (the islands'
 * hydration, src/main.tsx), with everything they import statically, from the build's manifest.
 * They are part of the load before the page is interactive although the HTML does not name
 * them; what the islands fetch later (when near the screen) is not.
 */
function fetchedByEntry(dist) {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) return [];
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const entry = manifest['index.html'];
  const files = new Set();
  const add = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const k of chunk.imports ?? []) add(k);
  };
  for (const k of entry?.dynamicImports ?? []) add(k);
  return [...files];
}

export function measureSizes(dist) {
  const html = readFileSync(join(dist, 'index.html'));
  const htmlText = html.toString('utf8');
  // the page names its files relatively (`./assets/x.js`: the build's base is './'); they are
  // reported from the site's root, as the manifest's are
  const attr = (re) => [...htmlText.matchAll(re)].map((m) => m[1].replace(/^\.\//, '/'));
  const entryJs = [
    ...attr(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...attr(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
    ...fetchedByEntry(dist),
  ];
  const css = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const file = (href) => join(dist, href.replace(/^\//, ''));
  const all = walk(dist);
  const fonts = all.filter((p) => /\.(woff2?|ttf|otf)$/.test(p));
  const jsFiles = all.filter((p) => p.endsWith('.js'));
  const highlighterFiles = jsFiles.filter((p) => {
    return hasHighlighterCode(readFileSync(p, 'utf8'));
  });
  const inlineCss = [...htmlText.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1])
    .join('');
  return {
    html: compressed(html),
    jsBeforeInteractive: {
      files: [...new Set(entryJs)],
      ...sum([...new Set(entryJs)].map((h) => compressed(readFileSync(file(h))))),
    },
    jsAll: { files: jsFiles.length, ...sum(jsFiles.map((p) => compressed(readFileSync(p)))) },
    css: {
      files: css,
      inlineBytes: inlineCss.length,
      ...sum(css.map((h) => compressed(readFileSync(file(h))))),
    },
    fonts: {
      files: fonts.map((p) => relative(dist, p)),
      ...sum(fonts.map((p) => compressed(readFileSync(p)))),
    },
    highlighter: {
      files: highlighterFiles.map((p) => relative(dist, p)),
      ...sum(highlighterFiles.map((p) => compressed(readFileSync(p)))),
    },
  };
}

/** The size budgets of issue 6, in gzip bytes. */
export const BUDGETS = {
  jsBeforeInteractiveGzip: 110 * 1024,
  cssGzip: 15 * 1024,
  htmlGzip: 60 * 1024,
  highlighterRaw: 0,
};
