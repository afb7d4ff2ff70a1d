import { readFile } from 'node:fs/promises';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listingManifest } from '../../content/listing-manifest.ts';
import { comparePresets } from '../../content/presets.ts';
import { listingLineCounts } from '../../scripts/vite-plugin-prerender.ts';
import { loadModule, loadServerEntry, type ServerEntry } from './render-lesson.test-helper.ts';
import {
  headProblems,
  lessonMetaSchema,
  lessonOutline,
  presetWordsSchema,
  validateContentData,
} from './schema.ts';
import { presetWords } from '../../content/presets.ts';
import { pageWords } from '../../content/page.ts';
import { checkLessonHtml } from './validate-html.ts';
import { readBullmq } from '../../scripts/bullmq-scripts.ts';
import { reconstructedWords } from '../../content/reconstructed.ts';

let server: ViteDevServer;
let entry: ServerEntry;
let html: string;
let lineCounts: Record<string, number>;

// no timeout of its own: the config's hook bound (120 s) is what a loaded 2-core machine needs
// to start a Vite server and render the page; a 60 s bound here failed a clean run at load 40
beforeAll(async () => {
  ({ server, entry } = await loadServerEntry());
  html = entry.render();
  lineCounts = await listingLineCounts(process.cwd());
});

afterAll(async () => {
  await server?.close();
});

