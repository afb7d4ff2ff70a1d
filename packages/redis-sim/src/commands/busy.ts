/**
 * What another client meets while a script runs past busy-reply-threshold (Redis 7.0's
 * processCommand): its command is looked up, its arity and access checked as always, and then,
 * unless the command carries `allow_busy` in 7.0.15's COMMAND INFO (AUTH, HELLO, MULTI,
 * DISCARD, WATCH, UNWATCH, RESET, QUIT, FUNCTION STATS, FUNCTION KILL, SCRIPT KILL, SHUTDOWN),
 * refused with BUSY naming the command that kills what runs. A simulated script runs to its end
 * before the next command is read, so only a server standing in for one whose script is running
 * (a console's second client, SimServer.standInFor) is ever busy.
 */
import { err, type ErrorReply } from '../errors.ts';
import { hasRecordedFlag } from './recorded.ts';
import type { BusyScript, CommandHost, CommandSpec } from './types.ts';

const allowed = new Map<string, boolean>();

/** Whether `spec` runs while another client's script is busy (`allow_busy` in 7.0.15's metadata). */
export function allowsBusy(spec: CommandSpec): boolean {
  let yes = allowed.get(spec.name);
  if (yes === undefined) {
    yes = spec.module === undefined && hasRecordedFlag(spec.name, 'allow_busy');
    allowed.set(spec.name, yes);
  }
  return yes;
}

/** The BUSY error for a script of `kind` (shared.slowevalerr and slowscripterr). */
export const busyError = (kind: BusyScript['kind']): ErrorReply =>
  err(
    `BUSY Redis is busy running a script. You can only call ${
      kind === 'eval' ? 'SCRIPT KILL' : 'FUNCTION KILL'
    } or SHUTDOWN NOSAVE.`,
  );

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
  };
}
