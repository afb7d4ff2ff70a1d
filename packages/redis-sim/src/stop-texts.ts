/**
 * The texts of the simulator's own stops (the limits a real server does not have, or has
 * elsewhere), and which stop an error reply is. Each text names the limit that ended the run
 * and what a real server would do there, never a guess about the script (a script the step
 * budget stops may end by itself a moment later on a real server). Kept in one light module so
 * the engine writes them and a page reads them apart without loading the engine.
 */
import { KEYSPACE_CEILING } from './server-config.ts';

/**
 * Which of the simulator's own stops ended a run (or a pattern match): one of its limits, or
 * (`unmodelled`) a real command it does not model, which no limit decides.
 */
export type SimulatorStopKind =
  'steps' | 'time' | 'reply' | 'keyspace' | 'heap' | 'pattern' | 'command' | 'unmodelled';

/** Who a stopped run is: the name after `script:`, its chunk, and the kill a real server takes. */
export interface StoppedRun {
  name: string;
  chunk: 'user_script' | 'user_function';
  kill: 'SCRIPT KILL' | 'FUNCTION KILL';
}

/** What a real server leaves a client to end a busy script with, before and after its first write. */
function wayOut(who: StoppedRun, wrote: boolean): string {
  return wrote
    ? `only SHUTDOWN NOSAVE ends it sooner: the script has written, so ${who.kill} answers UNKILLABLE.`
    : `${who.kill} or SHUTDOWN NOSAVE ends it sooner.`;
}

/** The step budget's stop: the most work the simulator lets one run do, ends or not. */
export function stepBudgetText(
  who: StoppedRun,
  steps: number,
  line: number,
  wrote: boolean,
): string {
  return (
    `ERR the simulator stopped script ${who.name} after ${steps} steps (at ${who.chunk}:${line}): ` +
    'that is its step budget, the most work it lets one run do, whether or not the script would ' +
    'end by itself. A real server counts no steps: it would run the script to its end, however ' +
    'long, answering every other client BUSY once lua-time-limit (5 seconds) has passed; ' +
    wayOut(who, wrote)
  );
}

