// Build-time highlighting: Shiki runs here, in Node, and the page receives only
// plain token data. Nothing in this file may be imported by browser code.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createHighlighter } from 'shiki';
import { listingLangs, listingManifest } from '../content/listing-manifest.ts';
import type { ListingData, Token } from '../src/content/listing-types.ts';
import { bullmqListings } from '../content/bullmq-listings.ts';
import { readBullmq } from './bullmq-scripts.ts';

/** The two Shiki themes; the page switches between them with CSS `light-dark()`. */
export const themes = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/** Code block backgrounds; token colours are adjusted until they reach AA against them. */
export const codeBackground = { light: '#f6f8fa', dark: '#0d1117' } as const;

export type { Token };

/** One palette entry: the token colour in each theme and whether it is italic. */
export interface PaletteEntry {
  light: string;
  dark: string;
  italic: boolean;
}

/** A highlighted listing, ready to render without a highlighter: what the page receives. */
export type HighlightedListing = ListingData;

/** Everything the page needs: the listings and the palette their tokens index. */
export interface HighlightResult {
  listings: Record<string, HighlightedListing>;
  palette: PaletteEntry[];
}

const AA = 4.6; // a little above 4.5 so rounding in the browser never drops below AA

function channels(hex: string): [number, number, number] {
  const h = hex.replace('#', '').slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

function toHex(rgb: number[]): string {
  return '#' + rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('');
}

/**
 * Moves `fg` towards black (on a light background) or white (on a dark one) until it
 * reaches AA contrast; a theme colour that already passes is returned unchanged.
 */
export function ensureContrast(fg: string, bg: string): string {
  let color = fg.slice(0, 7).toLowerCase();
  const target = luminance(bg) > 0.5 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 0; step < 40 && contrast(color, bg) < AA; step++) {
    const c = channels(color);
    color = toHex(c.map((v, i) => v + ((target[i] ?? 0) - v) * 0.08));
  }
  return color;
}

/** Highlights every listing in the manifest; `root` is the project directory. */
export async function highlightListings(root: string): Promise<HighlightResult> {
  const highlighter = await createHighlighter({
    themes: [themes.light, themes.dark],
    langs: [...listingLangs],
  });
  const palette: PaletteEntry[] = [];
  const index = new Map<string, number>();
  const styleOf = (entry: PaletteEntry): number => {
    const key = `${entry.light}|${entry.dark}|${entry.italic}`;
    let at = index.get(key);
    if (at === undefined) {
      at = palette.length;
      palette.push(entry);
      index.set(key, at);
    }
    return at;
  };
  // palette entry 0 is each theme's plain foreground: tokens in it render as bare text
  styleOf({
    light: ensureContrast(highlighter.getTheme(themes.light).fg, codeBackground.light),
    dark: ensureContrast(highlighter.getTheme(themes.dark).fg, codeBackground.dark),
    italic: false,
  });
  try {
    const tokenize = (source: string, lang: string): Token[][] => {
      const rows = highlighter.codeToTokensWithThemes(source.replace(/\n$/, ''), {
        lang: lang as (typeof listingLangs)[number],
        themes: { light: themes.light, dark: themes.dark },
        // Shiki stops tokenizing a line after 500 ms by default and leaves its rest uncoloured,
        // so on a loaded machine (a line's first tokenization also compiles the grammar's
        // regexes) the build's colours depended on the machine's speed: no limit, so the
        // tokens depend on the source alone
        tokenizeTimeLimit: 0,
      });
      return rows.map((row) => {
        const out: Token[] = [];
        for (const token of row) {
          const light = token.variants.light;
          const dark = token.variants.dark;
          const style = styleOf({
            light: ensureContrast(light?.color ?? '#1f2328', codeBackground.light),
            dark: ensureContrast(dark?.color ?? '#e6edf3', codeBackground.dark),
            italic: ((light?.fontStyle ?? 0) & 1) === 1,
          });
          const last = out[out.length - 1];
          // whitespace carries no colour, and equal neighbours merge: fewer spans to ship
          if (last && (last[1] === style || /^\s+$/.test(token.content))) {
            last[0] += token.content;
          } else if (last && /^\s+$/.test(last[0])) {
            last[0] += token.content;
            last[1] = style;
          } else {
            out.push([token.content, style]);
          }
        }
        return out;
      });
    };
    const listings: Record<string, HighlightedListing> = {};
    for (const item of listingManifest) {
      const source = await readFile(resolve(root, item.file), 'utf8');
      listings[item.name] = { ...item, lines: tokenize(source, item.lang) };
    }
    // BullMQ's scripts, read from the installed package (never from this repository), as its
    // client sends them, so the stepper's line numbers are the lines the server ran
    for (const listing of bullmqListings(readBullmq(root))) {
      listings[listing.name] = { ...listing, lines: tokenize(listing.text, 'lua') };
    }
    return { listings, palette };
  } finally {
    highlighter.dispose();
  }
}

/** The stylesheet for the palette: one class per token style, both themes in one rule. */
export function paletteCss(palette: PaletteEntry[]): string {
  const [plain, ...styled] = palette;
  const rules = styled.map(
    (p, i) =>
      `.sk${i + 1}{color:light-dark(${p.light},${p.dark})${p.italic ? ';font-style:italic' : ''}}`,
  );
  const root = [
    `--code-bg:light-dark(${codeBackground.light},${codeBackground.dark})`,
    plain ? `--code-fg:light-dark(${plain.light},${plain.dark})` : '',
  ].filter(Boolean);
  return `:root{${root.join(';')}}\n${rules.join('\n')}\n`;
}