describe('the lesson content', () => {
  it('passes the schema: meta, references, course pages, presets', () => {
    expect(validateContentData(entry.meta())).toEqual([]);
  });

  it('rejects meta that breaks the schema', () => {
    const meta = entry.meta() as Record<string, unknown>;
    expect(lessonMetaSchema.safeParse({ ...meta, title: 'Something else' }).success).toBe(false);
    const badNav = [{ id: 'nowhere', label: 'Nowhere' }];
    expect(validateContentData({ ...meta, nav: [...(meta.nav as []), ...badNav] })).not.toEqual([]);
  });

  it("rejects a phone's head that does not start the label it shortens", () => {
    expect(headProblems()).toEqual([]);
    expect(
      headProblems([
        ['a', 'Console', 'Console: redis-cli'],
        ['b', 'Compare it', 'Compare script and native'],
        ['c', 'Whole', 'Whole'],
      ]),
    ).toEqual([
      'b: "Compare it" does not start "Compare script and native"',
      'c: "Whole" does not start "Whole"',
    ]);
  });

  it('rejects preset words that break the schema: a missing preset, a blurb that is no sentence', () => {
    const { thousand: _dropped, ...missing } = presetWords;
    expect(presetWordsSchema.safeParse(missing).success).toBe(false);
    const unfinished = { ...presetWords, thousand: { label: '1,000 leases', blurb: 'scrub it' } };
    expect(presetWordsSchema.safeParse(unfinished).success).toBe(false);
    expect(presetWordsSchema.safeParse(presetWords).success).toBe(true);
  });

  it('renders every section of the seed, in order, with stable ids', () => {
    const order = [...html.matchAll(/<h2[^>]*\sid="([^"]+)"/g)]
      .map((m) => m[1])
      .filter((id) => (lessonOutline as readonly string[]).includes(id ?? ''));
    expect(order).toEqual([...lessonOutline]);
    for (const id of [
      'beat-one',
      'beat-two',
      'fate-picker',
      'native-differences',
      'native-replies',
      'native-handler',
      'sources',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
  });

  it('passes every rendered-page check: links, headings, listing anchors, presets', () => {
    expect(
      checkLessonHtml(html, { listingLines: lineCounts, courseBase: entry.courseBase }),
    ).toEqual([]);
  });

  it('shows every native reply and error from the table the handlers send from', async () => {
    const { NATIVE_REPLIES } = await loadModule<typeof import('@batch-lease/echomq')>(
      server,
      '/packages/echomq/src/index.ts',
    );
    for (const reply of NATIVE_REPLIES) expect(html).toContain(`data-reply="${reply.id}"`);
  });

  it('links every native-twin difference to a compare-mode preset', () => {
    for (const preset of comparePresets) {
      expect(html).toContain(`href="#stepper?preset=${preset}&amp;compare=1"`);
    }
  });

  it('points every line note at a line that exists and still says what the note explains', async () => {
    const notes = [...html.matchAll(/data-listing="([^"]+)" data-from="(\d+)" data-to="(\d+)"/g)];
    expect(notes.length).toBeGreaterThanOrEqual(12);
    for (const [, listing, from, to] of notes) {
      const count = lineCounts[listing ?? ''];
      expect(count, `listing ${listing}`).toBeDefined();
      expect(Number(from)).toBeGreaterThanOrEqual(1);
      expect(Number(to)).toBeLessThanOrEqual(count ?? 0);
    }
    // the note's `match` is checked when it renders: a drifted note throws
    const { LineNote } = await loadModule<typeof import('../components/line-notes.tsx')>(
      server,
      '/src/components/line-notes.tsx',
    );
    const render = (from: number, match: string) =>
      renderToString(createElement(LineNote, { listing: 'extend_locks2', from, match }));
    expect(() => render(21, "redis.call('ZADD'")).not.toThrow();
    expect(() => render(20, "redis.call('ZADD'")).toThrow(/no longer contains/);
    expect(() => render(99, 'return failed')).toThrow(/has no lines/);
  });

  it('links every course page under the one base URL, and none without a course site', async () => {
    const links = (page: string) =>
      [...page.matchAll(/href="([^"]+)" data-course-page="[^"]+"/g)].map((m) => m[1]!);
    const named = (page: string) => [...page.matchAll(/data-course-page="/g)].length;
    // the file's own render is the one without a course site, unless the environment named one
    const alone =
      entry.courseBase === null
        ? { entry, server: null }
        : await loadServerEntry({ courseBase: null });
    const site = await loadServerEntry({ courseBase: 'https://course.example/echomq' });
    try {
      // no course site (the dev server, a build on its own, a package): named, never a link
      const bare = alone.entry.render();
      expect(alone.entry.courseBase).toBeNull();
      expect(links(bare)).toEqual([]);
      expect(named(bare)).toBeGreaterThanOrEqual(8);
      expect(bare).toContain(pageWords.courseSite.all);
      expect(bare).toContain(pageWords.courseSite.inline);
      // with one, every course page is a link under its base, and no note says otherwise
      const linked = site.entry.render();
      expect(links(linked).length).toBeGreaterThanOrEqual(8);
      for (const href of links(linked))
        expect(href).toMatch(/^https:\/\/course\.example\/echomq\//);
      expect(linked).not.toContain(pageWords.courseSite.all);
      expect(linked).toContain('href="https://course.example/echomq/"');
    } finally {
      await alone.server?.close();
      await site.server.close();
    }
  });

  it('shows BullMQ’s extendLocks as the installed package has it, with its version and licence', () => {
    const pkg = readBullmq(process.cwd());
    const lines = pkg.scripts.extendLocks.text.replace(/\n$/, '').split('\n').length;
    expect(html).toContain(`id="L-bullmq_extendLocks-${lines}"`);
    expect(html).not.toContain(`id="L-bullmq_extendLocks-${lines + 1}"`);
    expect(html).toContain(`BullMQ ${pkg.version} · ${pkg.license} licence`);
  });

  it('labels the reconstructed listings on the page: the single script, both handlers and the replies table', () => {
    /** The text of the note rendered inside the listing figure named `name`, or null. */
    const noteIn = (name: string): string | null => {
      const figure = html.match(
        new RegExp(`<figure[^>]*data-listing="${name}"[\\s\\S]*?</figure>`),
      );
      const note = figure?.[0].match(/data-part="reconstructed"[^>]*>([\s\S]*?)<\/p>/);
      return note ? note[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'") : null;
    };
    const W = reconstructedWords;
    expect(noteIn('extend_lock2')).toContain(W.listings['extend_lock2.lua']);
    expect(noteIn('emq_extend')).toContain(W.listings['emq_extend.rs']);
    expect(noteIn('emq_extends')).toContain(W.listings['emq_extends.rs']);
    for (const name of ['extend_locks', 'extend_locks2', 'wire']) expect(noteIn(name)).toBeNull();
    expect(html).toContain(W.nativeReplies.slice(0, 40));
  });

  it('shows every listing with one addressable line per source line', async () => {
    for (const item of listingManifest) {
      const source = (await readFile(item.file, 'utf8')).replace(/\n$/, '').split('\n');
      expect(html).toContain(`id="L-${item.name}-${source.length}"`);
      expect(html).not.toContain(`id="L-${item.name}-${source.length + 1}"`);
    }
  });
});

describe('the rendered-page checks catch what they claim to', () => {
  const expectations = () => ({ listingLines: lineCounts, courseBase: entry.courseBase });

  it('catches a skipped heading level', () => {
    const broken = html.replace('<h3 id="beat-one"', '<h4 id="beat-one"');
    expect(checkLessonHtml(broken, expectations())).toContainEqual(
      expect.stringMatching(/heading level skipped: h2 then h4/),
    );
  });

  it('catches an in-page link to a missing id', () => {
    const broken = html.replace('href="#two-beats"', 'href="#two-beatz"');
    expect(checkLessonHtml(broken, expectations())).toContain(
      'in-page link to a missing id: #two-beatz',
    );
  });

  it('catches an unknown preset and a listing line without its anchor', () => {
    const broken = html
      .replace('preset=lane-job&amp;', 'preset=lane-jobs&amp;')
      .replace('id="L-extend_locks2-21"', '');
    const problems = checkLessonHtml(broken, expectations());
    expect(problems).toContain(
      'unknown stepper preset in link: #stepper?preset=lane-jobs&compare=1',
    );
    expect(problems).toContain('listing extend_locks2: line 21 has no anchor');
  });

  it('catches sections out of the seed order', () => {
    const broken = html.replace('id="recap"', 'id="recap-moved"');
    expect(checkLessonHtml(broken, expectations()).join('\n')).toMatch(/sections out of order/);
  });
});
