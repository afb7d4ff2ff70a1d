import { describe, expect, it } from 'vitest';
import { Lexer, str2d, T, tokenText, type Token } from './lexer.ts';

/** All tokens of a source, up to and including <eof>. */
function tokens(src: string): Token[] {
  const lx = new Lexer(src);
  const out: Token[] = [];
  do {
    lx.next();
    out.push(lx.t);
  } while (lx.t.tok !== T.EOS);
  return out;
}

const texts = (src: string) => tokens(src).map((t) => t.text || tokenText(t.tok));

describe('Lua 5.1 lexer', () => {
  it('reads every operator, the longest first', () => {
    expect(texts('== = ~= ~ <= < >= > ... .. . - # % ^')).toEqual([
      '==',
      '=',
      '~=',
      '~',
      '<=',
      '<',
      '>=',
      '>',
      '...',
      '..',
      '.',
      '-',
      '#',
      '%',
      '^',
      '<eof>',
    ]);
  });

  it('reads 5.2+ operators as separate 5.1 tokens', () => {
    expect(texts('a // b :: c')).toEqual(['a', '/', '/', 'b', ':', ':', 'c', '<eof>']);
  });

  it('names control and high bytes as luaX_token2str does', () => {
    expect(tokenText(1)).toBe('char(1)');
    expect(tokenText(127)).toBe('char(127)');
    expect(tokenText(0xe9)).toBe('\xe9');
    expect(tokenText(T.EOS)).toBe('<eof>');
    expect(tokenText(T.FUNCTION)).toBe('function');
  });

  it('decodes escapes; unknown ones stand for their char', () => {
    const [s] = tokens("'\\a\\b\\f\\n\\r\\t\\v\\\\\\'\\\"\\65\\0\\255\\q\\x41'");
    expect(s!.value).toBe('\x07\b\f\n\r\t\v\\\'"A\0\xffqx41');
  });

  it('reads long strings without their first newline, line breaks as \\n', () => {
    expect(tokens('[==[\r\na]]b\r\nc\n\rd]==]')[0]!.value).toBe('a]]b\nc\nd');
    expect(tokens('[[\n]]')[0]!.value).toBe('');
  });

  it('counts \\r\\n and \\n\\r once, \\r\\r twice', () => {
    expect(tokens('a\r\nb\n\rc\r\rd').map((t) => t.line)).toEqual([1, 2, 3, 5, 5]);
  });

  it('skips short and long comments', () => {
    expect(texts('a --[==[ x ]] ]==] b -- c\n--[ d\ne')).toEqual(['a', 'b', 'e', '<eof>']);
  });

  it('reads numerals greedily, as read_numeral does', () => {
    expect(
      tokens('3 .5 5. 1e3 2E-2 0x1F 0x1p4 08')
        .filter((t) => t.tok === T.NUMBER)
        .map((t) => t.value),
    ).toEqual([3, 0.5, 5, 1000, 0.02, 31, 16, 8]);
  });

  it('takes a NUL as any char check_next looks for (strchr finds the terminator)', () => {
    expect(texts('a.\0b')).toEqual(['a', '..', 'b', '<eof>']);
    expect(texts('.\0\0')).toEqual(['...', '<eof>']);
    const [n] = tokens('1\0\0x');
    expect([n!.tok, n!.value]).toEqual([T.NUMBER, 1]);
  });

  it('converts numbers as luaO_str2d does', () => {
    expect(str2d('0x10')).toBe(16);
    expect(str2d('1e400')).toBe(Infinity);
    expect(str2d(' 7 ')).toBe(7);
    for (const bad of ['1e', '1e+', '3..2', '0x', '0xg', '12ab', '0x1P', ''])
      expect(str2d(bad)).toBeNull();
  });

  it.each([
    ["x = 'abc", "user_script:1: unfinished string near '<eof>'"],
    ["x = 'a\\0b\n", "user_script:1: unfinished string near ''a'"],
    ['x = [=[', "user_script:1: unfinished long string near '<eof>'"],
    ['--[[\n', "user_script:2: unfinished long comment near '<eof>'"],
    ['x = [==x', "user_script:1: invalid long string delimiter near '[=='"],
    ["x = 'ab\\256'", "user_script:1: escape sequence too large near ''ab'"],
    ['x = 3..2', "user_script:1: malformed number near '3..2'"],
  ])('fails on %j with Lua 5.1 words', (src, message) => {
    expect(() => tokens(src)).toThrow(message);
  });

  it('stays linear on long runs (no backtracking)', () => {
    expect(tokens(`x = [${'='.repeat(100_000)}[a]${'='.repeat(100_000)}]`)[2]!.value).toBe('a');
    expect(() => tokens('1'.repeat(100_000) + 'e')).toThrow('malformed number');
    expect(tokens(`--${'-'.repeat(100_000)}\nx`)[0]!.text).toBe('x');
  });
});
