import { describe, expect, test } from 'vitest';
import { FATES } from '../fates/catalogue.ts';
import { EXECUTORS, FATE_IDS, isOneOf } from './index.ts';

describe('the vocabulary', () => {
  test("the fate catalogue lists every fate id once, in the vocabulary's order", () => {
    expect(FATES.map((f) => f.id)).toEqual([...FATE_IDS]);
  });

  test('isOneOf narrows only the listed ids', () => {
    expect(isOneOf(EXECUTORS, 'native')).toBe(true);
    expect(isOneOf(EXECUTORS, 'Native')).toBe(false);
    expect(isOneOf(EXECUTORS, 7)).toBe(false);
  });
});
