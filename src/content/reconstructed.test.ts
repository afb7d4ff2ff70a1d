/**
 * What the lesson shows that EchoMQ's material does not print is labelled as reconstructed,
 * where it is shown, with a note of what: the single script, the EMQ.EXTEND handler, the part
 * of EMQ.EXTENDS the published handler elides, and the native replies table.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { reconstructedWords } from '../../content/reconstructed.ts';
import { reconstructedWordsSchema } from './schema.ts';

// That the page shows each note where it belongs is checked on the page src/content/lesson.test.ts
// renders ("labels the reconstructed listings…"): one render of the page, not one a file.
describe('the reconstructed listings', () => {
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
