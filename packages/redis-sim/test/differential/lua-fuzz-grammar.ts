/**
 * A grammar of small Lua 5.1 scripts for the generated-script fuzzer: four
 * locals (a number `a`, a string `b`, anything `c`, a table `t`), statements
 * over them (assignments, table writes, if, bounded loops, pcall'd blocks,
 * redis.call on a small keyspace) and a return of some shape.
 *
 * Expressions are typed (number, string, any) so that most scripts run to
 * their end instead of failing at the first operator; a few untyped mixes are
 * kept on purpose, since error wording is compared too. Every loop is bounded
 * (at most 4 iterations, never nested), so a script always ends and stays small.
 */
import fc from 'fast-check';
import type { LuaCase } from './lua-compare.ts';

type Arb = fc.Arbitrary<string>;

const NUMBERS = [
  '0',
  '1',
  '-1',
  '2',
  '3',
  '7',
  '10',
  '0.5',
  '-2.5',
  '1e15',
  '2^53',
  '2^63',
  '1/0',
  '0/0',
  '0x10',
  '1e-3',
  '9007199254740993',
] as const;
const STRINGS = [
  "''",
  "'a'",
  "'abc'",
  "'10'",
  "' 7 '",
  "'0x10'",
  "'1e2'",
  "'x y'",
  "'ü'",
  "'-0'",
  "'nan'",
  "'a,b,c'",
  "'%d'",
  "'3.0'",
] as const;
const PATTERNS = ["'%d+'", "'(%a+)'", "'^%s*(.-)%s*$'", "'[a-c]'", "'.'", "'%p'", "'(%w)(%w)'"];
const SMALL = ['0', '1', '2', '3', '-1', '-2'] as const;

const small = fc.constantFrom(...SMALL);
const call = (name: string, ...args: Arb[]): Arb =>
  fc.tuple(...args).map((xs) => `${name}(${xs.join(', ')})`);
const bin = (x: Arb, ops: readonly string[], y: Arb): Arb =>
  fc.tuple(x, fc.constantFrom(...ops), y).map(([l, op, r]) => `(${l} ${op} ${r})`);

/** Keys by the type their value has in the first setup, and a few that may be anything. */
const KEY = {
  string: fc.constantFrom("'k1'", 'KEYS[1]', "'nokey'"),
  hash: fc.constantFrom("'h1'", 'KEYS[2]', "'nokey'"),
  zset: fc.constantFrom("'z1'", "'nokey'"),
  list: fc.constantFrom("'l1'", "'nokey'"),
  any: fc.constantFrom("'k1'", "'h1'", "'z1'", "'l1'", "'nokey'", 'KEYS[1]', 'KEYS[2]'),
};

interface Typed {
  num: Arb;
  str: Arb;
  any: Arb;
}

/** A number, string or boolean: never a table, whose text would be its address. */
const scalar = (e: Typed): Arb => fc.oneof(e.num, e.str, fc.constantFrom('true', 'false', 'nil'));

