import { describe, expect, test } from 'vitest';
import { EXECUTORS, isOneOf } from './index.ts';

describe('the vocabulary', () => {
  test('isOneOf narrows only the listed ids', () => {
    expect(isOneOf(EXECUTORS, 'native')).toBe(true);
    expect(isOneOf(EXECUTORS, 'Native')).toBe(false);
    expect(isOneOf(EXECUTORS, 7)).toBe(false);
  });
});
