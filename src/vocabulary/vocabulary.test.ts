import { describe, expect, test } from 'vitest';
import { PRESETS } from '../scenario/presets.ts';
import { EXECUTORS, PRESET_IDS, isOneOf } from './index.ts';

describe('the vocabulary', () => {
  test('every preset id has a preset, in the same order, and no preset has another id', () => {
    expect(PRESETS.map((p) => p.id)).toEqual([...PRESET_IDS]);
  });

  test('isOneOf narrows only the listed ids', () => {
    expect(isOneOf(EXECUTORS, 'native')).toBe(true);
    expect(isOneOf(EXECUTORS, 'Native')).toBe(false);
    expect(isOneOf(EXECUTORS, 7)).toBe(false);
  });
});
