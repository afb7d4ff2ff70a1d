import { describe, expect, test } from 'vitest';
import { SINGLE_SOURCE } from './scripts/lua-source.ts';
import { WIRE_CLASSES, reasonOfError, wireErrorText } from './wire-classes.ts';

describe('wire classes', () => {
  test('extend_lock2.lua returns exactly the three refusals this module names', () => {
    const inScript = [...SINGLE_SOURCE.matchAll(/redis\.error_reply\('([^']*)'\)/g)].map(
      (m) => m[1],
    );
    expect(inScript).toEqual([
      wireErrorText('gone'),
      wireErrorText('stale'),
      wireErrorText('not_active'),
    ]);
    expect(Object.keys(WIRE_CLASSES)).toEqual(['gone', 'stale', 'not_active']);
  });

  test('an error text maps back to its reason by its leading class only', () => {
    expect(reasonOfError('EMQSTALE the token does not match the row attempts')).toBe('stale');
    expect(reasonOfError('EMQGONE x')).toBe('gone');
    expect(reasonOfError('EMQNOTACTIVE the job is not in active')).toBe('not_active');
    expect(reasonOfError('EMQSTALEX nope')).toBeNull();
    expect(
      reasonOfError('WRONGTYPE Operation against a key holding the wrong kind of value'),
    ).toBeNull();
  });
});
