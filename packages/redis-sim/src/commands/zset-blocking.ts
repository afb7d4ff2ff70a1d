/**
 * BZPOPMIN, BZPOPMAX and BZMPOP (blockingGenericZpopCommand), on the blocking mechanism the
 * list commands use (blocking.ts): the first key that exists is popped at once (WRONGTYPE when
 * it holds something else), as ZPOPMIN and ZMPOP pop it; when none does, the client waits as
 * a lone client waits, and inside MULTI/EXEC or a script answers a null array at once.
 */
import type { Reply } from '../trace-types.ts';
import { parseBlockingTimeout, waitOrTimeout } from './blocking.ts';
import { arg, keyRange, type CommandContext, type CommandSpec } from './types.ts';
import { numkeysRefs, readMpop } from './numkeys.ts';
import { POP_ENDS, firstZset, mpopReply, popMembers, type PopEnd } from './zset-pops.ts';

/** The pop of BZPOPMIN/BZPOPMAX or BZMPOP from the first set there, or the wait. */
function popOrWait(
  ctx: CommandContext,
  name: string,
  keys: readonly string[],
  timeout: bigint,
  pop: (key: string, popped: Array<[string, string]>) => Reply,
  end: PopEnd,
  count: number,
): Reply {
  const found = firstZset(ctx.ks, keys);
  if (found === null) return waitOrTimeout(ctx, name, timeout);
  if ('error' in found) return found;
  return pop(found.key, popMembers(ctx.ks, found.key, found.z, end, count));
}

/** BZPOPMIN / BZPOPMAX key [key …] timeout: the key, the member and its score. */
function bzpop(end: PopEnd): CommandSpec {
  const name = `bzpop${end}`;
  return {
    name,
    arity: -3,
    flags: ['write', 'noscript', 'fast'],
    keys: keyRange(1, -2, 1, ['RW', 'access', 'delete']),
    run: (ctx, args) => {
      const timeout = parseBlockingTimeout(arg(args, args.length - 1));
      if (typeof timeout !== 'bigint') return timeout;
      return popOrWait(ctx, name, args.slice(1, -1), timeout, (key, [p]) => [key, ...p!], end, 1);
    },
  };
}

/** BZMPOP timeout numkeys key [key …] MIN|MAX [COUNT count]: the options, then the timeout. */
const bzmpop: CommandSpec = {
  name: 'bzmpop',
  arity: -5,
  flags: ['write'],
  keys: numkeysRefs(2, ['RW', 'access', 'delete']),
  run: (ctx, args) => {
    const parsed = readMpop(args, 2, POP_ENDS);
    if ('error' in parsed) return parsed;
    const timeout = parseBlockingTimeout(arg(args, 1));
    if (typeof timeout !== 'bigint') return timeout;
    return popOrWait(ctx, 'bzmpop', parsed.keys, timeout, mpopReply, parsed.end, parsed.count);
  },
};

/** The blocking sorted-set pops, for the default command set (commands/defaults.ts). */
export const zsetBlockingCommands: CommandSpec[] = [bzpop('min'), bzpop('max'), bzmpop];
