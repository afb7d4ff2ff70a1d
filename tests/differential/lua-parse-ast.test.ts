/**
 * The parser's trees against luaparse 0.3.1's (Lua 5.1 mode, pseudo-latin1
 * strings, locations): the lesson's two scripts, a hand-written corpus that
 * uses every construct, and generated programs (fast-check, fixed seed).
 * luaparse is the reference for the node shapes and `loc`s the contract
 * (`ast.ts`) takes from it; `inParens` and `tokens`, which it does not record,
 * are checked on their own (a chunk's `tokens` against luaparse's lexer).
 */
import fc from 'fast-check';
import luaparse from 'luaparse';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChunk } from '@batch-lease/redis-sim';
import { program, source } from '@batch-lease/redis-sim/differential/lua-programs.ts';

const SEED = 20261201;

/** luaparse's tree with the fields the contract drops (`range`) removed. */
function reference(src: string): unknown {
  const tree = luaparse.parse(src, {
    luaVersion: '5.1',
    locations: true,
    ranges: false,
    comments: false,
    encodingMode: 'pseudo-latin1',
  });
  return strip(tree, 'range');
}

/** Ours with `inParens` and `tokens` dropped (luaparse 0.3.1 has no such fields). */
function ours(src: string): unknown {
  const tree = JSON.parse(JSON.stringify(parseChunk(src))) as unknown;
  return strip(strip(tree, 'inParens'), 'tokens');
}

/** How many tokens luaparse's lexer reads in `src`, its end included (as ours counts them). */
function luaparseTokens(src: string): number {
  const lexer = luaparse as unknown as {
    parse(options: object): unknown;
    write(text: string): void;
    lex(): { type: number };
    tokenTypes: { EOF: number };
  };
  lexer.parse({ wait: true, luaVersion: '5.1', encodingMode: 'pseudo-latin1' });
  lexer.write(src);
  let n = 1;
  while (lexer.lex().type !== lexer.tokenTypes.EOF) n++;
  return n;
}

function strip(node: unknown, field: string): unknown {
  if (Array.isArray(node)) return node.map((n) => strip(n, field));
  if (node && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) if (k !== field) out[k] = strip(v, field);
    return out;
  }
  return node;
}

/** One program per construct family; together they use the whole 5.1 grammar. */
export const CORPUS: readonly string[] = [
  readFileSync('packages/echomq/lua/extend_locks2.lua', 'latin1'),
  readFileSync('packages/echomq/lua/extend_lock2.lua', 'latin1'),
  'local a, b, c = 1, "two", [[three]]\nlocal d\nlocal e = ...\nreturn a, b, c, d, e',
  'x = 1\nx, y.z, t[1] = 1, 2\nt.a.b["c"][d] = nil',
  'f() f(1) f(1, 2, ...) f"s" f[[s]] f{} f{1} o:m() o:m(1) o:m"s" o:m{} a.b.c:d(e)(f)(g)',
  'function f() end\nfunction a.b.c() end\nfunction a.b:c(x, y) return self end\nlocal function g(...) return ... end',
  'local h = function(a, b, ...) return a end\nlocal k = function() end',
  'if a then elseif b then x = 1 elseif c then else y = 2 end\nif a then end\nif a then return end',
  'while i < 10 do i = i + 1 if i == 5 then break end end\nrepeat local z = 1 until z\nrepeat until true',
  'for i = 1, 10 do end\nfor i = 10, 1, -1 do print(i) end\nfor k, v in pairs(t) do end\nfor k in next, t, nil do end',
  'do local a = 1 do local b = 2 end end',
  'return 1 + 2 * 3 - 4 / 5 % 6 ^ 7 ^ 8 .. "a" .. "b" == 1 ~= 2 < 3 <= 4 > 5 >= 6 and 7 or 8',
  'return -x ^ 2, not a == b, #t + 1, - - 1, not not x, -2 ^ -3, a .. b .. c, (a + b) * c',
  'return (f()), (...), ((x)), (a).b, (a)[1], (a)(), (f)"x"',
  't = {1, 2; 3, a = 1, ["b"] = 2, [3] = 3, {}, {{}}, f(), ..., x = function() end;}',
  't = {[1]=1,}\nt = {a=1;b=2}\nt = {}',
  "s = 'a\\tb\\nc\\\\d\\'e\\\"f' .. \"\\065\\066\\0067\" .. '\\a\\b\\f\\r\\v\\q\\x41'",
  's = [==[\nfirst newline dropped ]] ]=] ]==] .. [[a\n\nb]] .. [=[]=]',
  'n = 0 + 3 + 3.0 + 3.1416 + 314.16e-2 + 0.31416E1 + 0xff + 0x56 + .5 + 5. + 1e10 + 0XA',
  '-- a comment\n--[[ a long\ncomment ]] x = 1 --[==[ another ]==]\n-- last',
  'local t = {a\n, b}\nreturn\n1',
  'x = 1; y = 2; z = 3',
  "return 'bytes \\200\\255\\001'",
  'a = b(c)()',
  '',
  '  \n  -- only a comment\n',
  'return;',
  'return "\\\n"',
  'local s = "a\\\r\nb"\r\nlocal t = 1\r\n\r\nreturn s, t',
];

describe('parser trees equal luaparse 0.3.1 (5.1 mode)', () => {
  it.each(CORPUS.map((s, i) => [i, s] as const))('corpus #%i', (_, src) => {
    expect(ours(src)).toEqual(reference(src));
  });

  // a compile is charged by its tokens (128 steps each), so they must be what Lua reads
  it.each(CORPUS.map((s, i) => [i, s] as const))(
    'corpus #%i: its tokens as luaparse lexes them',
    (_, src) => {
      expect(parseChunk(src).tokens).toBe(luaparseTokens(src));
    },
  );

  it('generated programs (fast-check, fixed seed)', () => {
    fc.assert(
      fc.property(program, (toks) => {
        const src = source(toks);
        expect(ours(src)).toEqual(reference(src));
      }),
      { seed: SEED, numRuns: 400 },
    );
  }, 120_000); // generous: thousands of parses on a possibly loaded machine

  it('marks expressions written in parentheses, and only those', () => {
    const chunk = parseChunk('return (f()), f(), ((...)), a');
    const ret = chunk.body[0];
    if (ret?.type !== 'ReturnStatement') throw new Error('expected a return');
    expect(ret.arguments.map((e) => e.inParens ?? false)).toEqual([true, false, true, false]);
  });
});
