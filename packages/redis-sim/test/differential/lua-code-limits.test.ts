/**
 * Lua 5.1's jump limit against a real redis-server 7.0.15: a jump's offset is
 * an 18-bit operand, so a loop, a branch or an `and`/`or` chain whose jump
 * spans more than 131,071 instructions fails to compile with `control
 * structure too long`, at the token being read when that jump is aimed. The
 * simulator must find the same threshold to the instruction, which it does
 * only if it counts every instruction Lua's code generator makes.
 *
 * For each shape the threshold is searched on the simulator's parser: first
 * the number of statements (or operands) from a seeded pool, then, with one
 * fewer, the number of one-instruction paddings (`a = b`, a MOVE, or `+ a`, an ADD).
 * The real server must then compile the script one instruction short of it
 * and refuse the script at it with the simulator's exact reply. On code that
 * does not count instructions no threshold is found and every case fails.
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
const SHAPES: Record<string, (n: number, m: number) => string> = {
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
};

/** The smallest `x` in (lo, hi] where `fails(x)`, given `fails(hi)` and not `fails(lo)`. */
function firstFailing(lo: number, hi: number, fails: (x: number) => boolean): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fails(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The simulator's threshold: [statements, paddings] with the first failing script. */
function threshold(shape: (n: number, m: number) => string): [number, number] {
  const fails = (n: number, m: number) =>
    ourReply(shape(n, m))?.includes('control structure too long') ?? false;
  let hi = 4096;
  while (!fails(hi, 0)) {
    hi *= 2;
    // a pool's items cost two instructions or more on average: past 65,536 a jump is too long
    if (hi > 1 << 16) throw new Error('no threshold: the script always compiles');
  }
  const n = firstFailing(0, hi, (x) => fails(x, 0)) - 1;
  let top = 16;
  while (!fails(n, top)) {
    top *= 2;
    if (top > 1 << 17) throw new Error('no threshold: padding never makes the jump too long');
  }
  return [n, firstFailing(-1, top, (m) => fails(n, m))];
}

describe('control structure too long, to the instruction, against a real redis-server', () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(name, { timeout: 300_000 }, async () => {
      const [n, m] = threshold(shape);
      const failing = shape(n, m);
      expect(ourReply(failing)).toMatch(/control structure too long/);
      expect(await conn.compile(shape(n, m - 1))).toBeNull(); // m > 0: shape(n, 0) compiles
      expect(await conn.compile(failing)).toBe(ourReply(failing));
    });
  }
});
