/**
 * The math library against a real redis-server 7.0.15: every function on
 * special values and generated doubles (results compared as %.17g), the
 * argument errors, and Redis's deterministic math.random — seeded
 * sequences, and a fresh server's sequence carried from one EVAL to the next.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { startRedis } from './redis-process.ts';
import { createServer } from '../../src/index.ts';
import { createMathLib } from '../../src/lua/lib/math.ts';
import { RedisRand48 } from '../../src/lua/lib/redis-rand48.ts';
import { parseLuaNumber } from '../../src/lua/number-text.ts';
import { LuaFunction, type LuaValue } from '../../src/lua/values.ts';
import { divergences } from './lua-strings-compare.ts';
import { exactText, useLibServer } from './lua-strings-suite.ts';
import {
  connectBytes,
  errorText,
  NIL,
  num,
  str,
  TABLE,
  type Arg,
  type LibCall,
} from './lua-strings-harness.ts';

const server = useLibServer();
const { expectSame } = server;

const math = (fn: string, ...args: Arg[]): LibCall => ({ fn: `math.${fn}`, args });

/** Functions with one right answer: exact, or correctly rounded on both sides (exp … tan, and pow). */
const EXACT_UNARY = [
  'abs',
  'ceil',
  'floor',
  'sqrt',
  'modf',
  'frexp',
  'deg',
  'rad',
  'exp',
  'log',
  'sin',
  'cos',
  'tan',
  'asin',
  'acos',
  'atan',
];
/** Functions computed by glibc's fdlibm formulas (on the exact exp and log here). */
const LIBM_UNARY = ['cosh', 'log10', 'sinh', 'tanh'];
const BINARY = ['atan2', 'fmod', 'pow', 'ldexp', 'max', 'min'];

const SPECIALS = [
  '0',
  '-0',
  '1',
  '-1',
  '0.5',
  '-0.5',
  '1.5',
  '-1.5',
  '2.5',
  '3',
  '-3',
  '10',
  '100',
  '1e15',
  '1e300',
  '-1e300',
  '4.9e-324',
  '2.2250738585072014e-308',
  '1e-310',
  'inf',
  '-inf',
  'nan',
  '-nan',
  '3.141592653589793',
  '0.1',
  '1e-5',
  '9007199254740993',
  '2',
  '-2',
  '0.25',
  '1024',
  '-1075',
  '7',
];

