/**
 * How a blocking command (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP; the sorted sets' BZPOPMIN,
 * BZPOPMAX, BZMPOP) waits, as a lone client meets it on Redis 7.0.15.
 *
 * A blocking command first tries what its non-blocking twin does; when its keys give it
 * something, that is its reply. When they give it nothing, a real server parks the client until
 * another client pushes or the timeout passes. The simulator's client is alone, so nothing can
 * push: the wait can only end by its timeout, and what the client will then be told (a null
 * array) is known at once. So the command answers that reply now and leaves the wait on its connection
 * (`conn.blocked`), for a host that shows the client (the console) to hold the reply back until
 * the server's clock passes the deadline, or for ever for a timeout of 0.
 *
 * Inside MULTI/EXEC and inside a script a real server never blocks (CLIENT_DENY_BLOCKING): it
 * answers as if the timeout had passed at once, whatever the timeout, and so does this.
 *
 * The API, for a blocking command's implementation:
 *
 * ```ts
 * const timeout = parseBlockingTimeout(arg(args, args.length - 1)); // before the keys, as Redis
 * if (typeof timeout !== 'bigint') return timeout; // the error reply
 * // … look at the keys; WRONGTYPE and a found value answer as the non-blocking twin …
 * return waitOrTimeout(ctx, 'bzpopmin', timeout); // nothing to take: a null array
 * ```
 */
import { NIL_ARRAY, err, type ErrorReply } from '../errors.ts';
import type { BlockedWait } from '../connection.ts';
import { ceilThousandfoldToInt64, parseLongDouble } from '../long-double.ts';
import { INT64 } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import type { CommandContext } from './types.ts';

export type { BlockedWait } from '../connection.ts';

/**
 * A blocking command's timeout in seconds, as 7.0.15's getTimeoutFromObjectOrReply reads it
 * (UNIT_SECONDS): a long double (strtold's syntax, `inf` included), times 1000, rounded up to
 * whole milliseconds and converted to int64 (out of range, an infinity included, it turns
 * INT64_MIN: "negative"). Answers the timeout in ms, 0 meaning for ever (so does anything that
 * rounds up to 0, such as -0.0001), or the error reply.
 */
export function parseBlockingTimeout(text: string): bigint | ErrorReply {
  const seconds = parseLongDouble(text);
  if (seconds === null) return err('ERR timeout is not a float or out of range');
  const ms = ceilThousandfoldToInt64(seconds);
  if (ms < 0n) return err('ERR timeout is negative');
  return ms;
}

/**
 * What a blocking command answers when its keys give it nothing to take. Inside MULTI/EXEC or a
 * script (CLIENT_DENY_BLOCKING) that is `deniedReply` at once: the command's own "as if the
 * timeout had passed" (a null array for the pops; BLMOVE and BRPOPLPUSH a null bulk). From a
 * client it is a null array, what replyToBlockedClientTimedOut sends every blocked list and
 * sorted-set client, and the connection is left waiting (`conn.blocked`) until the server clock
 * passes now + `timeoutMs` (blockForKeys's deadline, taken from the clock as the command runs),
 * or for ever when the timeout is 0 or the deadline overflows int64 (a real server then never
 * times the client out either).
 */
export function waitOrTimeout(
  ctx: CommandContext,
  command: string,
  timeoutMs: bigint,
  deniedReply: Reply = NIL_ARRAY,
): Reply {
  if (ctx.inScript || ctx.fromExec) return deniedReply;
  const deadline = timeoutMs === 0n ? null : BigInt(ctx.host.now()) + timeoutMs;
  const wait: BlockedWait = {
    command,
    timeoutMs: Number(timeoutMs),
    until: deadline === null || deadline > INT64.max ? null : Number(deadline),
  };
  ctx.conn.blocked = wait;
  return NIL_ARRAY;
}
