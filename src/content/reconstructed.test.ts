/**
 * What the lesson shows that EchoMQ's material does not print is labelled as reconstructed,
 * where it is shown, with a note of what: the single script, the EMQ.EXTEND handler, the part
 * of EMQ.EXTENDS the published handler elides, and the native replies table.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { reconstructedWords } from '../../content/reconstructed.ts';
import { loadServerEntry } from './render-lesson.test-helper.ts';
import { reconstructedWordsSchema } from './schema.ts';

let server: ViteDevServer;
let html: string;

beforeAll(async () => {
  const loaded = await loadServerEntry();
  server = loaded.server;
  html = loaded.entry.render();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** The text of the note rendered inside the listing figure named `name`, or null. */
function noteIn(name: string): string | null {
  const figure = html.match(new RegExp(`<figure[^>]*data-listing="${name}"[\\s\\S]*?</figure>`));
  const note = figure?.[0].match(/data-part="reconstructed"[^>]*>([\s\S]*?)<\/p>/);
  return note ? note[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'") : null;
}

describe('the reconstructed listings', () => {
  it('label the single script, both handlers and the replies table on the page', () => {
    const W = reconstructedWords;
    expect(noteIn('extend_lock2')).toContain(W.listings['extend_lock2.lua']);
    expect(noteIn('emq_extend')).toContain(W.listings['emq_extend.rs']);
    expect(noteIn('emq_extends')).toContain(W.listings['emq_extends.rs']);
    for (const name of ['extend_locks', 'extend_locks2', 'wire']) expect(noteIn(name)).toBeNull();
    expect(html).toContain(W.nativeReplies.slice(0, 40));
  });

  it('name, for EMQ.EXTENDS, the very lines the published handler elides', async () => {
    const lines = (await readFile('packages/echomq/native/emq_extends.rs', 'utf8')).split('\n');
    const [from, to] = reconstructedWords.listings['emq_extends.rs']
      .match(/lines (\d+)–(\d+)/)!
      .slice(1)
      .map(Number) as [number, number];
    // the published text runs up to the arity check, skips "… the layout check and the lease",
    // and goes on at the fence
    expect(lines[from - 2]!.trim()).toBe('}');
    expect(lines[from - 3]!.trim()).toBe('return Err(errors::arg_count(s.verb));');
    expect(lines[to]!.trim()).toBe('let caller = host::fence(ctx)?;');
    expect(lines.slice(from - 1, to).join('\n')).toMatch(/layout[\s\S]*positive_int/);
  });

  it('refuse a note for a listing the lesson does not have', () => {
    const bad = { ...reconstructedWords, listings: { 'nowhere.rs': 'a note' } };
    expect(reconstructedWordsSchema.safeParse(bad).success).toBe(false);
    expect(reconstructedWordsSchema.safeParse(reconstructedWords).success).toBe(true);
  });
});