describe('math against a real redis-server', () => {
  test('every function on special values, and the argument errors', async () => {
    const calls: LibCall[] = [];
    for (const fn of [...EXACT_UNARY, ...LIBM_UNARY]) {
      const digits = LIBM_UNARY.includes(fn) ? 14 : 17;
      for (const v of SPECIALS) calls.push({ ...math(fn, num(v)), digits });
      calls.push(math(fn), math(fn, NIL), math(fn, str('x')), math(fn, TABLE), {
        ...math(fn, str(' 4 ')),
        digits,
      });
    }
    for (const fn of BINARY) {
      const digits = 17;
      for (const a of SPECIALS)
        for (const b of SPECIALS) calls.push({ ...math(fn, num(a), num(b)), digits });
      calls.push(
        math(fn),
        math(fn, num(1)),
        math(fn, num(1), str('y')),
        math(fn, str('2'), str('3')),
      );
    }
    calls.push(
      math('max', num(1), num(2), num(3)),
      math('max', num('nan'), num(1)),
      math('max', num(1), num('nan')),
      math('min', num('nan'), num(1)),
      math('min', num(-0), num(0)),
      math('max', num(0), num(-0)),
      math('max', num(1), NIL),
      math('min', num(1), num(2), TABLE),
      math('ldexp', num(1), num(2 ** 32 + 3)),
      math('ldexp', num(1), num(1.9)),
      math('ldexp', num(3), num(-1074)),
      math('ldexp', num(3), num(-1075)),
      math('ldexp', num(1.5), num(-1074)),
      math('ldexp', num(2.5), num(-1075)),
      math('ldexp', num(0.75), num(-1073)),
      math('ldexp', num(1), num(1024)),
      math('ldexp', num(0.5), num(1025)),
      math('random', num(1), num(2), num(3)),
      math('random', num(0)),
      math('random', num(-5)),
      math('random', num(3), num(2)),
      math('random', str('x')),
      math('random', num(1), TABLE),
      math('random', NIL),
      math('randomseed'),
      math('randomseed', str('x')),
      math('mod', num(7), num(3)),
      math('mod', num(-7), num(3)),
    );
    await expectSame(calls);
  });

  test('the constants pi and huge', async () => {
    const reply = (await server.redis.call(
      'EVAL',
      "return {string.format('%.17g', math.pi), tostring(math.huge)}",
      '0',
    )) as string[];
    const lib = createMathLib(undefined as never);
    expect(reply).toEqual([exactText(lib.get('pi') as number), 'inf']);
  });

  test('3000 generated doubles through the exactly rounded functions and fmod/max/min/ldexp', async () => {
    const doubleArb = fc.oneof(
      fc.double(),
      fc.double({ min: -1e6, max: 1e6 }),
      fc.integer({ min: -2000, max: 2000 }).map((n) => n / 4),
    );
    const cases = fc.sample(
      fc.tuple(
        fc.constantFrom(...EXACT_UNARY, 'fmod', 'max', 'min', 'ldexp'),
        doubleArb,
        doubleArb,
      ),
      { seed: 5108, numRuns: 3000 },
    );
    await expectSame(
      cases.map(([fn, a, b]) => {
        if (fn === 'ldexp') return math(fn, num(exactText(a)), num(Math.round(b) % 2200));
        if (EXACT_UNARY.includes(fn)) return math(fn, num(exactText(a)));
        return math(fn, num(exactText(a)), num(exactText(b)));
      }),
    );
  });

  test('exp, log, pow, sin, cos, tan, atan, atan2, asin, acos on generated doubles, to the last bit (five pinned near-ties glibc misses)', async () => {
    const exps = fc.sample(
      fc.oneof(
        fc.double({ min: -746, max: 710 }),
        fc.double({ min: -1, max: 1 }),
        fc.double({ min: -1e-10, max: 1e-10 }),
      ),
      { seed: 5111, numRuns: 2000 },
    );
    const logs = fc.sample(
      fc.oneof(
        fc.double({ min: 0, noNaN: true }),
        fc.double({ min: 0.5, max: 2 }),
        fc.double({ min: 0, max: 1e-300 }),
      ),
      { seed: 5112, numRuns: 2000 },
    );
    const pows = fc.sample(
      fc.oneof(
        fc.tuple(fc.double({ min: 0, max: 100 }), fc.double({ min: -50, max: 50 })),
        fc.tuple(fc.double({ min: -1e3, max: 1e3 }), fc.integer({ min: -40, max: 40 })),
        fc.tuple(fc.integer({ min: -300000, max: 300000 }), fc.integer({ min: 0, max: 5 })),
        fc.tuple(fc.double({ min: 0.999, max: 1.001 }), fc.double({ min: -1e6, max: 1e6 })),
        fc.tuple(fc.double(), fc.double()),
      ),
      { seed: 5113, numRuns: 2000 },
    );
    const angles = fc.sample(
      fc.oneof(
        fc.double({ min: -10, max: 10 }),
        fc.double({ min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: -100000, max: 100000 }),
        fc.double({ min: -1e-6, max: 1e-6 }),
      ),
      { seed: 5114, numRuns: 1000 },
    );
    const found = await divergences(server.redis, [
      ...angles.flatMap((x) =>
        ['sin', 'cos', 'tan', 'atan'].map((fn) => math(fn, num(exactText(x)))),
      ),
      ...angles.map((x, i) =>
        math('atan2', num(exactText(x)), num(exactText(angles[(i * 7 + 3) % angles.length] ?? 1))),
      ),
      ...angles.flatMap((x) => ['asin', 'acos'].map((fn) => math(fn, num(exactText(Math.sin(x)))))),
      ...exps.map((x) => math('exp', num(exactText(x)))),
      ...logs.map((x) => math('log', num(exactText(x)))),
      ...pows.map(([x, y]) => math('pow', num(exactText(x)), num(exactText(y)))),
    ]);
    const seen = found.map((d) => [
      d.call.fn,
      d.call.args.map((a) => ('text' in a ? a.text : a.t)),
      d.server[1],
      d.sim[1],
    ]);
    expect(seen).toEqual(KNOWN_GLIBC_MISSES);
  });

  test("the ^ operator is C's pow too: generated pairs and the special cases, to the last bit", async () => {
    // Lua 5.1's luai_numpow is the C library's pow, so `x ^ y` answers as math.pow does; the
    // lua fuzzer found it had been JavaScript's Math.pow (0.5 ^ -2.5, (-1) ^ math.huge, 1 ^ nan)
    const pairs = fc.sample(
      fc.oneof(
        fc.tuple(fc.double({ min: 0, max: 100 }), fc.double({ min: -50, max: 50 })),
        fc.tuple(fc.double({ min: -1e3, max: 1e3 }), fc.integer({ min: -40, max: 40 })),
        fc.tuple(fc.integer({ min: -2000, max: 2000 }).map((n) => n / 4), fc.constantFrom(-2.5, -1, -0.5, 0.5, 1, 2, 3)),
        fc.tuple(fc.constantFrom(1, -1, 0, -0, Infinity, -Infinity, NaN), fc.constantFrom(Infinity, -Infinity, NaN, 0, -0, 0.5, 3, -3)),
      ),
      { seed: 5115, numRuns: 1500 },
    ); // prettier-ignore
    const script = `local o = {}
for i = 1, #ARGV, 2 do
  local v = tonumber(ARGV[i]) ^ tonumber(ARGV[i + 1])
  o[#o + 1] = v ~= v and 'nan' or string.format('%.17g', v)
end
return o`;
    const args = pairs.flatMap(([x, y]) => [exactText(x), exactText(y)]);
    const real = (await server.redis.eval(script, 0, ...args)) as string[];
    const sim = createServer().call(['EVAL', script, '0', ...args]) as string[];
    const differ = pairs
      .map(([x, y], i) => ({ pair: `${exactText(x)} ^ ${exactText(y)}`, real: real[i], sim: sim[i] }))
      .filter((d) => d.real !== d.sim); // prettier-ignore
    expect(differ).toEqual([]);
  });

  const libmCases = fc
    .sample(
      fc.tuple(
        fc.constantFrom(...LIBM_UNARY),
        fc.oneof(
          fc.double({ min: -20, max: 20 }),
          fc.double({ min: -1e3, max: 1e3 }),
          fc.integer({ min: -50, max: 50 }),
        ),
        fc.oneof(fc.double({ min: -10, max: 10 }), fc.integer({ min: -20, max: 20 })),
      ),
      { seed: 5109, numRuns: 3000 },
    )
    .map(([fn, a, b]) =>
      fn === 'pow' || fn === 'atan2'
        ? math(fn, num(exactText(a)), num(exactText(b)))
        : math(fn, num(exactText(a))),
    );

  test('3000 generated doubles through cosh, sinh, tanh and log10, as tostring shows them', async () => {
    await expectSame(libmCases.map((c) => ({ ...c, digits: 14 })));
  });

  // cosh, sinh, tanh and log10 follow glibc's formulas on the exact exp/log,
  // so they differ only where glibc's own exp misses: pinned.
  test("the same 3000 to the last bit: one pinned case, from glibc's exp", async () => {
    const found = await divergences(server.redis, libmCases);
    const seen = found.map((d) => [
      d.call.fn,
      d.call.args.map((a) => ('text' in a ? a.text : a.t)),
      d.server[1],
      d.sim[1],
    ]);
    expect(seen).toEqual([
      // glibc's exp(19.999999999999979) is 485165195.40977997, the correctly
      // rounded one is …991 (mpmath, 300 bits); cosh halves it
      ['math.cosh', ['19.999999999999979'], 'n:242582597.70488998', 'n:242582597.70488995'],
    ]);
  });
});