/** The expressions of one depth, from those one level shallower. */
function deeper(e: Typed, scope: { t: boolean; locals: boolean }): Typed {
  const numLeaf = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: scope.locals ? 3 : 0, arbitrary: fc.constant('a') },
    { weight: 1, arbitrary: fc.constant('#ARGV') },
  );
  const strLeaf = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...STRINGS) },
    { weight: scope.locals ? 3 : 0, arbitrary: fc.constant('b') },
    { weight: 2, arbitrary: fc.constantFrom('KEYS[1]', "(ARGV[1] or '')", "(ARGV[2] or 'z')") },
  );
  const num: Arb = fc.oneof(
    { weight: 5, arbitrary: numLeaf },
    { weight: 5, arbitrary: bin(e.num, ['+', '-', '*', '/', '%', '^'], e.num) },
    { weight: 1, arbitrary: e.num.map((x) => `-(${x})`) },
    { weight: 2, arbitrary: e.str.map((s) => `#${s}`) },
    { weight: 2, arbitrary: e.str.map((s) => `(tonumber(${s}) or 0)`) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        call('math.floor', e.num),
        call('math.max', e.num, e.num),
        call('math.abs', e.num),
        call('math.fmod', e.num, e.num),
        call('math.min', e.num, e.num),
        call('string.len', e.str),
        call('bit.band', e.num, e.num),
        call('bit.bxor', e.num, e.num),
        e.str.map((s) => `(string.byte(${s}) or -1)`),
        e.str.map((s) => `(string.find(${s}, 'a', 1, true) or 0)`),
        call('select', fc.constant("'#'"), e.any, e.any),
        fc.constant('math.huge'),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        KEY.any.map((k) => `redis.call('EXISTS', ${k})`),
        KEY.zset.map((k) => `redis.call('ZCARD', ${k})`),
        KEY.hash.map((k) => `redis.call('HLEN', ${k})`),
        KEY.list.map((k) => `redis.call('LLEN', ${k})`),
        fc.constant("tonumber(redis.call('TIME')[1])"),
      ),
    },
    { weight: scope.t ? 1 : 0, arbitrary: fc.constant('#t') },
  );
  const str: Arb = fc.oneof(
    { weight: 5, arbitrary: strLeaf },
    { weight: 3, arbitrary: bin(e.str, ['..'], fc.oneof(e.str, e.num)) },
    // tostring of a table prints its address, which no two servers share
    { weight: 2, arbitrary: call('tostring', scalar(e)) },
    {
      weight: 5,
      arbitrary: fc.oneof(
        call('string.sub', e.str, small, small),
        call('string.rep', e.str, fc.constantFrom('0', '1', '2', '3')),
        call('string.upper', e.str),
        call('string.lower', e.str),
        call('string.reverse', e.str),
        call('string.char', fc.constantFrom('65', '97', '200', '0', '48, 49')),
        fc
          .tuple(
            e.str,
            fc.constantFrom(...PATTERNS),
            fc.constantFrom("'%1'", "'-'", "''", "'%0%0'"),
          )
          .map(([s, p, r]) => `(string.gsub(${s}, ${p}, ${r}))`),
        fc
          .tuple(e.str, fc.constantFrom(...PATTERNS))
          .map(([s, p]) => `(string.match(${s}, ${p}) or '')`),
        call(
          'string.format',
          fc.constantFrom("'%d'", "'%.3f'", "'%5.1f'", "'%x'", "'%g'", "'%.14g'", "'%e'"),
          e.num,
        ),
        call('string.format', fc.constantFrom("'%s|'", "'%q'", "'%5s'", "'%-4s|'"), e.str),
        call('type', e.any),
        call('cjson.encode', e.any),
        call(
          'table.concat',
          fc.constantFrom(...(scope.t ? ['t', '{1, 2, 3}'] : ['{1, 2.5}', '{}'])),
          fc.constantFrom("','", "''"),
        ),
        call('redis.sha1hex', e.str),
        call('bit.tohex', e.num),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        KEY.string.map((k) => `(redis.call('GET', ${k}) or 'none')`),
        fc.tuple(KEY.hash, e.str).map(([k, f]) => `(redis.call('HGET', ${k}, ${f}) or 'none')`),
        fc.tuple(KEY.zset, e.str).map(([k, m]) => `(redis.call('ZSCORE', ${k}, ${m}) or 'none')`),
        KEY.any.map((k) => `redis.call('TYPE', ${k}).ok`),
        e.any.map((x) => `redis.call('ECHO', ${x})`),
      ),
    },
  );
  const table: Arb = fc.oneof(
    fc.array(e.any, { maxLength: 3 }).map((xs) => `{${xs.join(', ')}}`),
    fc.tuple(e.any, e.any).map(([x, y]) => `{x = ${x}, ${y}}`),
    fc.tuple(e.any, e.any).map(([x, y]) => `{${x}, nil, ${y}}`),
    fc.constantFrom('cjson.decode(\'[1,2,{"a":3}]\')', 'cjson.decode(\'{"k":"v","n":[true]}\')'),
    fc.oneof(
      KEY.zset.map((k) => `redis.call('ZRANGE', ${k}, 0, -1, 'WITHSCORES')`),
      KEY.hash.map((k) => `redis.call('HGETALL', ${k})`),
      KEY.list.map((k) => `redis.call('LRANGE', ${k}, 0, -1)`),
      fc.constant("redis.call('TIME')"),
    ),
  );
  const any: Arb = fc.oneof(
    { weight: 4, arbitrary: num },
    { weight: 4, arbitrary: str },
    { weight: 1, arbitrary: fc.constantFrom('nil', 'true', 'false') },
    { weight: scope.locals ? 2 : 0, arbitrary: fc.constant('c') },
    { weight: 2, arbitrary: table },
    {
      weight: 2,
      arbitrary: fc.oneof(
        bin(e.num, ['<', '<=', '==', '~='], e.num),
        bin(e.str, ['<', '>=', '==', '~='], e.str),
      ),
    },
    { weight: 2, arbitrary: bin(e.any, ['and', 'or', '==', '~='], e.any) },
    { weight: 1, arbitrary: e.any.map((x) => `not ${x}`) },
    { weight: scope.t ? 2 : 0, arbitrary: e.any.map((k) => `t[${k}]`) },
    // never `t` itself: a table holding itself is a reply Redis nests thousands deep
    { weight: scope.t ? 1 : 0, arbitrary: fc.constantFrom('t.x', 'unpack(t)', 'next(t)') },
    {
      weight: 1,
      arbitrary: call(
        'pcall',
        fc.constantFrom('tostring', 'error', 'string.rep', 'tonumber', 'cjson.decode'),
        scalar(e),
      ),
    },
    // untyped on purpose: the runtime's error wording is compared too
    { weight: 1, arbitrary: bin(e.any, ['+', '..', '<', '%'], e.any) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.tuple(KEY.any, e.any).map(([k, v]) => `redis.pcall('SET', ${k}, ${v})`),
        fc.tuple(KEY.any, e.any).map(([k, v]) => `redis.pcall('HGET', ${k}, ${v})`),
        fc.tuple(KEY.any, e.any, e.any).map(([k, s, m]) => `redis.pcall('ZADD', ${k}, ${s}, ${m})`),
      ),
    },
  );
  return { num, str, any };
}

