/**
 * What EVAL and FCALL share around a run: the keys numkeys declares, numkeys read as Redis
 * reads it, and the bridge through which redis.call runs commands as the script's caller.
 */
import { NOT_INTEGER, err, type ErrorReply } from '../errors.ts';
import { redisParseInt } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import type { RunOptions } from '../lua/index.ts';
import { aclCheckCmd } from './acl-check-cmd.ts';
import { declaredDenyoom } from '../commands/denyoom.ts';
import { numkeysRefs } from '../commands/numkeys.ts';
import { arg, type CommandContext, type DispatchOptions } from '../commands/types.ts';

/** EVAL and FCALL declare their keys through numkeys; a bad numkeys declares none. */
export const numkeysKeys = numkeysRefs(2, ['RW', 'access', 'update']);

/**
 * numkeys validated as Redis 7.0 does it, or the error reply: `notNumber` is what a numkeys
 * that is not an integer answers (EVAL's and FCALL's words differ).
 */
export function parseNumkeys(
  args: readonly string[],
  notNumber: string = NOT_INTEGER,
): number | ErrorReply {
  const n = redisParseInt(arg(args, 2));
  if (n === null) return err(notNumber);
  if (n > args.length - 3) return err("ERR Number of keys can't be greater than number of args");
  if (n < 0) return err("ERR Number of keys can't be negative");
  return n;
}

/** How redis.call dispatches: from a script, its own steps untraced (one object for every call). */
const FROM_SCRIPT: DispatchOptions = Object.freeze({ inScript: true, trace: null });
/** The same from a read-only run, which refuses write commands. */
const FROM_READ_ONLY_SCRIPT: DispatchOptions = Object.freeze({
  inScript: true,
  trace: null,
  readOnly: true,
});

/**
 * scriptPrepareForRun's maxmemory check, for a script that declares its flags (`declared`):
 * over maxmemory when the command started, it runs only if it says `allow-oom` or `no-writes`.
 * Null when it may run.
 */
export function refusedForOom(
  host: CommandContext['host'],
  declared: readonly string[] | null,
): ErrorReply | null {
  if (declared === null || !host.preCommandOom || !declaredDenyoom(declared)) return null;
  return err(
    "OOM allow-oom flag is not set on the script, can not run it when used memory > 'maxmemory'",
  );
}

/** True when `args` names a command Redis flags read-only (an unknown one writes nothing either). */
export function readOnlyCommand(host: CommandContext['host'], args: readonly string[]): boolean {
  const found = host.commands.lookup(args);
  return !('spec' in found) || found.spec.flags.includes('readonly');
}

/**
 * The bridge of one run: redis.call runs a command as the caller (refusing writes in a
 * read-only run, not checking maxmemory in an `allow-oom` one), and acl_check_cmd asks for
 * the caller. `call` may wrap the dispatch (a stepper's run journals what each call wrote).
 */
export function runBridge(
  ctx: CommandContext,
  readOnly: boolean,
  wrap?: (run: (a: readonly string[]) => Reply) => (a: string[]) => Reply,
  allowOom = false,
): RunOptions['bridge'] {
  const { host, conn } = ctx;
  const through = allowOom
    ? Object.freeze({ ...(readOnly ? FROM_READ_ONLY_SCRIPT : FROM_SCRIPT), allowOom })
    : readOnly
      ? FROM_READ_ONLY_SCRIPT
      : FROM_SCRIPT;
  const run = (x: readonly string[]) => host.dispatch(conn, x, through);
  return {
    call: wrap ? wrap(run) : run,
    wrote: () => host.scriptWrote,
    at: host.scriptObserver ? (line) => host.scriptObserver?.at(line) : undefined,
    aclCheck: (a) => aclCheckCmd(host, conn, a),
  };
}
