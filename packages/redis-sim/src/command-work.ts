/**
 * The work a command does that neither its arguments nor its reply show: a union of big sets
 * stored and answered with a count, a sort by other keys, LCS's table, a copy of a big value.
 * redis.call charges a script for its arguments and its reply; a command adds what it did
 * besides here, and redis.call charges that to the script's step budget once the command has
 * finished (a command is never cut off half way, as a real server never cuts one off), so a
 * script that loops such a command meets its budget, as a loop of library calls does.
 *
 * The units are steps of the script's budget: an element read or written is one (about what
 * a statement costs the engine), a byte of string work 1/64 of one. Outside a script's call
 * the count is read by no one: the next call starts it again.
 */
/** The running command's work so far, in steps; redis.call zeroes it before each command. */
export const commandWork: { steps: number } = { steps: 0 };

/** Bytes of string work that count one step (the Lua engine's own rate for its string work). */
const BYTES_PER_STEP = 64;

/** Adds `elements` elements read or written to the running command's work. */
export function chargeElements(elements: number): void {
  commandWork.steps += elements;
}

/** Adds `bytes` bytes scanned, copied or filled to the running command's work. */
export function chargeStringBytes(bytes: number): void {
  commandWork.steps += Math.floor(bytes / BYTES_PER_STEP);
}