/** Typed expressions up to `depth`, for a scope. */
function typed(depth: number, scope: { t: boolean; locals: boolean }): Typed[] {
  const levels: Typed[] = [];
  // depth 0: leaves only
  const leaf = deeper(
    { num: fc.constantFrom(...NUMBERS), str: fc.constantFrom(...STRINGS), any: fc.constant('nil') },
    { t: false, locals: scope.locals },
  );
  levels.push(leaf);
  for (let d = 1; d <= depth; d++) levels.push(deeper(levels[d - 1] as Typed, scope));
  return levels;
}

const E = typed(2, { t: true, locals: true });
/** Typed expressions over the locals, two levels deep (shared with the coroutine fuzzer). */
export const e = E[2] as Typed;
/** The same, one level deep. */
export const e1 = E[1] as Typed;
/** The locals' initial values see only KEYS, ARGV and literals. */
const init = typed(1, { t: false, locals: false })[1] as Typed;

/** Statements that never loop. */
const plain: Arb = fc.oneof(
  { weight: 4, arbitrary: e.num.map((x) => `a = ${x}`) },
  { weight: 4, arbitrary: e.str.map((x) => `b = ${x}`) },
  { weight: 3, arbitrary: e.any.map((x) => `c = ${x}`) },
  {
    weight: 3,
    arbitrary: fc.tuple(fc.oneof(e1.num, e1.str), e.any).map(([k, v]) => `t[${k}] = ${v}`),
  },
  { weight: 2, arbitrary: e.any.map((x) => `table.insert(t, ${x})`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('table.remove(t)', 'table.sort(t)', 't = {}', 'table.remove(t, 1)'),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      fc
        .tuple(KEY.string, fc.oneof(e1.str, e1.num))
        .map(([k, v]) => `redis.call('SET', ${k}, ${v})`),
      fc
        .tuple(KEY.hash, e1.str, fc.oneof(e1.str, e1.num))
        .map(([k, f, v]) => `redis.call('HSET', ${k}, ${f}, ${v})`),
      fc.tuple(KEY.zset, e1.num, e1.str).map(([k, s, m]) => `redis.call('ZADD', ${k}, ${s}, ${m})`),
      fc.tuple(KEY.list, e1.str).map(([k, v]) => `redis.call('RPUSH', ${k}, ${v})`),
      fc.tuple(KEY.any).map(([k]) => `redis.call('DEL', ${k})`),
      fc.tuple(KEY.zset, e1.str).map(([k, m]) => `redis.call('ZREM', ${k}, ${m})`),
      fc.tuple(KEY.hash, e1.str).map(([k, f]) => `redis.call('HDEL', ${k}, ${f})`),
    ),
  },
  // a string or an {err=} table: Redis 7.0.15 crashes (SIGSEGV in luaCallFunction)
  // when a script dies of a table error with no err field, so none is raised
  { weight: 1, arbitrary: e.str.map((x) => `error(${x})`) },
  { weight: 1, arbitrary: e.str.map((x) => `error({err = ${x}})`) },
  {
    weight: 2,
    arbitrary: e.any.map((x) => `local ok, err = pcall(function() return ${x} end) c = {ok, err}`),
  },
);
const block = (s: Arb, max: number) =>
  fc.array(s, { minLength: 1, maxLength: max }).map((xs) => xs.join('\n  '));

