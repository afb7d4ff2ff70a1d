/**
 * The set commands of Redis 7.0 (t_set.c): SADD … SSCAN, with the intset/hashtable encodings
 * and their one-way conversion kept by {@link SetValue}. Where a real server answers in its
 * hash table's order (the members of a hashtable set, SRANDMEMBER's and SPOP's draws) the
 * simulator's order is its own, and the members are what agree.
 */
import { chargeElements } from '../command-work.ts';
import { OUT_OF_RANGE_POSITIVE, SYNTAX, err, type ErrorReply } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { Keyspace } from '../keyspace.ts';
import { redisParseInt } from '../numbers.ts';
import { SetValue } from '../set-value.ts';
import type { Reply } from '../trace-types.ts';
import { numkeysRefs } from './numkeys.ts';
import { drawDistinct, drawWithCount, readDrawCount } from './random-draws.ts';
import { INVALID_CURSOR, parseCursor, parseScanOptions } from './scan.ts';
import { arg, keyRange, readTyped, type CommandSpec, type KeySpecFlag } from './types.ts';

/** spopWithCountCommand's threshold between its two strategies (which differ in the encoding left). */
const SPOP_MOVE_STRATEGY_MUL = 5;

/** The set at `key`, undefined when absent, or the WRONGTYPE reply. */
export function readSet(ks: Keyspace, key: string): SetValue | undefined | ErrorReply {
  const v = readTyped(ks, key, 'set');
  return v === undefined || 'error' in v ? v : v.set;
}

const isSet = (x: SetValue | undefined | ErrorReply): x is SetValue => x instanceof SetValue;

/** Removes `key` when its set has emptied, as every set write does. */
function dropIfEmpty(ks: Keyspace, key: string, set: SetValue): void {
  if (set.size === 0) ks.delete(key);
}

/** One key at 1, with these key-spec flags. */
const firstKey = (flags: readonly KeySpecFlag[]) => keyRange(1, 1, 1, flags);

const sadd: CommandSpec = {
  name: 'sadd',
  arity: -3,
  flags: ['write', 'fast'],
  keys: firstKey(['RW', 'insert']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    let set = readSet(ks, key);
    if (set && !isSet(set)) return set;
    if (!set) {
      set = SetValue.createFor(arg(args, 2));
      ks.put(key, { type: 'set', set });
    }
    let added = 0;
    for (let i = 2; i < args.length; i++) if (set.add(arg(args, i))) added++;
    return added;
  },
};

const srem: CommandSpec = {
  name: 'srem',
  arity: -3,
  flags: ['write', 'fast'],
  keys: firstKey(['RW', 'delete']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const set = readSet(ks, key);
    if (!set) return 0;
    if (!isSet(set)) return set;
    let deleted = 0;
    for (let i = 2; i < args.length; i++) {
      if (set.delete(arg(args, i))) {
        deleted++;
        if (set.size === 0) break;
      }
    }
    dropIfEmpty(ks, key, set);
    return deleted;
  },
};

/** SMOVE source destination member: a missing source answers 0 before any type is checked. */
const smove: CommandSpec = {
  name: 'smove',
  arity: 4,
  flags: ['write', 'fast'],
  keys: () => [
    { index: 1, flags: ['RW', 'access', 'delete'] },
    { index: 2, flags: ['RW', 'insert'] },
  ],
  run: ({ ks }, args) => {
    const [srcKey, dstKey, member] = [arg(args, 1), arg(args, 2), arg(args, 3)];
    const src = readSet(ks, srcKey);
    if (!src) return 0;
    if (!isSet(src)) return src;
    const dst = readSet(ks, dstKey);
    if (dst && !isSet(dst)) return dst;
    if (src === dst) return src.has(member) ? 1 : 0;
    if (!src.delete(member)) return 0;
    dropIfEmpty(ks, srcKey, src);
    let target = dst;
    if (!target) {
      target = SetValue.createFor(member);
      ks.put(dstKey, { type: 'set', set: target });
    }
    target.add(member);
    return 1;
  },
};

const sismember: CommandSpec = {
  name: 'sismember',
  arity: 3,
  flags: ['readonly', 'fast'],
  keys: firstKey(['RO', 'access']),
  run: ({ ks }, args) => {
    const set = readSet(ks, arg(args, 1));
    if (!set) return 0;
    if (!isSet(set)) return set;
    return set.has(arg(args, 2)) ? 1 : 0;
  },
};

const smismember: CommandSpec = {
  name: 'smismember',
  arity: -3,
  flags: ['readonly', 'fast'],
  keys: firstKey(['RO', 'access']),
  run: ({ ks }, args) => {
    const set = readSet(ks, arg(args, 1));
    if (set && !isSet(set)) return set;
    return args.slice(2).map((m) => (set?.has(m) ? 1 : 0));
  },
};