/**
 * Where the generated exp/log/pow/sin/cos/tan cases differ from glibc: in
 * each the simulator's answer is the correctly rounded one (checked with
 * mpmath at 400 bits: the true value lies a hair nearer the simulator's
 * double, or exactly between the two for the integer powers, where the
 * simulator rounds to even). glibc's implementations are not correctly
 * rounded in such near-tie cases; matching them would mean porting them.
 */
const KNOWN_GLIBC_MISSES = [
  ['math.sin', ['-82010'], 'n:-0.95692580463340426', 'n:-0.95692580463340415'],
  ['math.tan', ['-7.0369680909332444e+71'], 'n:2.2911052228736626', 'n:2.2911052228736621'],
  ['math.log', ['1.2325613176781842'], 'n:0.20909437634885625', 'n:0.20909437634885628'],
  ['math.pow', ['-21126', '4'], 'n:1.9919072017963139e+17', 'n:1.9919072017963136e+17'],
  ['math.pow', ['222537', '3'], 'n:11020636732608154', 'n:11020636732608152'],
];

/** The server-side sequence: optionally seed, then `count` calls of math.random(args). */
const RANDOM_SCRIPT = `
if ARGV[1] ~= 'none' then math.randomseed(tonumber(ARGV[1])) end
local a, b = tonumber(ARGV[3]), tonumber(ARGV[4])
local out = {}
for i = 1, tonumber(ARGV[2]) do
  local ok, v = pcall(function()
    if a == nil then return math.random() end
    if b == nil then return math.random(a) end
    return math.random(a, b)
  end)
  out[i] = ok and string.format('%.17g', v) or string.gsub(v, '^user_script:%d+: ', '')
end
return out
`;

