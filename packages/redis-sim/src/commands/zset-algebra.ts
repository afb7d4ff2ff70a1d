/**
 * ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD: t_zset.c's
 * zunionInterDiffGenericCommand. Inputs may be sorted sets or plain sets (a set's members
 * score 1); they are read (WRONGTYPE) before the options, then ordered by size, smallest
 * first, as the server orders them, which decides the order a SUM adds in. A sum of +inf and
 * -inf, and a weight times a score that is NaN, count as 0.
 */
import { chargeElements } from '../command-work.ts';
import { NOT_INTEGER, SYNTAX, WRONGTYPE, err } from '../errors.ts';
import type { Keyspace, Value } from '../keyspace.ts';
import { redisParseDouble, redisParseInt } from '../numbers.ts';
import { SortedSet, ZSET_LISTPACK_ENTRIES } from '../sorted-set.ts';
import type { Reply } from '../trace-types.ts';
import { arg, type CommandSpec } from './types.ts';
import { numkeysRefs } from './numkeys.ts';
import { builtSet, membersReply, storeSet, type ScoredMembers } from './zset-read.ts';

type Op = 'union' | 'inter' | 'diff';
type Aggregate = 'sum' | 'min' | 'max';

/** One input: the value it read (null for a missing key), its weight and its members. */
interface Source {
  value: Value | null;
  weight: number;
  size: number;
  entries(): ScoredMembers;
  find(member: string): number | undefined;
}

function sourceOf(value: Value | null): Source {
  if (value?.type === 'zset') {
    const z = value.zset;
    return {
      value,
      weight: 1,
      size: z.size,
      entries: () => z.members().map((m): [string, number] => [m, z.score(m) ?? 0]),
      find: (m) => z.score(m),
    };
  }
  if (value?.type === 'set') {
    const s = value.set;
    return {
      value,
      weight: 1,
      size: s.size,
      entries: () => s.members().map((m): [string, number] => [m, 1]),
      find: (m) => (s.has(m) ? 1 : undefined),
    };
  }
  return { value: null, weight: 1, size: 0, entries: () => [], find: () => undefined };
}

/** zunionInterAggregate. */
function aggregate(target: number, value: number, how: Aggregate): number {
  if (how === 'sum') {
    const sum = target + value;
    return Number.isNaN(sum) ? 0 : sum;
  }
  if (how === 'min') return value < target ? value : target;
  return value > target ? value : target;
}

/** A weighted score, NaN (0 times an infinity) read as 0. */
const weighted = (weight: number, score: number) => {
  const s = weight * score;
  return Number.isNaN(s) ? 0 : s;
};

/** What a call asks for: its name (for the error), where numkeys is, and where it stores. */
interface Call {
  name: string;
  op: Op;
  numkeysAt: number;
  store: string | null;
  cardinality: boolean;
}

/** Reads the inputs, in order; the WRONGTYPE reply at the first that is neither kind of set. */
function readSources(ks: Keyspace, keys: readonly string[]): Source[] | Reply {
  const out: Source[] = [];
  for (const key of keys) {
    const v = ks.get(key);
    if (v !== undefined && v.type !== 'zset' && v.type !== 'set') return err(WRONGTYPE);
    out.push(sourceOf(v ?? null));
  }
  return out;
}

/** The result of the operation, unordered (the set built from it orders it). */
function compute(sources: Source[], op: Op, how: Aggregate, limit: number): ScoredMembers {
  const [first] = sources;
  if (first === undefined) return [];
  // a union reads every input; an intersection or a difference looks the first input's
  // members up in every other (the early stop of LIMIT aside)
  chargeElements(
    op === 'union' ? sources.reduce((n, s) => n + s.size, 0) : first.size * sources.length,
  );
  if (op === 'diff') {
    if (first.size === 0 || sources.slice(1).some((s) => s.value === first.value)) return [];
    return first.entries().filter(([m]) => sources.slice(1).every((s) => s.find(m) === undefined));
  }
  if (op === 'inter') {
    if (first.size === 0) return [];
    const out: ScoredMembers = [];
    for (const [m, s] of first.entries()) {
      let score = weighted(first.weight, s);
      let everywhere = true;
      for (const src of sources.slice(1)) {
        const found = src.value === first.value ? s : src.find(m);
        if (found === undefined) {
          everywhere = false;
          break;
        }
        score = aggregate(score, found * src.weight, how);
      }
      if (!everywhere) continue;
      out.push([m, score]);
      if (limit > 0 && out.length >= limit) break;
    }
    return out;
  }
  const acc = new Map<string, number>();
  for (const src of sources) {
    for (const [m, s] of src.entries()) {
      const score = weighted(src.weight, s);
      const before = acc.get(m);
      acc.set(m, before === undefined ? score : aggregate(before, score, how));
    }
  }
  return [...acc];
}

