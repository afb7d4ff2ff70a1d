/**
 * The command fuzzer's grammars for every sorted-set command, SORT/SORT_RO and the SCAN family:
 * well-formed argument lists drawn from each command's syntax (options in any order, ranges of
 * every kind, numkeys right and wrong), over the fuzzer's own keys and values, which
 * command-fuzz-gen.ts hands in (this file imports nothing of it, so the two make no circle).
 */
import fc from 'fast-check';

type Grammar = fc.Arbitrary<string[]>;

/** The fuzzer's building blocks this file draws from. */
export interface FuzzParts {
  key: fc.Arbitrary<string>;
  member: fc.Arbitrary<string>;
  float: fc.Arbitrary<string>;
  int: fc.Arbitrary<string>;
  count: fc.Arbitrary<string>;
  cursor: fc.Arbitrary<string>;
  scanOptions: fc.Arbitrary<string[]>;
  manyInts: fc.Arbitrary<string[]>;
  /** a blocking command's timeout: waits, none, for ever and refused ones */
  timeout: fc.Arbitrary<string>;
}

const lexBound = fc.constantFrom('-', '+', '[a', '(a', '[b', '(c', '[', '(', 'a', '[x', '[1', '(7');
const scoreBoundWords = fc.constantFrom('(1', '(2', '-inf', '+inf', '(-inf', 'x', '(2.5', '(');
const flat = (parts: Array<string | readonly string[]>) => parts.flat();