const scard: CommandSpec = {
  name: 'scard',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: firstKey(['RO']),
  run: ({ ks }, args) => {
    const set = readSet(ks, arg(args, 1));
    if (!set) return 0;
    if (!isSet(set)) return set;
    return set.size;
  },
};

/** SPOP key [count]: the count is read before the key is looked at. */
const spop: CommandSpec = {
  name: 'spop',
  arity: -2,
  flags: ['write', 'fast'],
  keys: firstKey(['RW', 'access', 'delete']),
  run: ({ ks }, args) => {
    if (args.length > 3) return err(SYNTAX);
    const key = arg(args, 1);
    if (args.length === 3) {
      const count = redisParseInt(arg(args, 2));
      if (count === null || count < 0) return err(OUT_OF_RANGE_POSITIVE);
      const set = readSet(ks, key);
      if (!set) return [];
      if (!isSet(set)) return set;
      if (count === 0) return [];
      if (count >= set.size) {
        // the whole set, as SUNION of it lists it (an intset's members in order)
        const all = [...union([set]).members()];
        ks.delete(key);
        return all;
      }
      const remaining = set.size - count;
      if (remaining * SPOP_MOVE_STRATEGY_MUL > count) {
        const popped = drawDistinct(ks, set.members(), count);
        for (const m of popped) set.delete(m);
        return popped;
      }
      // Redis draws the members that stay into a new set (created for the first of them, so
      // its encoding can change) and answers the rest in the old set's order
      const kept = drawDistinct(ks, set.members(), remaining);
      const stay = new Set(kept);
      const popped = set.members().filter((m) => !stay.has(m));
      ks.put(key, { type: 'set', set: SetValue.of(kept) }); // dbOverwrite: the TTL stays
      return popped;
    }
    const set = readSet(ks, key);
    if (!set) return null;
    if (!isSet(set)) return set;
    const member = set.random(() => ks.random());
    set.delete(member);
    dropIfEmpty(ks, key, set);
    return member;
  },
};

/** SRANDMEMBER key [count]: a negative count may repeat members, a positive one never does. */
const srandmember: CommandSpec = {
  name: 'srandmember',
  arity: -2,
  flags: ['readonly'],
  keys: firstKey(['RO', 'access']),
  run: ({ ks }, args) => {
    if (args.length > 3) return err(SYNTAX);
    if (args.length === 2) {
      const set = readSet(ks, arg(args, 1));
      if (!set) return null;
      if (!isSet(set)) return set;
      return set.random(() => ks.random());
    }
    const asked = readDrawCount(args, null);
    if ('error' in asked) return asked;
    const set = readSet(ks, arg(args, 1));
    if (!set) return [];
    if (!isSet(set)) return set;
    return drawWithCount(ks, set.members(), asked.count, 'srandmember');
  },
};

/**
 * The sets at `keys` for SINTER/SUNION/SDIFF and their STORE forms: every key is looked at, in
 * order, and the first of another type answers WRONGTYPE; a missing key is an empty set (null).
 */
function readSets(ks: Keyspace, keys: readonly string[]): Array<SetValue | null> | ErrorReply {
  const sets: Array<SetValue | null> = [];
  for (const key of keys) {
    const set = readSet(ks, key);
    if (set && !isSet(set)) return set;
    sets.push(set ?? null);
  }
  return sets;
}

/**
 * The intersection as sinterGenericCommand builds it: the smallest set's members, in its
 * order, that every other set holds; `limit` (SINTERCARD) stops the count early.
 */
function intersect(sets: readonly SetValue[], limit = 0): string[] {
  const bySize = [...sets].sort((a, b) => a.size - b.size);
  const [first, ...rest] = bySize;
  if (!first) return [];
  // every member of the smallest set looked up in every set (the early stop of LIMIT aside)
  chargeElements(first.size * sets.length);
  const out: string[] = [];
  for (const m of first.members()) {
    if (rest.every((s) => s === first || s.has(m))) {
      out.push(m);
      if (limit && out.length >= limit) break;
    }
  }
  return out;
}

/** The union, as a set that starts as an intset (`createIntsetObject`) and grows. */
function union(sets: ReadonlyArray<SetValue | null>): SetValue {
  // every member of every input is read: charged before any is
  chargeElements(sets.reduce((n, s) => n + (s?.size ?? 0), 0));
  const out = SetValue.intset();
  for (const s of sets) {
    if (!s) continue;
    for (const m of s.members()) out.add(m);
  }
  return out;
}

/** The difference: the first set's members no later set holds (none when a later key is the first). */
function difference(sets: ReadonlyArray<SetValue | null>): SetValue {
  const out = SetValue.intset();
  const [first, ...rest] = sets;
  if (!first || rest.includes(first)) return out;
  chargeElements(first.size * sets.length);
  for (const m of first.members()) if (!rest.some((s) => s?.has(m))) out.add(m);
  return out;
}

