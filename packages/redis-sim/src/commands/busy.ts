/**
 * What another client meets while a script runs past busy-reply-threshold (Redis 7.0's
 * processCommand): its command is looked up, its arity and access checked as always, and then,
 * unless the command carries `allow_busy` in 7.0.15's COMMAND INFO (AUTH, HELLO, MULTI,
 * DISCARD, WATCH, UNWATCH, RESET, QUIT, FUNCTION STATS, FUNCTION KILL, SCRIPT KILL, SHUTDOWN),
 * refused with BUSY naming the command that kills what runs. A simulated script runs to its end
 * before the next command is read, so only a server standing in for one whose script is running
 * (a console's second client, SimServer.standInFor) is ever busy, and only there do SCRIPT KILL
 * and FUNCTION KILL find a script to kill ({@link killBusy}).
 */
import { busyText, UNKILLABLE_TEXT } from '../busy-texts.ts';
import { OK, err, type ErrorReply } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import { recordedFlagTest } from './recorded.ts';
import type { BusyScript, CommandHost, CommandSpec } from './types.ts';

/** Whether `spec` runs while another client's script is busy (`allow_busy` in 7.0.15's metadata). */
export const allowsBusy: (spec: CommandSpec) => boolean = recordedFlagTest('allow_busy');

/** The BUSY error for a script of `kind` (shared.slowevalerr and slowscripterr). */
export const busyError = (kind: BusyScript['kind']): ErrorReply => err(busyText(kind));

/** The running script as {@link BusyScript} records it, when it starts on `host`. */
export function busyScriptOf(
  host: CommandHost,
  kind: BusyScript['kind'],
  name: string,
  command: readonly string[],
): BusyScript {
  return {
    kind,
    name,
    command: kind === 'function' ? [...command] : [],
    startedAt: host.now(),
    libraries: host.functions.list().length,
    functions: host.functions.functionCount,
    wrote: false,
  };
}

/**
 * SCRIPT KILL (`by` eval) or FUNCTION KILL (`by` function), as 7.0.15's scriptKill answers it:
 * NOTBUSY with no script running (always, but on a server standing in for a busy one),
 * UNKILLABLE once the script has written, BUSY naming the other kill when it is the wrong kind,
 * else OK, and the server this one stands in for is told to end the script.
 */
export function killBusy(host: CommandHost, by: BusyScript['kind']): Reply {
  const busy = host.busy;
  if (!busy) return err('NOTBUSY No scripts in execution right now.');
  if (busy.wrote) return err(UNKILLABLE_TEXT);
  if (busy.kind !== by) return busyError(busy.kind);
  host.killBusy();
  return OK;
}
