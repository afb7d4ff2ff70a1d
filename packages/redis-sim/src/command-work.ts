/**
 * The work a command does that neither its arguments nor its reply show: a union of big sets
 * stored and answered with a count, a sort by other keys, LCS's table, a copy of a big value.
 * redis.call charges a script for its arguments and its reply; a command adds what it did
 * besides here, and redis.call charges that to the script's step budget once the command has
 * finished (a command is never cut off half way, as a real server never cuts one off), so a
 * script that loops such a command meets its budget, as a loop of library calls does.
 *
 * The units are steps of the script's budget: an element read or written is one (about what
 * a statement costs the engine), a byte of string work 1/64 of one. A command charges its work
 * before it does it where it can (a union the sizes of its inputs, LCS its whole table), and
 * always before it writes, so a server that caps one command's work ({@link commandWork}'s
 * `cap`, on a page's own thread) refuses a command too big for it before the command has
 * written anything, mostly before it has done any of the work.
 */
/**
 * The running command's work so far, in steps (its server zeroes it as the command starts), and
 * the most one command may do on its server (Infinity unless the server caps it).
 */
export const commandWork: { steps: number; cap: number } = { steps: 0, cap: Infinity };

/**
 * Thrown by a charge that takes the running command past its server's cap: the command has
 * written nothing (every charge comes before a write), and its server answers for it.
 */
export class CommandWorkCapped extends Error {
  constructor(readonly cap: number) {
    super(`a command's work passed the cap of ${cap} steps`);
  }
}

/** Bytes of string work that count one step (the Lua engine's own rate for its string work). */
const BYTES_PER_STEP = 64;

function charge(steps: number): void {
  commandWork.steps += steps;
  if (commandWork.steps > commandWork.cap) throw new CommandWorkCapped(commandWork.cap);
}

/** Adds `elements` elements read or written to the running command's work. */
export function chargeElements(elements: number): void {
  charge(elements);
}

/** Adds `bytes` bytes scanned, copied or filled to the running command's work. */
export function chargeStringBytes(bytes: number): void {
  charge(Math.floor(bytes / BYTES_PER_STEP));
}
