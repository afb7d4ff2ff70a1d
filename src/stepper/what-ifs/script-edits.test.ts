/**
 * A what-if's listing must not keep the lesson's comments its edit made false: each is marked
 * where it stands, and only there.
 */
import { describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { SCRIPT_EDITS, untrueCommentLines, variantSource } from './script-edits.ts';

/** The text of each marked line of `variant`'s script. */
function marked(variant: (typeof SCRIPT_EDITS)[number]['variant']): string[] {
  const text = variantSource(BATCH_SOURCE, variant)!;
  const lines = text.split('\n');
  return [...untrueCommentLines(BATCH_SOURCE, text)].map((n) => lines[n - 1]!.trim());
}

describe('the comments a what-if made false', () => {
  it('marks the three gates above a guard-less if, and the reaped id "never re-scored"', () => {
    const lines = marked('no-membership-guard');
    expect(lines).toContain(
      '-- three gates in order: a row, its attempts equal to the token, a member of active',
    );
    expect(lines.some((l) => l.includes('never re-scored'))).toBe(true);
    expect(lines.every((l) => l.startsWith('--'))).toBe(true);
  });

  it('marks "under one clock read" when the clock is read per member', () => {
    expect(marked('clock-per-member')).toEqual([
      '-- @extend_locks2 · extend many leases under one clock read',
    ]);
  });

  it('finds each marked comment exactly once in its variant, and marks nothing elsewhere', () => {
    for (const e of SCRIPT_EDITS) expect(marked(e.variant)).toHaveLength(e.untrue.length);
    expect(untrueCommentLines(BATCH_SOURCE, BATCH_SOURCE).size).toBe(0);
    const edited = BATCH_SOURCE.replace('i = i + 2', 'i = i + 2 -- next pair');
    expect(untrueCommentLines(BATCH_SOURCE, edited).size).toBe(0);
  });
});
