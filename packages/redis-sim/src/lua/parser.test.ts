import { describe, expect, it } from 'vitest';
import { LuaError } from './values.ts';
import { LuaSyntaxError, parseChunk } from './parser.ts';

function message(src: string): string {
  try {
    parseChunk(src);
  } catch (e) {
    expect(e).toBeInstanceOf(LuaSyntaxError);
    return (e as Error).message;
  }
  throw new Error('parsed');
}

describe('Lua 5.1 parser', () => {
  // the words below are a real redis-server 7.0.15's (the live panel in
  // test/differential/lua-parse-errors.test.ts checks many more)
  it.each([
    ['return 1 +', "user_script:1: unexpected symbol near '<eof>'"],
    [
      'while true do\n\nx=1',
      "user_script:3: 'end' expected (to close 'while' at line 1) near '<eof>'",
    ],
    ['local t = x\nt x', "user_script:2: '=' expected near 'x'"],
    ['return a // b', "user_script:1: unexpected symbol near '/'"],
    ['goto done', "user_script:1: '=' expected near 'done'"],
    ['break', "user_script:1: no loop to break near '<eof>'"],
    ['f\n(1)', "user_script:2: ambiguous syntax (function call x new statement) near '('"],
    [
      'function f() return ... end',
      "user_script:1: cannot use '...' outside a vararg function near '...'",
    ],
    ['function f(a,) end', "user_script:1: <name> or '...' expected near ')'"],
    ['(a) = 1', "user_script:1: syntax error near '='"],
    ['a:b', "user_script:1: function arguments expected near '<eof>'"],
    ['for i do end', "user_script:1: '=' or 'in' expected near 'do'"],
    ['local 1', "user_script:1: '<name>' expected near '1'"],
    [
      `return ${'('.repeat(199)}1${')'.repeat(199)}`,
      'user_script:1: chunk has too many syntax levels',
    ],
    [
      `local ${Array.from({ length: 201 }, (_, i) => `v${i}`).join(',')}`,
      'user_script:1: main function has more than 200 local variables',
    ],
  ])('%j fails as Lua 5.1 does', (src, expected) => {
    expect(message(src)).toBe(expected);
  });

  it('refuses the 250th register where the code generator reserves it', () => {
    const nums = (n: number) => Array.from({ length: n }, (_, i) => String(i)).join(', ');
    // the last argument is put in a register after `)`; earlier ones after their `,`
    expect(message(`return f(${nums(249)})`)).toBe(
      "user_script:1: function or expression too complex near '<eof>'",
    );
    expect(message(`return f(${nums(250)}, x)`)).toBe(
      "user_script:1: function or expression too complex near '249'",
    );
    expect(() => parseChunk(`return f(${nums(248)})`)).not.toThrow();
  });

  it('names the function a limit is hit in by its line', () => {
    const vars = Array.from({ length: 61 }, (_, i) => `u${i}`);
    const src = `local ${vars.join(',')}\n\nlocal f = function()\n return ${vars.join('+')} end`;
    expect(message(src)).toBe('user_script:4: function at line 3 has more than 60 upvalues');
  });

  it('is a LuaError, so pcall-style handlers treat it as one', () => {
    expect(() => parseChunk('x =')).toThrow(LuaError);
  });

  it('builds luaparse-shaped nodes with loc and byte-string values', () => {
    const chunk = parseChunk("local s = 'a\\200'\nreturn (s)");
    expect(chunk.body[0]).toEqual({
      type: 'LocalStatement',
      variables: [
        {
          type: 'Identifier',
          name: 's',
          loc: { start: { line: 1, column: 6 }, end: { line: 1, column: 7 } },
        },
      ],
      init: [
        {
          type: 'StringLiteral',
          value: 'a\xc8', // \200 is decimal
          raw: "'a\\200'",
          loc: { start: { line: 1, column: 10 }, end: { line: 1, column: 17 } },
        },
      ],
      loc: { start: { line: 1, column: 0 }, end: { line: 1, column: 17 } },
    });
    const ret = chunk.body[1];
    expect(ret?.type === 'ReturnStatement' && ret.arguments[0]?.inParens).toBe(true);
  });

  it('reads a nested [[ inside a long string as text (as the real server does)', () => {
    const ret = parseChunk('return [[a [[ b]]').body[0];
    expect(ret?.type === 'ReturnStatement' && ret.arguments[0]).toMatchObject({ value: 'a [[ b' });
  });
});
