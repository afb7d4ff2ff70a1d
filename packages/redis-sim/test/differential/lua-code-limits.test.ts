/**
 * Lua 5.1's jump limit against a real redis-server 7.0.15: a jump's offset is
 * an 18-bit operand, so a loop, a branch or an `and`/`or` chain whose jump
 * spans more than 131,071 instructions fails to compile with `control
 * structure too long`, at the token being read when that jump is aimed. The
 * simulator must find the same threshold to the instruction, which it does
 * only if it counts every instruction Lua's code generator makes.
 *
 * Each shape's threshold is pinned: a number of statements (or operands) from
 * a seeded pool, then a number of one-instruction paddings (`a = b`, a MOVE, or
 * `+ a`, an ADD) at which the script first fails. Both the real server and the
 * simulator must compile the script one padding short of it and refuse the
 * script at it, with the same bytes. The pins were found by a binary search on
 * the simulator (this file as of a303764 ran it on every test, about a minute
 * of CPU for compiles of 100,000-line scripts); the real server confirms each
 * one here, so a pin can only stand if it is Lua's own threshold. Code that
 * does not count instructions misses the thresholds and every case fails.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ByteConnection, ourReply } from './lua-parse-server.ts';

let conn: ByteConnection;
beforeAll(async () => {
  conn = await ByteConnection.open(inject('redisPort'));
});
afterAll(() => conn.close());

/** mulberry32: a small generator, so each pool's order is fixed by its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Statements over the locals `a`, `b`, `c` and `t`, between them every kind
 * of instruction and the generator's special cases: LOADNIL merged with the
 * one before, a NOT dropped before a test, LOADBOOLs for a comparison's value,
 * SETLIST every 50 items, CLOSE for a captured local, a closure's upvalue moves.
 */
const STATEMENTS = [
  'a = b',
  'a = a + 1',
  "g = a .. 'x' .. b",
  't.f = {1, 2, a, b = 3}',
  't[a] = not b',
  'a, b = b, a',
  'do local u, v = 1 end',
  'do local u, v, w end do local x end',
  'if a then b = 1 end',
  'if a < b then a = 1 else b = 2 end',
  'if not a then b = 2 elseif b then c = 3 end',
  'while a do break end',
  'for i = 1, 3 do a = i end',
  'for k, v in pairs(t) do b = v end',
  'repeat a = a - 1 until a < 0',
  'repeat local u = a g = function() return u end until u',
  'f(a, g(b))',
  "t:m(a, 'k')",
  'a = (a and b) or c',
  'c = a == b',
  'c = not (a and b)',
  'g = function(x) return x + a end',
  'do local u = a g = function() return u end end',
  'a = #t + -b',
  'a = {f(a)}',
  `a = {${Array.from({ length: 60 }, (_, i) => i % 7).join(', ')}}`,
  'a = t.x.y[b]',
  'c = a ~= b and a > 1 or b >= 2',
  'c = nil == a',
  'do local function h() return h end end',
  't.a, a = 1, 2',
  'a = f(a) or t[1]',
  'c = not not a',
  'while a < b do if c then break end a = a + 1 end',
  'for i = a, b, -1 do do local u = i g = function() return u end end end',
];

/** Operands of a long `and`/`or` chain. */
const OPERANDS = [
  'a',
  't.f',
  'a < b',
  'not a',
  'f(a)',
  '(a and b)',
  'a == 1',
  'nil',
  'true',
  '1',
  '(b or c)',
  'not (a < c)',
];

/** `n` items drawn from a pool in a fixed order. */
function drawn(pool: string[], seed: number, n: number): string[] {
  const next = rng(seed);
  return Array.from({ length: n }, () => pool[Math.floor(next() * pool.length)]!);
}

const LOCALS = 'local a, b, c, t = 1, 2, 3, {} ';
const body = (n: number, m: number, seed: number) =>
  `${drawn(STATEMENTS, seed, n).join('\n')}\n${'a = b '.repeat(m)}`;

/** Each shape: a script from `n` pool items and `m` paddings. */
const SHAPES = {
  'a while loop jumping back over its body': (n, m) =>
    `${LOCALS}while a do\n${body(n, m, 1)}\nend return 1`,
  'a numeric for loop': (n, m) => `${LOCALS}for i = 1, 2 do\n${body(n, m, 2)}\nend`,
  'a chain of elseif, each branch escaping to the end': (n, m) =>
    `${LOCALS}if a == 0 then b = 0\n${drawn(STATEMENTS, 8, n)
      .map((s, i) => `elseif a == ${i % 50} then ${s}`)
      .join('\n')}\nelse ${'a = b '.repeat(m)} end`,
  'a chain of and': (n, m) =>
    `${LOCALS}c = a and ${drawn(OPERANDS, 9, n).join(' and ')} and a${' + a'.repeat(m)}`,
  'a loop inside a function, failing at its end': (n, m) =>
    `g = function(...) ${LOCALS}while a do\n${body(n, m, 12)}\nend end`,
} satisfies Record<string, (n: number, m: number) => string>;

/** Each shape's threshold: [statements, paddings] of the first script that fails to compile. */
const THRESHOLDS: Record<keyof typeof SHAPES, [number, number]> = {
  'a while loop jumping back over its body': [21_305, 2],
  'a numeric for loop': [20_581, 1],
  'a chain of elseif, each branch escaping to the end': [13_971, 4],
  // Lua appends each operand's exit to the chain's list by walking the list to its end, so a
  // compile is quadratic in the operands (54,349 of them, the threshold with no paddings, took
  // the real server half a minute): a short chain made long by its last operand's paddings.
  'a chain of and': [3_000, 123_695],
  'a loop inside a function, failing at its end': [20_740, 62],
};

describe('control structure too long, to the instruction, against a real redis-server', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(name, { timeout: 300_000 }, async () => {
      const [n, m] = THRESHOLDS[name as keyof typeof SHAPES];
      const failing = shape(n, m);
      const short = shape(n, m - 1); // m > 0: one padding fewer
      expect(ourReply(failing)).toMatch(/control structure too long/);
      expect(ourReply(short)).toBeNull();
      expect(await conn.compile(short)).toBeNull();
      expect(await conn.compile(failing)).toBe(ourReply(failing));
    });
  }
});
