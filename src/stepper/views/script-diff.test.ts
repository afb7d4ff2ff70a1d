import { describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { diffScript } from './script-diff.ts';
import { variantSource } from '../what-ifs/script-edits.ts';

describe('the diff of a script against the lesson’s', () => {
  it('marks nothing for the lesson’s own text', () => {
    const d = diffScript(BATCH_SOURCE, BATCH_SOURCE);
    expect(d.same).toBe(true);
    expect(d.removed.size).toBe(0);
  });

  it('marks the guard line changed when the membership guard is dropped', () => {
    const d = diffScript(BATCH_SOURCE, variantSource(BATCH_SOURCE, 'no-membership-guard')!);
    expect(d.same).toBe(false);
    const lines = d.marks.flatMap((m, i) => (m === 'same' ? [] : [[i + 1, m]]));
    expect(lines).toEqual([[19, 'changed']]);
    expect(d.removed.size).toBe(0);
  });

  it('shows the clock read removed before the loop and added inside it', () => {
    const text = variantSource(BATCH_SOURCE, 'clock-per-member')!;
    const d = diffScript(BATCH_SOURCE, text);
    const lines = text.split('\n');
    const added = d.marks.flatMap((m, i) => (m === 'added' ? [lines[i]!.trim()] : []));
    expect(added).toEqual([
      '-- TIME is read again for every member',
      "local t = redis.call('TIME')",
      'local now = t[1] * 1000 + math.floor(t[2] / 1000)',
    ]);
    // the three lines are gone from before `local failed = {}` (now line 6)
    expect([...d.removed]).toEqual([
      [
        6,
        [
          '-- TIME is read once, so every extended member shares the same now',
          "local t = redis.call('TIME')",
          'local now = t[1] * 1000 + math.floor(t[2] / 1000)',
        ],
      ],
    ]);
    expect(lines[5]).toBe('local failed = {}');
  });

  it('indicates lines removed at the end, and a changed line among added ones', () => {
    const d = diffScript('a\nb\n', 'a\nB\nx\n');
    expect(d.marks).toEqual(['same', 'changed', 'added']);
    expect([...d.removed]).toEqual([]);
    const e = diffScript('a\nb\nc\n', 'a\n');
    expect(e.marks).toEqual(['same']);
    expect([...e.removed]).toEqual([[2, ['b', 'c']]]);
  });
});