/** A time limit of `ms` as the simulator's words say it: `1 second`, `5 seconds`. */
export function secondsText(ms: number): string {
  const seconds = ms / 1000;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** The wall-clock stop (the simulator's lua-time-limit) after `ms` of the run. */
export function timeLimitText(who: StoppedRun, line: number, ms: number, wrote: boolean): string {
  return (
    `ERR the simulator stopped script ${who.name} after ${secondsText(ms)} ` +
    `(at ${who.chunk}:${line}): that is its time limit for one run. A real server would keep ` +
    'running it to its end, however long, answering every other client BUSY; ' +
    wayOut(who, wrote)
  );
}

/**
 * What a real server does with a reply of any size, and whether the script's writes stand: the
 * script ended, so neither a kill nor BUSY is any part of it.
 */
function replyEnd(wrote: boolean): string {
  return (
    'A real server would build the whole reply in memory and send it, however large.' +
    (wrote ? ' What the script wrote stays written.' : '')
  );
}

/**
 * The step budget's stop as a script's reply is read back from Lua (luaReplyToRedisReply): the
 * script ran to its end; its reply, each string counted each time the reply names it, was more
 * work than its budget had left. No line is named: the script is past its last.
 */
export function replyBudgetText(
  who: Pick<StoppedRun, 'name'>,
  steps: number,
  wrote: boolean,
): string {
  return (
    `ERR the simulator stopped script ${who.name} after ${steps} steps as it read back its ` +
    'reply: the script ran to its end, but its reply is more than its ' +
    'step budget has left, which counts a step for every 64 bytes of the reply (a string as ' +
    `often as the reply names it). ${replyEnd(wrote)}`
  );
}

/**
 * The time limit's stop as a script's reply is read back from Lua: the script ran to its end;
 * reading its reply took what was left of the run's time.
 */
export function replyTimeText(who: Pick<StoppedRun, 'name'>, ms: number, wrote: boolean): string {
  return (
    `ERR the simulator stopped script ${who.name} after ${secondsText(ms)} as it read back ` +
    'its reply: the script ran to its end, but its ' +
    'reply is more than the simulator reads back within its time limit for one run (a string ' +
    `counts as often as the reply names it). ${replyEnd(wrote)}`
  );
}

/** The keyspace's ceiling: what a script or a transaction may not add memory past. */
export const KEYSPACE_STOP_TEXT =
  `ERR the simulator stopped adding to the keyspace: it holds over ${KEYSPACE_CEILING / 1024 / 1024} MB ` +
  "by its estimate, the most a browser tab is allowed. A real server would go on past 'maxmemory' " +
  'here (the check is made before a script or transaction starts) until the system ran out of ' +
  'memory; free keys (DEL, FLUSHALL) to go on.';

/**
 * Why a server caps one command's work (its `commandWorkCap`): it runs on a page's own thread,
 * where the page cannot answer until a command ends; or in a worker, whose time limit for a
 * typed line is read between commands and between a script's steps, never inside a command.
 */
export type CommandCapReason = 'page-thread' | 'time-limit';

/**
 * A command that would do more work than its server lets one command do (`commandWorkCap`):
 * what it is, why the simulator holds back (`reason`), that it wrote nothing, what a real server
 * would do, and what to do instead. `cap` is in the elements commands count their work in
 * (command-work.ts).
 */
export function commandCapText(name: string, cap: number, reason: CommandCapReason): string {
  const head =
    `ERR the simulator did not run ${name.toUpperCase()} here: it would read or write over ` +
    `${cap.toLocaleString('en-US')} elements, `;
  if (reason === 'time-limit')
    return (
      head +
      'more than one command may in the simulator, which cannot cut a command short to keep to ' +
      'its time limit. Nothing was written. A real server would run it to its end, however ' +
      'long, answering no other client until it ended; here, use smaller keys.'
    );
  return (
    head +
    "more than one command may on this page's own thread, where the page cannot answer until " +
    'a command ends. Nothing was written. A real server would run it to its end, as the ' +
    'simulator does in a worker where the page has one (reload the page to try for one); ' +
    'here, use smaller keys.'
  );
}

/** A command's full name as a client types it: `XADD`, `CLIENT LIST` for `client|list`. */
const typedName = (fullName: string): string => fullName.toUpperCase().replace('|', ' ');

/**
 * A real Redis 7.0 command the simulator does not model, sent by a client (`fullName` as COMMAND
 * names it: `xadd`, `client|list`): refused, having run nothing, where a real server would run
 * it. Never a real server's text, so that no client takes it for one.
 */
export function unmodelledText(fullName: string): string {
  return (
    `ERR the simulator does not model ${typedName(fullName)}, a Redis 7.0 command, so it ran ` +
    'nothing. A real server would run it.'
  );
}

/**
 * The same command sent by a script: the simulator ends the run there, before the command runs,
 * since no reply it could hand the script would be the real one (`redis.pcall` cannot catch it).
 */
export function unmodelledStopText(fullName: string): string {
  return (
    `ERR the simulator does not model ${typedName(fullName)}, a Redis 7.0 command, so it ` +
    'ended the script there, before the command ran. A real server would run it and go on ' +
    'with the script.'
  );
}

/**
 * A run's heap past the simulator's cap: the real server's own text for Lua's failed allocation
 * (which a real server reaches only when the machine runs out of memory).
 */
export function heapText(who: Pick<StoppedRun, 'name'>): string {
  return `ERR Error running script ${who.name}, not enough memory`;
}

/** The matcher's stop inside one pattern match (a Lua error: pcall catches it). */
export function patternStopText(limit: number): string {
  return `pattern matching stopped after ${limit} steps (the simulator's limit; a real server would stay busy)`;
}

const REPLY =
  /^ERR the simulator stopped script \S+ after [\d.]+ (steps|seconds?) as it read back its reply: /;
const STEPS = /^ERR the simulator stopped script \S+ after \d+ steps \(/;
const TIME = /^ERR the simulator stopped script \S+ after [\d.]+ seconds? \(/;
const HEAP = /^ERR Error running script \S+, not enough memory$/;
const COMMAND = /^ERR the simulator did not run \S+ here: it would read or write over /;
const UNMODELLED =
  /^ERR the simulator does not model .+, a Redis 7\.0 command, so it ended the script there/;
const PATTERN = /pattern matching stopped after \d+ steps \(the simulator's limit;/;

/** Which of the simulator's own stops the error reply `error` says ended the run, or null. */
export function simulatorStopOf(error: string): SimulatorStopKind | null {
  // before the others: its words begin as theirs do
  if (REPLY.test(error)) return 'reply';
  if (STEPS.test(error)) return 'steps';
  if (TIME.test(error)) return 'time';
  if (error === KEYSPACE_STOP_TEXT) return 'keyspace';
  if (HEAP.test(error)) return 'heap';
  if (PATTERN.test(error)) return 'pattern';
  if (COMMAND.test(error)) return 'command';
  if (UNMODELLED.test(error)) return 'unmodelled';
  return null;
}