/** Every grammar of this file, built on the fuzzer's parts. */
export function zsetGrammars(p: FuzzParts): Record<string, Grammar> {
  const { float, int, count } = p;
  // most of the pool's keys are not sorted sets, nor most of its members in one: the key
  // 'zset' and its members a, b, c are drawn half the time, so ranges and pops meet members
  const key = fc.oneof(p.key, fc.constant('zset'));
  const member = fc.oneof(p.member, fc.constantFrom('a', 'b', 'c'));
  const score = fc.oneof(float, int);
  const scoreBound = fc.oneof(float, scoreBoundWords);
  const limit = fc.tuple(fc.constant('LIMIT'), count, count).map((t) => [...t]);
  const opt = <T extends string[]>(a: fc.Arbitrary<T>) => fc.option(a, { nil: [] as string[] });
  const keys = (min: number, max: number) => fc.array(key, { minLength: min, maxLength: max });
  // numkeys mostly right, sometimes not a count of the keys given
  const numkeysAnd = (ks: string[]) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(String(ks.length)) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', 'x', '5', '2') },
    );
  const withNumkeys = keys(1, 3).chain((ks) => numkeysAnd(ks).map((n) => [n, ...ks]));
  const weights = (n: number) =>
    fc.tuple(fc.constant('WEIGHTS'), fc.array(score, { minLength: n, maxLength: n + 1 }));
  const aggregate = fc
    .tuple(fc.constant('AGGREGATE'), fc.constantFrom('SUM', 'MIN', 'max', 'avg'))
    .map((t) => [...t]);
  const algebraOptions = (n: number, store: boolean) =>
    fc
      .tuple(
        opt(weights(n).map(([w, ws]) => [w, ...ws])),
        opt(aggregate),
        store ? fc.constant([] as string[]) : opt(fc.constant(['WITHSCORES'])),
      )
      .chain((os) => fc.shuffledSubarray(os, { minLength: os.length }))
      .map((os) => os.flat());
  const algebra = (store: boolean) =>
    fc
      .tuple(store ? key.map((k) => [k]) : fc.constant([] as string[]), withNumkeys)
      .chain(([d, nk]) => algebraOptions(nk.length - 1, store).map((o) => flat([d, nk, o])));
  // ZRANGE's three kinds of range, its options in any order
  const rangeArgs = (withScores: boolean) =>
    fc
      .oneof(
        fc.tuple(int, int, fc.constant([] as string[])),
        fc.tuple(scoreBound, scoreBound, fc.constant(['BYSCORE'])),
        fc.tuple(lexBound, lexBound, fc.constant(['BYLEX'])),
      )
      .chain(([a, b, by]) =>
        fc
          .tuple(
            opt(fc.constant(['REV'])),
            opt(limit),
            withScores ? opt(fc.constant(['WITHSCORES'])) : fc.constant([]),
          )
          .chain((os) => fc.shuffledSubarray([by, ...os], { minLength: os.length + 1 }))
          .map((os) => [a, b, ...os.flat()]),
      );
  const addOptions = fc.subarray(['NX', 'XX', 'GT', 'LT', 'CH', 'INCR']);
  const pairs = fc
    .array(fc.tuple(score, member), { minLength: 1, maxLength: 3 })
    .map((ps) => ps.flat());
  const sortPattern = fc.constantFrom('nosort', 'h*sh->f2', 'h*sh->f1', '*', 'nokey_*');
  const getPattern = fc.constantFrom('#', 'h*sh->f1', 'nokey_*', 'fixed', '*');
  const sortOptions = (store: boolean) =>
    fc
      .tuple(
        opt(sortPattern.map((b) => ['BY', b])),
        opt(limit),
        fc
          .array(
            getPattern.map((g) => ['GET', g]),
            { maxLength: 2 },
          )
          .map((gs) => gs.flat()),
        opt(fc.constantFrom(['ASC'], ['DESC'], ['desc'])),
        opt(fc.constant(['ALPHA'])),
        store ? opt(key.map((k) => ['STORE', k])) : fc.constant([]),
      )
      // ALPHA by a pattern ties on every missing value, where a set's order (its hash table's)
      // would decide: ALPHA only without a BY pattern
      .map(([by, ...rest]) =>
        rest[3]!.length && by.length && by[1]!.includes('*') ? rest : [by, ...rest],
      )
      .chain((os) => fc.shuffledSubarray(os, { minLength: os.length }))
      .map((os) => os.flat());

  return {
    ZADD: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(key, addOptions, pairs).map(([k, o, ps]) => [k, ...o, ...ps]),
      },
      // a set over its listpack's 128 members, every member at one score (what BYLEX wants)
      {
        weight: 1,
        arbitrary: fc
          .tuple(key, p.manyInts)
          .map(([k, ms]) => [k, ...ms.flatMap((m) => ['0', `m${m}`])]),
      },
    ),
    ZINCRBY: fc.tuple(key, score, member).map((a) => [...a]),
    ZREM: fc
      .tuple(key, fc.array(member, { minLength: 1, maxLength: 3 }))
      .map(([k, m]) => [k, ...m]),
    ZCARD: key.map((k) => [k]),
    ZSCORE: fc.tuple(key, member).map((a) => [...a]),
    ZMSCORE: fc
      .tuple(key, fc.array(member, { minLength: 1, maxLength: 3 }))
      .map(([k, m]) => [k, ...m]),
    ZRANK: fc.tuple(key, member).map((a) => [...a]),
    ZREVRANK: fc.tuple(key, member).map((a) => [...a]),
    ZCOUNT: fc.tuple(key, scoreBound, scoreBound).map((a) => [...a]),
    ZLEXCOUNT: fc.tuple(key, lexBound, lexBound).map((a) => [...a]),
    ZRANGE: fc.tuple(key, rangeArgs(true)).map(([k, r]) => [k, ...r]),
    ZRANGESTORE: fc.tuple(key, key, rangeArgs(false)).map(([d, k, r]) => [d, k, ...r]),
    ZREVRANGE: fc
      .tuple(key, int, int, opt(fc.constant(['WITHSCORES'])))
      .map(([k, a, b, w]) => [k, a, b, ...w]),
    ZRANGEBYSCORE: fc
      .tuple(
        key,
        scoreBound,
        scoreBound,
        fc.shuffledSubarray([['WITHSCORES'], ['LIMIT', '1', '2']]),
      )
      .map(([k, a, b, o]) => [k, a, b, ...o.flat()]),
    ZREVRANGEBYSCORE: fc
      .tuple(key, scoreBound, scoreBound, opt(limit), opt(fc.constant(['WITHSCORES'])))
      .map(([k, a, b, l, w]) => [k, a, b, ...l, ...w]),
    ZRANGEBYLEX: fc
      .tuple(key, lexBound, lexBound, opt(limit))
      .map(([k, a, b, l]) => [k, a, b, ...l]),
    ZREVRANGEBYLEX: fc
      .tuple(key, lexBound, lexBound, opt(limit))
      .map(([k, a, b, l]) => [k, a, b, ...l]),
    ZREMRANGEBYSCORE: fc.tuple(key, scoreBound, scoreBound).map((a) => [...a]),
    ZREMRANGEBYRANK: fc.tuple(key, int, int).map((a) => [...a]),
    ZREMRANGEBYLEX: fc.tuple(key, lexBound, lexBound).map((a) => [...a]),
    ZUNION: algebra(false),
    ZINTER: algebra(false),
    ZDIFF: fc.tuple(withNumkeys, opt(fc.constant(['WITHSCORES']))).map(([nk, w]) => [...nk, ...w]),
    ZUNIONSTORE: algebra(true),
    ZINTERSTORE: algebra(true),
    ZDIFFSTORE: fc.tuple(key, withNumkeys).map(([d, nk]) => [d, ...nk]),
    ZINTERCARD: fc
      .tuple(withNumkeys, opt(fc.tuple(fc.constantFrom('LIMIT', 'limit'), count)))
      .map(([nk, l]) => [...nk, ...l]),
    // the blocking pops, whose waits the fuzzer ends as a lone client's end (command-fuzz-blocking.ts)
    BZPOPMIN: fc.tuple(keys(1, 3), p.timeout).map(([k, t]) => [...k, t]),
    BZPOPMAX: fc.tuple(keys(1, 3), p.timeout).map(([k, t]) => [...k, t]),
    BZMPOP: fc
      .tuple(
        p.timeout,
        withNumkeys,
        fc.constantFrom('MIN', 'max', 'MID'),
        opt(fc.tuple(fc.constant('COUNT'), count)),
      )
      .map(([t, nk, w, c]) => [t, ...nk, w, ...c]),
    ZPOPMIN: fc.tuple(key, opt(count.map((c) => [c]))).map(([k, c]) => [k, ...c]),
    ZPOPMAX: fc.tuple(key, opt(count.map((c) => [c]))).map(([k, c]) => [k, ...c]),
    ZMPOP: fc
      .tuple(
        withNumkeys,
        fc.constantFrom('MIN', 'max', 'MID'),
        opt(fc.tuple(fc.constant('COUNT'), count)),
      )
      .map(([nk, w, c]) => [...nk, w, ...c]),
    ZRANDMEMBER: fc
      .tuple(
        key,
        opt(
          fc
            .tuple(count, opt(fc.constantFrom(['WITHSCORES'], ['withscores'], ['x'])))
            .map(([c, w]) => [c, ...w]),
        ),
      )
      .map(([k, c]) => [k, ...c]),
    ZSCAN: fc.tuple(key, p.cursor, p.scanOptions).map(([k, c, o]) => [k, c, ...o]),
    HSCAN: fc.tuple(key, p.cursor, p.scanOptions).map(([k, c, o]) => [k, c, ...o]),
    SCAN: fc
      .tuple(
        p.cursor,
        p.scanOptions,
        opt(fc.tuple(fc.constant('TYPE'), fc.constantFrom('zset', 'string', 'SET', 'nosuch'))),
      )
      .map(([c, o, t]) => [c, ...o, ...t]),
    SORT: fc.tuple(key, sortOptions(true)).map(([k, o]) => [k, ...o]),
    SORT_RO: fc.tuple(key, sortOptions(false)).map(([k, o]) => [k, ...o]),
  };
}
