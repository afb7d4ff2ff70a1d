// After the client build, builds src/entry-server.tsx for Node, renders the lesson
// with react-dom/server, validates it, and writes it into dist/index.html, so the
// page reads in full before any script runs. `vite build` does all of it.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { listingManifest } from '../content/listing-manifest.ts';
import { bullmqListings } from '../content/bullmq-listings.ts';
import { readBullmq } from './bullmq-scripts.ts';
import { validateContentData } from '../src/content/schema.ts';
import { checkLessonHtml } from '../src/content/validate-html.ts';

/** The marker in index.html that the rendered lesson replaces. */
export const OUTLET = '<!--lesson-html-->';

/** The marker in each embed page that its rendered widget replaces. */
export const EMBED_OUTLET = '<!--embed-html-->';

interface ServerEntry {
  render(): string;
  embedData(widget: string): { widget: string };
  renderEmbed(data: { widget: string }): string;
  EMBED_WIDGETS: readonly string[];
  meta(): { description: string; title: string; kicker: string };
  courseBase: string | null;
}

/** Counts the lines of every listing's source, to check each line got an anchor. */
export async function listingLineCounts(root: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const item of listingManifest) {
    const source = await readFile(resolve(root, item.file), 'utf8');
    counts[item.name] = source.replace(/\n$/, '').split('\n').length;
  }
  // BullMQ's scripts, as the build read them from the installed package
  for (const listing of bullmqListings(readBullmq(root))) {
    counts[listing.name] = listing.text.replace(/\n$/, '').split('\n').length;
  }
  return counts;
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Writes a widget into its embed page: the rendered widget inside the root, and the data it
 * was rendered from beside it (as the lesson's islands carry theirs), for the client to
 * hydrate with.
 */
async function prerenderEmbed(outDir: string, entry: ServerEntry, widget: string): Promise<void> {
  const path = join(outDir, 'embed', `${widget}.html`);
  const template = await readFile(path, 'utf8');
  if (!template.includes(EMBED_OUTLET))
    throw new Error(`embed/${widget}.html has no ${EMBED_OUTLET}`);
  const data = entry.embedData(widget);
  const html = entry.renderEmbed(data);
  const page = template
    .replace(
      `data-widget="${widget}">`,
      () => `data-widget="${widget}" data-props="${escapeAttr(JSON.stringify(data))}">`,
    )
    .replace(EMBED_OUTLET, () => html);
  await writeFile(path, page);
}

/**
 * The lazily loaded code whose prerendered markup needs its styles at first paint: the islands'
 * hydration, which the entry fetches after the first paint (src/main.tsx), and the two big
 * islands and the BullMQ card, fetched when near the screen.
 */
const ISLAND_ENTRIES = [
  'src/page/hydrate-islands.tsx',
  'src/page/page-stepper.tsx',
  'src/page/page-fate-picker.tsx',
  'src/page/page-bullmq.tsx',
];

/**
 * The stylesheets of the islands' chunks and of every chunk they import statically. A CSS
 * module travels with the chunk that imports it, so the islands' styles are fetched with their
 * code; the prerendered islands need them before that (and with JavaScript off), or they show
 * unstyled and then reflow under the reader.
 */
function islandStylesheets(root: string, bundle: Rolldown.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const css = new Set<string>();
  const seen = new Set<string>();
  const walk = (c: Rolldown.OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.add(c.fileName);
    for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
    for (const f of c.imports) {
      const next = byFile.get(f);
      if (next) walk(next);
    }
  };
  for (const entry of ISLAND_ENTRIES) {
    const chunk = chunks.find((c) => c.facadeModuleId === resolve(root, entry));
    if (!chunk) throw new Error(`no chunk for the island entry ${entry}`);
    walk(chunk);
  }
  return [...css];
}

/** The Vite plugin that pre-renders the lesson into the built index.html. */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  let islandCss: string[] = [];
  return {
    name: 'lesson-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, bundle) {
      if (config.build.ssr || config.build.lib) return;
      islandCss = islandStylesheets(config.root, bundle);
    },
    async closeBundle() {
      if (config.build.ssr || config.build.lib) return; // the nested server and element builds
      const outDir = resolve(config.root, config.build.outDir);
      const serverDir = join(outDir, '.server');
      await build({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        build: {
          ssr: resolve(config.root, 'src/entry-server.tsx'),
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
        },
      });
      try {
        const entry = (await import(
          pathToFileURL(join(serverDir, 'entry-server.js')).href
        )) as ServerEntry;
        const meta = entry.meta();
        const html = entry.render();
        const problems = [
          ...validateContentData(meta),
          ...checkLessonHtml(html, {
            listingLines: await listingLineCounts(config.root),
            courseBase: entry.courseBase,
          }),
        ];
        if (problems.length > 0) {
          throw new Error(`the lesson content is invalid:\n  ${problems.join('\n  ')}`);
        }
        const indexPath = join(outDir, 'index.html');
        const template = await readFile(indexPath, 'utf8');
        if (!template.includes(OUTLET)) throw new Error(`index.html has no ${OUTLET}`);
        // after the page's own stylesheets, so the cascade is the one the islands' code sets up
        const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
        const links = islandCss
          .filter((f) => !template.includes(`${base}${f}"`))
          .map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`)
          .join('\n    ');
        const page = template
          .replace(OUTLET, () => html)
          .replace('</head>', () => (links ? `    ${links}\n  </head>` : '</head>'))
          .replace(
            /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
            `<meta name="description" content="${escapeAttr(meta.description)}" />`,
          );
        await writeFile(indexPath, page);
        for (const widget of entry.EMBED_WIDGETS) await prerenderEmbed(outDir, entry, widget);
      } finally {
        await rm(serverDir, { recursive: true, force: true });
      }
    },
  };
}
