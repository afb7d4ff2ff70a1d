import { NOT_INTEGER, WRONGTYPE, err } from '../errors.ts';
import { INT64, intReply, redisParseInt64 } from '../numbers.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

/** `old + by` within int64, or null where Redis answers that the change would overflow. */
export function addInt64(old: bigint, by: bigint): bigint | null {
  const sum = old + by;
  return sum < INT64.min || sum > INT64.max ? null : sum;
}

const OVERFLOW = 'ERR increment or decrement would overflow';

/**
 * INCR, DECR, INCRBY and DECRBY: the value must read as an int64 (string2ll), the sum must
 * stay within it, and the key keeps its time to live (the value is rewritten in place).
 */
function counter(name: 'incr' | 'decr' | 'incrby' | 'decrby'): CommandSpec {
  return {
    name,
    arity: name === 'incr' || name === 'decr' ? 2 : 3,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
    run: ({ ks }, args) => {
      let by: bigint;
      if (name === 'incr') by = 1n;
      else if (name === 'decr') by = -1n;
      else {
        const n = redisParseInt64(arg(args, 2));
        if (n === null) return err(NOT_INTEGER);
        // negating the smallest int64 has no int64 answer; Redis says so in its own words
        if (name === 'decrby' && n === INT64.min) return err('ERR decrement would overflow');
        by = name === 'decrby' ? -n : n;
      }
      const key = arg(args, 1);
      const v = ks.get(key);
      if (v && v.type !== 'string') return err(WRONGTYPE);
      const old = v ? redisParseInt64(v.value) : 0n;
      if (old === null) return err(NOT_INTEGER);
      const sum = addInt64(old, by);
      if (sum === null) return err(OVERFLOW);
      ks.put(key, { type: 'string', value: String(sum) });
      return intReply(sum);
    },
  };
}

export { OVERFLOW as INCR_OVERFLOW };

/** The counters commands, for the default command set (commands/defaults.ts). */
export const counterCommands: CommandSpec[] = [
  counter('incr'),
  counter('decr'),
  counter('incrby'),
  counter('decrby'),
];
