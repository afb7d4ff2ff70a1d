import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import mdx from '@mdx-js/rollup';
import { embedElementPlugin } from './scripts/vite-plugin-embed-element.ts';
import { bullmqPlugin } from './scripts/vite-plugin-bullmq.ts';
import { bullmqRunsPlugin } from './scripts/vite-plugin-bullmq-runs.ts';
import { compileHintsPlugin } from './scripts/vite-plugin-compile-hints.ts';
import { fateAnswersPlugin } from './scripts/vite-plugin-fate-answers.ts';
import { listingsPlugin } from './scripts/vite-plugin-listings.ts';
import { lmsPackagesPlugin } from './scripts/vite-plugin-lms.ts';
import { prerenderPlugin } from './scripts/vite-plugin-prerender.ts';
import { EMBED_WIDGETS, WIDGET_INFO } from './src/embed/widgets.ts';

// Vite 8 resolves local imports in this file only with their .ts extension.
export default defineConfig(({ mode }) => ({
  // Every URL the site writes is relative, so its files work under any path: the site's own
  // host, and the course packages made from the same files (scripts/vite-plugin-lms.ts). The
  // custom elements' module keeps the root, as it always had.
  base: mode === 'element' ? '/' : './',
  plugins: [
    // MDX compiles first, so the React plugin sees plain JSX
    { enforce: 'pre', ...mdx({ providerImportSource: undefined }) },
    react({ include: /\.(mdx|[jt]sx?)$/ }),
    listingsPlugin(),
    bullmqPlugin(),
    bullmqRunsPlugin(),
    fateAnswersPlugin(),
    prerenderPlugin(),
    embedElementPlugin(),
    // dist/lms/: the lesson as SCORM 1.2, SCORM 2004 and cmi5 packages
    lmsPackagesPlugin(),
    // V8 compiles the chunks the lesson runs as it loads off the page's thread
    compileHintsPlugin(),
  ],
  // a library build leaves process.env.NODE_ENV to its user; the element is its own user
  define: mode === 'element' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build:
    mode === 'element'
      ? {
          // embed/batch-lease.js: the custom elements, one module a host page links
          // (built by scripts/vite-plugin-embed-element.ts after the site)
          target: 'es2022',
          lib: {
            entry: 'src/embed/element.tsx',
            formats: ['es' as const],
            fileName: () => 'batch-lease.js',
          },
          cssCodeSplit: false,
          // its lazy chunks in a folder of their own, so _headers can cache them for good
          // (hashed names) while the module's alias and the embed pages are asked for afresh
          rolldownOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
        }
      : {
          target: 'es2022',
          // dist/.vite/manifest.json: which chunks each entry imports and fetches, from which
          // bench/lib/sizes.mjs counts the JS the lesson loads before it is interactive
          manifest: true,
          rolldownOptions: {
            // the lesson, and one page per embeddable widget (src/embed/widgets.ts lists them)
            input: {
              index: 'index.html',
              ...Object.fromEntries(EMBED_WIDGETS.map((w) => [`embed-${w}`, WIDGET_INFO[w].page])),
            },
            // the shared chunk that carries React is named for it: the bundler names a shared
            // chunk after whichever of its modules it meets first (it was when-idle-*.js, then
            // copy-button-*.js), which says nothing of the 220 KB of React in it. Only the name
            // changes: splitting React out would add two scripts to the first load.
            output: {
              chunkFileNames: (chunk) =>
                chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]react-dom[\\/]/.test(id))
                  ? 'assets/react-[hash].js'
                  : 'assets/[name]-[hash].js',
            },
          },
        },
  // the console's worker is an ES module (it is started with { type: 'module' }), built with
  // the plugins whose modules the simulator's runs import (listings, BullMQ's scripts)
  worker: { format: 'es' as const, plugins: () => [listingsPlugin(), bullmqPlugin()] },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
}));
