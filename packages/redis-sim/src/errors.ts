import type { Reply } from './trace-types.ts';

/** An error reply. The text is exactly what the server sends, without the leading '-'. */
export interface ErrorReply {
  error: string;
}

/** The real server's answer to a denyoom command while used memory is over `maxmemory`. */
export const OOM = "OOM command not allowed when used memory > 'maxmemory'.";

/**
 * An error a command answers inside a script that must end the script, not be handed to it:
 * the simulator's own limits (the keyspace's ceiling), which `redis.pcall` cannot catch.
 */
export interface StopReply extends ErrorReply {
  stop: true;
}

/** Whether a reply is a {@link StopReply}. */
export function isStopReply(r: unknown): r is StopReply {
  return typeof r === 'object' && r !== null && (r as Partial<StopReply>).stop === true;
}

/** The error a command answers on a key of another type. */
export const WRONGTYPE = 'WRONGTYPE Operation against a key holding the wrong kind of value';
/** The error for an argument that must be a 64-bit integer and is not. */
export const NOT_INTEGER = 'ERR value is not an integer or out of range';
/** The error for an argument that must be a double and is not. */
export const NOT_FLOAT = 'ERR value is not a valid float';
/** The error for options a command does not take, or takes in another order. */
export const SYNTAX = 'ERR syntax error';
/** `ERR invalid expire time in 'set' command`, for an expiry out of range. */
export const INVALID_EXPIRE = (command: string) =>
  `ERR invalid expire time in '${command}' command`;
/** The error for a count that must be positive. */
export const OUT_OF_RANGE_POSITIVE = 'ERR value is out of range, must be positive';
/** EVALSHA's answer for a SHA1 the script cache does not hold. */
export const NOSCRIPT = 'NOSCRIPT No matching script. Please use EVAL.';

/** The error reply `text` (the full text as sent, without the leading '-'). */
export function err(text: string): ErrorReply {
  return { error: text };
}

/** Whether `r` is an error reply. */
export function isError(r: Reply | undefined): r is ErrorReply {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && 'error' in r;
}

/** A status reply (`+OK` on the wire). */
export interface StatusReply {
  status: string;
}

/** The status reply `text`, e.g. `status('OK')`. */
export function status(text: string): StatusReply {
  return { status: text };
}

/**
 * RESP2's null array (`*-1`), which only an EXEC whose watched keys were touched answers;
 * redis-cli prints it as `(nil)`, like a null bulk.
 */
export const NIL_ARRAY: Reply = Object.freeze({ nilArray: true as const });

/** A HELP subcommand's reply: each line a status, as addReplyHelp writes them. */
export function helpReply(lines: readonly string[]): Reply {
  return lines.map(status);
}

/** Redis's `+OK`, the status most write commands answer. */
export const OK: StatusReply = Object.freeze(status('OK'));

/** RESP2's null array ({@link NIL_ARRAY}). */
export function isNilArray(r: Reply | undefined): r is { nilArray: true } {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && 'nilArray' in r;
}

/** Whether `r` is a status reply. */
export function isStatus(r: Reply | undefined): r is StatusReply {
  return typeof r === 'object' && r !== null && !Array.isArray(r) && 'status' in r;
}

/** An integer reply (`:1` on the wire): a number, or a bigint past 2^53 (see intReply). */
export function isIntegerReply(r: Reply | undefined): r is number | bigint {
  return typeof r === 'number' || typeof r === 'bigint';
}

/** `ERR wrong number of arguments for 'hget' command`; subcommands read `script|load`. */
export function arityError(fullName: string): ErrorReply {
  return err(`ERR wrong number of arguments for '${fullName}' command`);
}

/**
 * Redis 7.0's reply to an unknown command: the name and the first arguments,
 * each quoted and followed by a space, capped near 128 bytes, newlines blanked.
 */
export function unknownCommandError(args: readonly string[]): ErrorReply {
  let listed = '';
  for (let i = 1; i < args.length && listed.length < 128; i++) {
    listed += `'${(args[i] ?? '').slice(0, 128 - listed.length)}' `;
  }
  const name = (args[0] ?? '').slice(0, 128);
  return err(blankNewlines(`ERR unknown command '${name}', with args beginning with: ${listed}`));
}

/** `ERR unknown subcommand 'foo'. Try SCRIPT HELP.` */
export function unknownSubcommandError(container: string, sub: string): ErrorReply {
  return err(
    blankNewlines(
      `ERR unknown subcommand '${sub.slice(0, 128)}'. Try ${container.toUpperCase()} HELP.`,
    ),
  );
}

/**
 * addReplySubcommandSyntaxError: a known subcommand given a count of arguments its container
 * does not take (FUNCTION FLUSH a b, ACL CAT a b).
 */
export function subcommandSyntaxError(args: readonly string[]): ErrorReply {
  return err(
    `ERR unknown subcommand or wrong number of arguments for '${(args[1] ?? '').slice(0, 128)}'. ` +
      `Try ${(args[0] ?? '').toUpperCase()} HELP.`,
  );
}

// Redis replaces CR and LF in error text with spaces so the reply stays one line.
function blankNewlines(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}
