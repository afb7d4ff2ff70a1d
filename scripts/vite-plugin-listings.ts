// Serves the highlighted listings to the page as data: `virtual:listings` (tokens)
// and `virtual:listings.css` (the palette). Shiki runs inside this plugin only.
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { listingManifest } from '../content/listing-manifest.ts';
import { highlightListings, paletteCss, type HighlightResult } from './highlight.ts';

const DATA = 'virtual:listings';
const CSS = 'virtual:listings.css';
const RESOLVED_DATA = '\0virtual:listings';
const RESOLVED_CSS = '\0virtual:listings.css';

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
      return undefined;
    },
    async load(id) {
      if (id !== RESOLVED_DATA && id !== RESOLVED_CSS) return undefined;
      for (const item of listingManifest) this.addWatchFile(resolve(root, item.file));
      const { listings, palette } = await result();
      if (id === RESOLVED_CSS) return paletteCss(palette);
      return `export const listings = ${JSON.stringify(listings)};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!listingManifest.some((item) => resolve(root, item.file) === file)) return undefined;
      pending = undefined;
      for (const id of [RESOLVED_DATA, RESOLVED_CSS]) {
        const mod = server.moduleGraph.getModuleById(id);
        if (mod) server.moduleGraph.invalidateModule(mod);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
