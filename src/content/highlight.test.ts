import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { listingManifest } from '../../content/listing-manifest.ts';
import { bullmqListings } from '../../content/bullmq-listings.ts';
import { readBullmq } from '../../scripts/bullmq-scripts.ts';
import {
  codeBackground,
  contrast,
  ensureContrast,
  highlightListings,
  paletteCss,
  type HighlightResult,
} from '../../scripts/highlight.ts';

// The golden file pins the pipeline's output for every listing: line count, the text
// of each line, and its tokens with their resolved colours. Regenerate it on purpose
// with UPDATE_GOLDEN=1 after a deliberate change to a listing, a theme or Shiki.
const GOLDEN = 'src/content/__golden__/listings.json';

let result: HighlightResult;

// BullMQ's listings are read from the installed package and never written into a snapshot
// (this repository carries none of BullMQ's text): the golden file holds the manifest's only
const manifestNames: ReadonlySet<string> = new Set(listingManifest.map((l) => l.name));

function golden(res: HighlightResult) {
  return Object.fromEntries(
    Object.entries(res.listings)
      .filter(([name]) => manifestNames.has(name))
      .map(([name, listing]) => [
        name,
        {
          file: listing.file,
          lang: listing.lang,
          lineCount: listing.lines.length,
          lines: listing.lines.map((tokens) => ({
            text: tokens.map(([text]) => text).join(''),
            tokens: tokens.map(([text, style]) => {
              const p = res.palette[style];
              return [
                text,
                style === 0 ? 'plain' : `${p?.light} ${p?.dark}${p?.italic ? ' i' : ''}`,
              ];
            }),
          })),
        },
      ]),
  );
}

beforeAll(async () => {
  result = await highlightListings(process.cwd());
}, 60_000);

describe('build-time highlighting', () => {
  it('keeps every listing line for line, character for character', async () => {
    for (const item of listingManifest) {
      const source = (await readFile(item.file, 'utf8')).replace(/\n$/, '').split('\n');
      const lines = result.listings[item.name]?.lines ?? [];
      expect(lines.map((t) => t.map(([text]) => text).join(''))).toEqual(source);
    }
  });

  it('keeps BullMQ’s scripts line for line as the installed package has them', () => {
    for (const listing of bullmqListings(readBullmq(process.cwd()))) {
      const lines = result.listings[listing.name]?.lines ?? [];
      expect(lines.map((t) => t.map(([text]) => text).join(''))).toEqual(
        listing.text.replace(/\n$/, '').split('\n'),
      );
      expect(result.listings[listing.name]?.caption).toMatch(/^BullMQ \d+\.\d+\.\d+ · MIT licence/);
    }
  });

  it('matches the golden file', async () => {
    const actual = JSON.stringify(golden(result), null, 1) + '\n';
    if (process.env.UPDATE_GOLDEN) {
      await mkdir('src/content/__golden__', { recursive: true });
      await writeFile(GOLDEN, actual);
    }
    // compared as data, so reformatting the file cannot break (or fake) the test
    expect(JSON.parse(actual)).toEqual(JSON.parse(await readFile(GOLDEN, 'utf8')));
  });

  it('colours every line the same on a machine too slow for a per-line time limit', async () => {
    // a clock that leaps a second at every read: any limit on a line's tokenizing time runs out
    // at once, as it can on a loaded machine; the tokens must still depend on the source alone
    let now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
    try {
      const slow = await highlightListings(process.cwd());
      expect(golden(slow)).toEqual(golden(result));
    } finally {
      clock.mockRestore();
    }
  }, 60_000);

  it('colours real tokens: keywords and comments differ from plain text', () => {
    const lua = result.listings.extend_locks2?.lines ?? [];
    const styleOf = (line: number, text: string) =>
      lua[line - 1]?.find(([t]) => t.includes(text))?.[1];
    expect(styleOf(4, 'local')).not.toBe(0);
    expect(styleOf(1, '--')).not.toBe(styleOf(4, 'local'));
  });

  it('gives every token colour AA contrast on the code background, in both themes', () => {
    for (const p of result.palette) {
      expect(contrast(p.light, codeBackground.light)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(p.dark, codeBackground.dark)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(ensureContrast('#bbbbbb', '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('emits one light-dark() class per palette entry', () => {
    const css = paletteCss(result.palette);
    expect(css).toContain('--code-bg:light-dark(');
    expect(css.match(/\.sk\d+\{/g)?.length).toBe(result.palette.length - 1);
  });
});
