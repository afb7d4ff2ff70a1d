/** The key specs of the commands whose keys follow a count of them (`numkeys key [key …]`). */
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
