// Serves the highlighted listings to the page as data: `virtual:listings` (tokens),
// `virtual:listings.css` (the palette) and `virtual:stepper-listings` (only the token lines
// of the listings the stepper steps, for the client). Shiki runs inside this plugin only.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { listingManifest } from '../content/listing-manifest.ts';
import { highlightListings, paletteCss, type HighlightResult } from './highlight.ts';

const DATA = 'virtual:listings';
const CSS = 'virtual:listings.css';
const RESOLVED_DATA = '\0virtual:listings';
const RESOLVED_CSS = '\0virtual:listings.css';
const STEPPER = 'virtual:stepper-listings';
const RESOLVED_STEPPER = '\0virtual:stepper-listings';

/**
 * The listings the stepper steps: the batch script and its native twin (its runs are batch runs
 * only). The single verb's listings stay out of the page's first load.
 */
const STEPPED = ['extend_locks2', 'emq_extends'] as const;

/** The Vite plugin that highlights every listing at build time. */
export function listingsPlugin(): Plugin {
  let root = process.cwd();
  let pending: Promise<HighlightResult> | undefined;
  const result = () => (pending ??= highlightListings(root));
  return {
    name: 'lesson-listings',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      if (id === DATA) return RESOLVED_DATA;
      if (id === CSS) return RESOLVED_CSS;
      if (id === STEPPER) return RESOLVED_STEPPER;
      return undefined;
    },
    async load(id) {
      if (![RESOLVED_DATA, RESOLVED_CSS, RESOLVED_STEPPER].includes(id)) return undefined;
      for (const item of listingManifest) this.addWatchFile(resolve(root, item.file));
      const { listings, palette } = await result();
      if (id === RESOLVED_CSS) return paletteCss(palette);
      if (id === RESOLVED_STEPPER) {
        // keyed by the file name the trace uses; lines only, no titles or captions
        const lines = Object.fromEntries(
          STEPPED.map((name) => [listings[name]!.title, listings[name]!.lines]),
        );
        return `export const lines = ${JSON.stringify(lines)};\n`;
      }
      return `export const listings = ${JSON.stringify(listings)};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!listingManifest.some((item) => resolve(root, item.file) === file)) return undefined;
      pending = undefined;
      for (const id of [RESOLVED_DATA, RESOLVED_CSS, RESOLVED_STEPPER]) {
        const mod = server.moduleGraph.getModuleById(id);
        if (mod) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
