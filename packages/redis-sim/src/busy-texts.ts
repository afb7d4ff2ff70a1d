/**
 * What a real 7.0.15 server answers around a busy script: the BUSY error another client gets,
 * UNKILLABLE, and the error the killed script's own client reads. One light module, so the
 * server writes them (`commands/busy.ts`) and a page reads the killed script's error without
 * loading a server: a console ends the killed script's worker, so no server is left to say it.
 */

/** How the running script was started: EVAL (a script) or FCALL (a function). */
export type BusyKind = 'eval' | 'function';

/** The command that kills a running script of this kind on a real server. */
export const killCommand = (kind: BusyKind): 'SCRIPT KILL' | 'FUNCTION KILL' =>
  kind === 'eval' ? 'SCRIPT KILL' : 'FUNCTION KILL';

/** The BUSY error's text for a script of `kind` (shared.slowevalerr and slowscripterr). */
export const busyText = (kind: BusyKind): string =>
  `BUSY Redis is busy running a script. You can only call ${killCommand(kind)} or SHUTDOWN NOSAVE.`;

/** The kill's answer once the script has written. */
export const UNKILLABLE_TEXT =
  'UNKILLABLE Sorry the script already executed write commands against the dataset. You can ' +
  'either wait the script termination or kill the server in a hard way using the SHUTDOWN ' +
  'NOSAVE command.';

/**
 * The killed script's own reply, as 7.0.15's Lua hook words it and luaCallFunction names where
 * it stood: it names SCRIPT KILL whichever command killed it; the chunk is the function's
 * library (`@user_function`) or EVAL's script (`@user_script`), at the line it had reached.
 */
export const scriptKilledText = (name: string, kind: BusyKind, line: number): string =>
  `ERR Script killed by user with SCRIPT KILL... script: ${name}, on @${
    kind === 'eval' ? 'user_script' : 'user_function'
  }:${line}.`;