function simRandom(rand: RedisRand48, seed: string, count: number, a: string, b: string): string[] {
  const lib = createMathLib(undefined as never, rand);
  const random = lib.get('random') as LuaFunction;
  // the library's own randomseed, so its reading of the seed (luaL_checkint) is compared too
  if (seed !== 'none') (lib.get('randomseed') as LuaFunction).call([parseLuaNumber(seed)]);
  const args: LuaValue[] = [a, b].filter((x) => x !== '').map((x) => parseLuaNumber(x));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    try {
      out.push(exactText(random.call(args)[0] as number));
    } catch (err) {
      out.push(errorText(err, 'random'));
    }
  }
  return out;
}

describe("Redis's math.random against a real redis-server", () => {
  test('seeded sequences with no bound, an upper bound, and both bounds', async () => {
    const cases = fc.sample(
      fc.tuple(
        fc.oneof(
          fc.integer(),
          fc.constantFrom(0, 1, -1, 2 ** 31 - 1, -(2 ** 31)),
          fc.double({ min: -1e12, max: 1e12 }),
        ),
        fc.oneof(
          fc.constant(['', '']),
          fc.tuple(fc.integer({ min: -3, max: 1e9 }).map(String), fc.constant('')),
          fc.tuple(
            fc.integer({ min: -100, max: 100 }).map(String),
            fc.integer({ min: -100, max: 1000 }).map(String),
          ),
          fc.constantFrom(
            ['-2147483648', '2147483647'],
            ['0', '2147483647'],
            ['1', '3.9'],
            ['2147483648', '0'],
          ),
        ),
      ),
      { seed: 5110, numRuns: 300 },
    );
    const p = server.redis.pipeline();
    const expected: string[][] = [];
    for (const [seed, [a, b]] of cases) {
      const seedText = exactText(seed);
      p.call('EVAL', RANDOM_SCRIPT, '0', seedText, '20', a, b);
      expected.push(simRandom(new RedisRand48(), seedText, 20, a, b));
    }
    const results = (await p.exec()) ?? [];
    const diverging = results
      .map(([, v], i) => ({ server: v, sim: expected[i], seed: cases[i] }))
      .filter((r) => JSON.stringify(r.server) !== JSON.stringify(r.sim));
    expect(
      JSON.stringify(diverging.slice(0, 3)),
      `${diverging.length} of ${cases.length} sequences diverge`,
    ).toBe('[]');
  });

  test("a fresh server's sequence starts from Redis's fixed seed and carries on across EVALs", async () => {
    const server = await startRedis();
    const fresh = await connectBytes(server.port);
    try {
      const first = await fresh.call('EVAL', RANDOM_SCRIPT, '0', 'none', '5', '', '');
      const second = await fresh.call('EVAL', RANDOM_SCRIPT, '0', 'none', '5', '100', '');
      const rand = new RedisRand48();
      expect([first, second]).toEqual([
        simRandom(rand, 'none', 5, '', ''),
        simRandom(rand, 'none', 5, '100', ''),
      ]);
    } finally {
      await fresh.quit();
      await server.stop();
    }
  });
});

export { LuaFunction };
