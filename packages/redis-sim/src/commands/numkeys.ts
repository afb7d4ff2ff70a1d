/**
 * The commands whose keys follow a count of them (`numkeys key [key …]`): their key specs, and
 * the grammar the pops among them share.
 */
import { SYNTAX, err, type ErrorReply } from '../errors.ts';
import { redisParseInt } from '../numbers.ts';
import { arg, type KeyRef, type KeySpecFlag } from './types.ts';

/**
 * The key arguments of a `numkeys key [key …]` command (key specs of type keynum), after its
 * destination when it has one: none when numkeys is not a count of keys that are there, as
 * the key-spec reader refuses it.
 */
export function numkeysRefs(
  countIndex: number,
  flags: readonly KeySpecFlag[],
  dest?: { index: number; flags: readonly KeySpecFlag[] },
): (args: readonly string[]) => KeyRef[] {
  return (args) => {
    const n = redisParseInt(arg(args, countIndex));
    // a spec that fails fails the whole lookup, the destination's included
    if (n === null || n < 1 || n > args.length - countIndex - 1) return [];
    const refs: KeyRef[] = dest ? [{ index: dest.index, flags: dest.flags }] : [];
    for (let i = 0; i < n; i++) refs.push({ index: countIndex + 1 + i, flags });
    return refs;
  };
}

/** What LMPOP, BLMPOP, ZMPOP and BZMPOP read before they look at any key. */
export interface MpopArgs<End extends string> {
  keys: string[];
  end: End;
  count: number;
}

/**
 * `numkeys key [key …] <end> [COUNT count]` from `at` (numkeys's index), as lmpopGenericCommand
 * and zmpopGenericCommand both read it: numkeys (at least 1), then the end (one of `ends`, in
 * any case), then the options (COUNT once, at least 1), each with their error.
 */
export function readMpop<End extends string>(
  args: readonly string[],
  at: number,
  ends: readonly End[],
): MpopArgs<End> | ErrorReply {
  const numkeys = redisParseInt(arg(args, at));
  if (numkeys === null || numkeys < 1) return err('ERR numkeys should be greater than 0');
  const whereAt = at + numkeys + 1;
  if (whereAt >= args.length) return err(SYNTAX);
  const word = arg(args, whereAt).toLowerCase();
  const end = ends.find((e) => e === word);
  if (end === undefined) return err(SYNTAX);
  let count: number | null = null;
  for (let j = whereAt + 1; j < args.length; j++) {
    const more = args.length - 1 - j;
    if (count === null && arg(args, j).toLowerCase() === 'count' && more > 0) {
      const n = redisParseInt(arg(args, ++j));
      if (n === null || n < 1) return err('ERR count should be greater than 0');
      count = n;
    } else return err(SYNTAX);
  }
  return { keys: args.slice(at + 1, at + 1 + numkeys), end, count: count ?? 1 };
}
