/**
 * The changes panel tells each write in the script's words: keys, members, fields and values a
 * learner chose are made visible (an RLO spelled out, never turning the line) and, if they hold
 * a right-to-left letter, isolated (FSI … PDI, shown as `<bdi>`), so they cannot carry the
 * panel's arrows and numbers into their own order. Left-to-right words read as they are.
 */
import { describe, expect, it } from 'vitest';
import { FSI, PDI } from '@batch-lease/redis-sim/client';
import { changeText } from './general-view.ts';

const HEBREW = 'מפתח';
const iso = (s: string) => `${FSI}${s}${PDI}`;

describe('a change as the changes panel tells it', () => {
  it('isolates each right-to-left key, member, field and value, and no other word', () => {
    expect(
      changeText({ kind: 'zset', key: HEBREW, member: `${HEBREW}1`, before: null, after: 5 }),
    ).toBe(`${iso(HEBREW)} · member ${iso(`${HEBREW}1`)}: score (absent) → 5`);
    expect(
      changeText({ kind: 'hash', key: 'job:1', field: HEBREW, before: '1', after: HEBREW }),
    ).toBe(`job:1 · field ${iso(HEBREW)}: 1 → ${iso(HEBREW)}`);
    expect(changeText({ kind: 'set', key: 's', before: null, after: ['a', HEBREW] })).toBe(
      `s · set (absent) → [a, ${iso(HEBREW)}]`,
    );
    expect(changeText({ kind: 'string', key: 'k', before: null, after: `${HEBREW} 12` })).toBe(
      `k · string (absent) → ${iso(`"${HEBREW} 12"`)}`,
    );
  });

  it('spells out a format character in a key and in a value', () => {
    const said = changeText({ kind: 'string', key: 'a\u202eb', before: null, after: 'x\u200by' });
    expect(said).not.toMatch(/[\u202e\u200b]/);
    expect(said).toMatch(/^a.+b · string \(absent\) → "x.+y"$/);
  });
});