/** Writes a STORE form's result to `dst`: an empty result deletes `dst`, whatever it held. */
function storeResult(ks: Keyspace, dst: string, result: SetValue): number {
  if (result.size === 0) {
    ks.delete(dst);
    return 0;
  }
  ks.replace(dst, { type: 'set', set: result });
  return result.size;
}

const readAll = keyRange(1, -1, 1, ['RO', 'access']);
const storeKeys = (args: readonly string[]) => [
  { index: 1, flags: ['OW', 'update'] as KeySpecFlag[] },
  ...keyRange(2, -1, 1, ['RO', 'access'])(args),
];

function readCommand(
  name: string,
  arity: number,
  answer: (sets: Array<SetValue | null>) => Reply,
): CommandSpec {
  return {
    name,
    arity,
    flags: ['readonly'],
    keys: readAll,
    run: ({ ks }, args) => {
      const sets = readSets(ks, args.slice(1));
      return 'error' in sets ? sets : answer(sets);
    },
  };
}

function storeCommand(
  name: string,
  build: (sets: Array<SetValue | null>) => SetValue,
): CommandSpec {
  return {
    name,
    arity: -3,
    flags: ['write'],
    keys: storeKeys,
    run: ({ ks }, args) => {
      const sets = readSets(ks, args.slice(2));
      if ('error' in sets) return sets;
      return storeResult(ks, arg(args, 1), build(sets));
    },
  };
}

/** An intersection with a missing key is empty; else the members common to every set. */
const intersection = (sets: Array<SetValue | null>): string[] =>
  sets.includes(null) ? [] : intersect(sets as SetValue[]);

const smembers = readCommand('smembers', 2, intersection);
const sinter = readCommand('sinter', -2, intersection);
const sunion = readCommand('sunion', -2, (sets) => [...union(sets).members()]);
const sdiff = readCommand('sdiff', -2, (sets) => [...difference(sets).members()]);

const sinterstore = storeCommand('sinterstore', (sets) => {
  const out = SetValue.intset();
  for (const m of intersection(sets)) out.add(m);
  return out;
});
const sunionstore = storeCommand('sunionstore', union);
const sdiffstore = storeCommand('sdiffstore', difference);

/** SINTERCARD numkeys key [key ...] [LIMIT limit]: every option is read before any key. */
const sintercard: CommandSpec = {
  name: 'sintercard',
  arity: -3,
  flags: ['readonly'],
  keys: numkeysRefs(1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const numkeys = redisParseInt(arg(args, 1));
    if (numkeys === null || numkeys < 1) return err('ERR numkeys should be greater than 0');
    if (numkeys > args.length - 2) {
      return err("ERR Number of keys can't be greater than number of args");
    }
    let limit = 0;
    for (let j = 2 + numkeys; j < args.length; j++) {
      if (arg(args, j).toLowerCase() === 'limit' && j < args.length - 1) {
        const l = redisParseInt(arg(args, ++j));
        if (l === null || l < 0) return err("ERR LIMIT can't be negative");
        limit = l;
      } else return err(SYNTAX);
    }
    const sets = readSets(ks, args.slice(2, 2 + numkeys));
    if ('error' in sets) return sets;
    if (sets.includes(null)) return 0;
    return intersect(sets as SetValue[], limit).length;
  },
};

/**
 * SSCAN key cursor [MATCH pattern] [COUNT count]: an intset comes back whole with cursor 0, as
 * Redis answers any small encoding; a hash table COUNT members at a time from the cursor (an
 * index into the simulator's order, where a real server's is a slot of its table).
 */
const sscan: CommandSpec = {
  name: 'sscan',
  arity: -3,
  flags: ['readonly'],
  keys: firstKey(['RO', 'access']),
  run: ({ ks }, args) => {
    const cursor = parseCursor(arg(args, 2));
    if (cursor === null) return err(INVALID_CURSOR);
    const set = readSet(ks, arg(args, 1));
    if (!set) return ['0', []];
    if (!isSet(set)) return set;
    const o = parseScanOptions(args, 3, false);
    if ('error' in o) return o;
    const members = set.members();
    const whole = set.encoding === 'intset';
    const start = whole ? 0 : Number(cursor);
    const end = whole ? members.length : Math.min(members.length, start + o.count);
    const page = members.slice(start, end).filter((m) => o.match === null || globMatch(o.match, m));
    return [String(end >= members.length ? 0 : end), page];
  },
};

/** Every set command, in Redis's order of t_set.c. */
export const setCommands: CommandSpec[] = [
  sadd,
  srem,
  smove,
  sismember,
  smismember,
  scard,
  spop,
  srandmember,
  sinter,
  sintercard,
  sinterstore,
  smembers,
  sunion,
  sunionstore,
  sdiff,
  sdiffstore,
  sscan,
];