/** Statements, loops included; loop bodies hold only plain statements. */
export const statement: Arb = fc.oneof(
  { weight: 8, arbitrary: plain },
  {
    weight: 3,
    arbitrary: fc
      .tuple(e.any, block(plain, 3), fc.option(block(plain, 2), { nil: null }))
      .map(([cond, y, n]) => `if ${cond} then\n  ${y}\n${n === null ? '' : `else\n  ${n}\n`}end`),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('1, 3', '1, 4', '3, 1, -1', '0, 1, 0.5', '1, 0'), block(plain, 3))
      .map(([range, body]) => `for i = ${range} do\n  a = i\n  ${body}\nend`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(e.any, block(plain, 2))
      .map(
        ([cond, body]) => `local n = 0\nwhile n < 4 and ${cond} do\n  n = n + 1\n  ${body}\nend`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'local ks = {} for k in pairs(t) do ks[#ks + 1] = k end c = ks',
      'local vs = {} for i, v in ipairs(t) do vs[i] = v end c = vs',
      "local parts = {} for k, v in pairs(t) do parts[#parts + 1] = tostring(k) .. '=' .. type(v) end b = table.concat(parts, ';')",
    ),
  },
);

const ret: Arb = fc.oneof(
  { weight: 4, arbitrary: e.any.map((x) => `return ${x}`) },
  { weight: 3, arbitrary: fc.constant('return {a, b, c, t}') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'return t',
      'return {t, {a}, b}',
      'return cjson.encode(t)',
      'return {b, a, #t}',
    ),
  },
  { weight: 1, arbitrary: e.str.map((x) => `return redis.status_reply(${x})`) },
  { weight: 1, arbitrary: e.str.map((x) => `return {err = ${x}}`) },
  { weight: 1, arbitrary: e.str.map((x) => `return redis.error_reply(${x})`) },
);

/** The keyspaces a generated script starts from. */
const SETUPS: ReadonlyArray<ReadonlyArray<readonly string[]>> = [
  [
    ['SET', 'k1', '10'],
    ['HSET', 'h1', 'f', '1', 'g', 'x'],
    ['ZADD', 'z1', '1', 'a', '2.5', 'b'],
    ['RPUSH', 'l1', 'x', 'y'],
  ],
  [
    ['SET', 'k1', 'abc'],
    ['ZADD', 'z1', 'inf', 'm'],
    ['HSET', 'h1', 'attempts', '1'],
  ],
  [],
];
const ARGVS = [['5', 'x', '1.5'], ['', '0x10', ' 7 '], ['nan', '-0', '1e400'], [], ['a']] as const;

/** The parts of a generated script around its statements: the locals' values, keyspace, arguments. */
const initsArb = fc.tuple(init.num, init.str, init.any, fc.array(init.any, { maxLength: 3 }));
export const frameArb = fc.record({
  inits: initsArb,
  setup: fc.nat({ max: SETUPS.length - 1 }),
  argv: fc.nat({ max: ARGVS.length - 1 }),
});
export type FuzzFrame = typeof frameArb extends fc.Arbitrary<infer F> ? F : never;

/** A generated case: the four locals, then `lines`, on its keyspace and arguments. */
export function frameCase(
  { inits: [a, b, c, t], setup, argv }: FuzzFrame,
  lines: string[],
): LuaCase {
  const script = [
    `local a = ${a}`,
    `local b = ${b}`,
    `local c = ${c}`,
    `local t = {${t.join(', ')}}`,
    ...lines,
  ].join('\n');
  return {
    name: 'generated',
    script,
    keys: ['k1', 'h1'],
    args: [...(ARGVS[argv] ?? [])],
    setup: SETUPS[setup] ?? [],
  };
}

/** One generated script and the keyspace and arguments it runs with. */
export const fuzzCaseArb: fc.Arbitrary<LuaCase> = fc
  .record({
    inits: initsArb,
    body: fc.array(statement, { minLength: 0, maxLength: 6 }),
    ret,
    setup: fc.nat({ max: SETUPS.length - 1 }),
    argv: fc.nat({ max: ARGVS.length - 1 }),
  })
  .map(({ inits, body, ret: r, setup, argv }) => frameCase({ inits, setup, argv }, [...body, r]));
