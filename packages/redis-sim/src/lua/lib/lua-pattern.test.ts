import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LuaRuntimeError } from '../values.ts';
import { hasSpecials, LuaMatcher, MAX_CAPTURES } from './lua-pattern.ts';

/** The first match from the start (unanchored): [start, end, captures] or null. */
function find(s: string, p: string): [number, number, (string | number)[]] | null {
  const m = new LuaMatcher(s, p);
  for (let at = 0; at <= s.length; at++) {
    m.level = 0;
    const e = m.match(at, 0);
    if (e !== -1) return [at, e, m.captures(at, e, false)];
  }
  return null;
}

function errorOf(s: string, p: string): string {
  try {
    find(s, p);
  } catch (err) {
    if (err instanceof LuaRuntimeError) return err.message;
    throw err;
  }
  return 'no error';
}

describe('LuaMatcher (lstrlib.c match machine)', () => {
  test('classes use C-locale ctype: bytes above 127 are in none of them', () => {
    expect(find('\xe9a', '%a')).toEqual([1, 2, []]);
    expect(find('\xe9a', '%A')).toEqual([0, 1, []]);
    expect(find('a_1', '%p')).toEqual([1, 2, []]);
    expect(find('x\0y', '%z')).toEqual([1, 2, []]);
  });

  test('quantifiers are greedy (* +), lazy (-) and optional (?)', () => {
    expect(find('<a><b>', '<.*>')).toEqual([0, 6, []]);
    expect(find('<a><b>', '<.->')).toEqual([0, 3, []]);
    expect(find('color colour', 'colou?r')).toEqual([0, 5, []]);
    expect(find('aaa', 'a+')).toEqual([0, 3, []]);
  });

  test('captures, position captures and back-references', () => {
    expect(find('key = value', '(%w+)%s*=%s*(%w+)')).toEqual([0, 11, ['key', 'value']]);
    expect(find('abc', '()b()')).toEqual([1, 2, [2, 3]]);
    expect(find('say "hi" now', '(["\'])(.-)%1')).toEqual([4, 8, ['"', 'hi']]);
    // a back-reference to a position capture never matches (its length is -2 in C)
    expect(find('aa', '()%1')).toBeNull();
  });

  test('%b, %f and anchors', () => {
    expect(find('f(a(b)c) d', '%b()')).toEqual([1, 8, []]);
    expect(find('THE (quick) fox', '%f[%a]%a+')).toEqual([0, 3, []]);
    expect(find('hello', '%f[%a]')).toEqual([0, 0, []]);
    expect(find('ab', 'b$')).toEqual([1, 2, []]);
    expect(find('a$b', '$b')).toEqual([1, 3, []]); // '$' not at the end is a plain character
  });

  test('a set: ranges, escapes, a leading ] and a trailing -', () => {
    expect(find('x]', '[]]')).toEqual([1, 2, []]);
    expect(find('a-', '[a-]+')).toEqual([0, 2, []]);
    expect(find('b', '[z-a]')).toBeNull();
    expect(find('_9', '[%d_]+')).toEqual([0, 2, []]);
  });

  test('the pattern ends at its first NUL, as the C string does', () => {
    expect(find('xyz', 'y\0zzz')).toEqual([1, 2, []]);
    expect(hasSpecials('a\0.')).toBe(false);
    expect(hasSpecials('a.')).toBe(true);
  });

  test("errors in Lua 5.1's words", () => {
    expect(errorOf('a', '%')).toBe("malformed pattern (ends with '%')");
    expect(errorOf('a', '[a')).toBe("malformed pattern (missing ']')");
    expect(errorOf('a', '[%')).toBe("malformed pattern (missing ']')");
    expect(errorOf('a', '%1')).toBe('invalid capture index');
    expect(errorOf('a', '(a%1)')).toBe('invalid capture index');
    expect(errorOf('a', 'a)')).toBe('invalid pattern capture');
    expect(errorOf('a', '(a')).toBe('unfinished capture');
    expect(errorOf('a', '%fa')).toBe("missing '[' after '%f' in pattern");
    expect(errorOf('a', '%b')).toBe('unbalanced pattern');
    expect(errorOf('a'.repeat(40), '(a)'.repeat(MAX_CAPTURES + 1))).toBe('too many captures');
    expect(errorOf('a'.repeat(40), '(a)'.repeat(MAX_CAPTURES))).toBe('no error');
  });

  test('a catastrophic pattern is stopped with a message instead of freezing the page', () => {
    expect(errorOf('a'.repeat(40), 'a*'.repeat(20) + 'b')).toMatch(
      /pattern matching stopped after/,
    );
  });

  test('a pattern without specials finds what indexOf finds', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ab]{0,10}$/), fc.stringMatching(/^[ab]{1,3}$/), (s, p) => {
        const at = s.indexOf(p);
        expect(find(s, p)).toEqual(at === -1 ? null : [at, at + p.length, []]);
      }),
      { seed: 44, numRuns: 300 },
    );
  });
});