/** zunionInterDiffGenericCommand. */
function run(ks: Keyspace, args: readonly string[], call: Call): Reply {
  const setnum = redisParseInt(arg(args, call.numkeysAt));
  if (setnum === null) return err(NOT_INTEGER);
  if (setnum < 1) return err(`ERR at least 1 input key is needed for '${call.name}' command`);
  if (setnum > args.length - (call.numkeysAt + 1)) return err(SYNTAX);
  const first = call.numkeysAt + 1;
  const read = readSources(ks, args.slice(first, first + setnum));
  if (!Array.isArray(read)) return read;
  const sources = read as Source[];

  let how: Aggregate = 'sum';
  let withScores = false;
  let limit = 0;
  const algebra = call.op !== 'diff' && !call.cardinality;
  for (let j = first + setnum; j < args.length;) {
    const remaining = args.length - j;
    const opt = arg(args, j).toLowerCase();
    if (algebra && remaining >= setnum + 1 && opt === 'weights') {
      j++;
      for (const src of sources) {
        const w = redisParseDouble(arg(args, j++));
        if (w === null) return err('ERR weight value is not a float');
        src.weight = w;
      }
    } else if (algebra && remaining >= 2 && opt === 'aggregate') {
      const word = arg(args, j + 1).toLowerCase();
      if (word !== 'sum' && word !== 'min' && word !== 'max') return err(SYNTAX);
      how = word;
      j += 2;
    } else if (call.store === null && !call.cardinality && opt === 'withscores') {
      withScores = true;
      j++;
    } else if (call.cardinality && remaining >= 2 && opt === 'limit') {
      const l = redisParseInt(arg(args, j + 1));
      if (l === null || l < 0) return err("ERR LIMIT can't be negative");
      limit = l;
      j += 2;
    } else return err(SYNTAX);
  }

  // smallest first, ties kept in the order given (glibc's qsort is a stable merge sort here)
  if (call.op !== 'diff') sources.sort((a, b) => a.size - b.size);
  const result = compute(sources, call.op, how, limit);
  if (call.cardinality) return result.length;
  if (call.store !== null) {
    chargeElements(result.length);
    return storeSet(ks, call.store, builtSet(result));
  }
  // the reply is read from the skiplist the result was built in, where -0 stays -0
  const z = SortedSet.create(ZSET_LISTPACK_ENTRIES + 1, 0);
  for (const [m, s] of result) z.set(m, s);
  return membersReply(z, z.members(), withScores);
}

function command(name: string, op: Op, store: boolean, cardinality = false): CommandSpec {
  const numkeysAt = store ? 2 : 1;
  return {
    name,
    arity: store ? -4 : -3,
    flags: store ? ['write'] : ['readonly'],
    keys: numkeysRefs(
      numkeysAt,
      ['RO', 'access'],
      store ? { index: 1, flags: ['OW', 'update'] } : undefined,
    ),
    run: ({ ks }, args) =>
      run(ks, args, { name, op, numkeysAt, store: store ? arg(args, 1) : null, cardinality }),
  };
}

/** The set algebra commands, for the default command set (commands/defaults.ts). */
export const zsetAlgebraCommands: CommandSpec[] = [
  command('zunionstore', 'union', true),
  command('zinterstore', 'inter', true),
  command('zdiffstore', 'diff', true),
  command('zunion', 'union', false),
  command('zinter', 'inter', false),
  command('zintercard', 'inter', false, true),
  command('zdiff', 'diff', false),
];
