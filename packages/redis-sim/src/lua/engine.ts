/**
 * The engine's entry points for EVAL/EVALSHA: compile a script (cached by the
 * SHA1 of its text, as Redis caches it) and run it against the server with
 * Redis 7.0's conversions and error wrapping.
 */
import type { Reply } from '../trace-types.ts';
import type { Chunk } from './ast.ts';
import { chargeOwnToken, compileChunk } from './interpreter/chunk.ts';
import { cString, positionOf } from './interpreter/chunk-names.ts';
import { messageForRedisHandler } from './interpreter/c-calls.ts';
import { redisHandled } from './interpreter/error-handler.ts';
import { formatLuaNumber } from './number-text.ts';
import { invoke, type Proto } from './interpreter/compile-function.ts';
import type { StepHook } from './interpreter/hook.ts';
import {
  DEFAULT_STEP_BUDGET,
  LuaMemoryError,
  S,
  ScriptTimeLimit,
  SimulatorStop,
  StepBudgetExceeded,
  newRuntime,
} from './interpreter/runtime.ts';
import { host } from './interpreter/host.ts';
import { bridge, redisEnv, type RedisBridge } from './redis-env.ts';
import { luaToReply, oneLine } from './replies.ts';
import { replyMeter } from './reply-meter.ts';
import {
  heapText,
  replyBudgetText,
  replyTimeText,
  stepBudgetText,
  timeLimitText,
  type StoppedRun,
} from '../stop-texts.ts';
import {
  LuaError,
  LuaTable,
  beginConversions,
  endConversions,
  fromLuaString,
  toLuaString,
  type LuaValue,
} from './values.ts';

/**
 * A compiled script and the steps its compile was charged, or the error Redis answers for it
 * (a stop of the simulator's when the compile met its limits), with the steps it took.
 */
export type Compiled =
  { proto: Proto; tree: Chunk; steps: number } | { error: string; steps: number };

/** What bounds a script's compile: steps (a typed line's) and the clock (its run's). */
export type CompileLimits = Pick<RunOptions, 'budget' | 'deadline' | 'timeLimitMs'>;

// kept with its charge, so a server that compiles a text the engine knows pays what it cost
const cache = new Map<string, Extract<Compiled, { proto: Proto }>>();

/**
 * Compiles a script's text (luaCreateFunction): the prototype, or
 * `ERR Error compiling script (new function): user_script:1: …`. A real server compiles a
 * megabyte of script in tens of milliseconds, the simulator takes seconds: the compile is
 * charged by the tokens it reads (chargeOwnToken) under `limits`, so a huge script ends with
 * the stop a running script gets instead of holding the thread.
 */
export function compileScript(body: string, sha: string, limits: CompileLimits = {}): Compiled {
  const known = cache.get(sha);
  if (known) return known;
  const rt = newRuntime(new LuaTable(), null, limits.budget ?? Infinity, limits.deadline);
  const previousRt = S.rt;
  S.rt = rt;
  try {
    // the parse is charged a token at a time and reads the clock as a run does; turning its
    // tree into closures is charged by the tokens read, before it is done
    const { proto, tree } = compileChunk(toLuaString(body), chargeOwnToken);
    const out = { proto, tree, steps: rt.steps };
    cache.set(sha, out);
    return out;
  } catch (e) {
    const steps = rt.steps;
    const who = scriptName(sha);
    if (e instanceof ScriptTimeLimit) {
      return { error: timeLimitText(who, e.line, limits.timeLimitMs ?? 0, false), steps };
    }
    if (e instanceof StepBudgetExceeded) {
      return { error: stepBudgetText(who, e.steps, e.line, false), steps };
    }
    if (!(e instanceof LuaError)) throw e;
    // compile errors are not cached by Redis either
    const msg = fromLuaString(typeof e.value === 'string' ? e.value : String(e.value));
    return { error: `ERR Error compiling script (new function): ${msg}`, steps };
  } finally {
    S.rt = previousRt;
  }
}

/** What one run needs. */
export interface RunOptions {
  /** Whose Lua state this is (one per simulated server). */
  owner: object;
  sha: string;
  keys: readonly string[];
  /** ARGV: `argv[argvFrom]` on (EVAL's own arguments, not a copy of the tail of them) */
  argv: readonly string[];
  /** where ARGV starts in `argv` (0 when absent) */
  argvFrom?: number;
  bridge: RedisBridge;
  /** The stepper's hook; absent on the one-shot path. */
  hook?: StepHook | null;
  budget?: number;
  /** when the run must end, on `performance.now()`'s clock (no limit when absent) */
  deadline?: number;
  /** the limit's length in ms, for the words of its stop */
  timeLimitMs?: number;
}

/**
 * The reply for a script whose run raised `value` at `at`, as 7.0.15 makes it: Redis's error
 * handler turns the value into a table with `err`, `source` and `line`, and luaCallFunction
 * writes `<err> script: <name>, on <source>:<line>.`, every part read as a C string.
 */
function errorReply(value: LuaValue, name: string, at: number): Reply {
  const t = redisHandled(host, value, at);
  const err = t.get('err');
  if (typeof err !== 'string' && typeof err !== 'number') {
    return {
      error:
        "ERR the simulator cannot answer this: a script raised a table without a string 'err' " +
        'field, which makes a real Redis 7.0.15 server crash',
    };
  }
  // lua_tostring, then sdsnew: a number as %.14g, a string up to its first NUL
  const text = (v: LuaValue) => cString(typeof v === 'number' ? formatLuaNumber(v) : String(v));
  const source = t.get('source');
  const line = t.get('line');
  const suffix =
    (typeof source === 'string' || typeof source === 'number') &&
    (typeof line === 'string' || typeof line === 'number')
      ? ` script: ${name}, on ${text(source)}:${text(line)}.`
      : '';
  return { error: oneLine(text(err) + suffix) };
}

/**
 * Who a run is in the texts that end it: the name Redis puts after `script:` (a script's SHA, a
 * function's name), the chunk its lines are in, and the command that kills it on a real server.
 */
export type RunName = StoppedRun;

/** A script's name in its run's texts: its SHA, in `user_script`. */
const scriptName = (sha: string): RunName => ({
  name: sha,
  chunk: 'user_script',
  kill: 'SCRIPT KILL',
});

/** The step-budget stop, in plain words and in the real server's terms. */
export function budgetReply(e: StepBudgetExceeded, who: RunName, wrote: boolean): Reply {
  return { error: stepBudgetText(who, e.steps, e.line, wrote) };
}

/**
 * The wall-clock stop (the simulator's lua-time-limit), in the real server's terms: what it
 * would do with a script that runs this long, before and after the script's first write.
 */
export function timeLimitReply(who: RunName, line: number, ms: number, wrote: boolean): Reply {
  return { error: timeLimitText(who, line, ms, wrote) };
}

/** Runs a compiled script: its reply (an error reply when it raised). */
export function runScript(proto: Proto, opts: RunOptions): Reply {
  return runScriptDetailed(proto, opts).reply;
}

/** A run's reply, and when it raised, the line it raised at (what `on @user_script:N` names). */
export interface RunOutcome {
  reply: Reply;
  errorLine: number | null;
  /** the steps the run took, builtins' work included (what it spent of its budget) */
  steps: number;
  /** the run ended at the simulator's own limit (steps, time), not in Lua */
  stopped: boolean;
}

/** What a run of a script or of a function needs besides its code and arguments. */
export type RunLimits = Pick<
  RunOptions,
  'owner' | 'bridge' | 'hook' | 'budget' | 'deadline' | 'timeLimitMs'
>;

/**
 * Runs `body` (a script's main chunk, a function's callback) on a fresh runtime over `globals`,
 * as luaCallFunction does: its first result as the reply, or the error reply Redis makes of
 * what it raised, named after `who`.
 */
export function runGuarded(
  globals: LuaTable,
  stringMeta: LuaTable,
  opts: RunLimits,
  who: RunName,
  body: () => LuaValue[],
): RunOutcome {
  const budget = opts.budget ?? DEFAULT_STEP_BUDGET;
  const source = who.chunk === 'user_script' ? undefined : `@${who.chunk}`;
  const rt = newRuntime(
    globals,
    opts.hook ?? null,
    budget,
    opts.deadline,
    opts.bridge.at ?? null,
    source,
  );
  rt.stringMeta = stringMeta;
  const previousRt = S.rt;
  const previousBridge = bridge.current;
  S.rt = rt;
  bridge.current = opts.bridge;
  beginConversions();
  // set once the script has returned: a stop from then on is its reply's read-back's
  let returned = false;
  try {
    const results = body();
    returned = true;
    const reply = luaToReply(results[0], rt.resp, replyMeter());
    return { reply, errorLine: null, steps: rt.steps, stopped: false };
  } catch (e) {
    const line = e instanceof LuaError && e.at !== undefined ? e.at : rt.line;
    const steps = rt.steps;
    if (returned && e instanceof StepBudgetExceeded) {
      const wrote = opts.bridge.wrote?.() ?? false;
      const error =
        e instanceof ScriptTimeLimit
          ? replyTimeText(who, opts.timeLimitMs ?? 0, wrote)
          : replyBudgetText(who, e.steps, wrote);
      return { reply: { error }, errorLine: e.line, steps, stopped: true };
    }
    if (e instanceof ScriptTimeLimit) {
      const wrote = opts.bridge.wrote?.() ?? false;
      const reply = timeLimitReply(who, e.line, opts.timeLimitMs ?? 0, wrote);
      return { reply, errorLine: e.line, steps, stopped: true };
    }
    if (e instanceof SimulatorStop)
      return { reply: { error: e.message }, errorLine: e.line, steps, stopped: true };
    if (e instanceof StepBudgetExceeded) {
      const reply = budgetReply(e, who, opts.bridge.wrote?.() ?? false);
      return { reply, errorLine: e.line, steps, stopped: true };
    }
    if (e instanceof LuaMemoryError) {
      const reply = { error: heapText(who) };
      return { reply, errorLine: line, steps, stopped: false };
    }
    // a C function's error (line -1) is still charged to the script line running it
    if (e instanceof LuaError) {
      const reply = errorReply(messageForRedisHandler(e, line), who.name, line);
      return { reply, errorLine: line < 0 ? rt.line : line, steps, stopped: false };
    }
    if (e instanceof RangeError) {
      const reply = errorReply(`${positionOf(line, rt.chunks)}stack overflow`, who.name, line);
      return { reply, errorLine: line, steps, stopped: false };
    }
    throw e;
  } finally {
    endConversions();
    S.rt = previousRt;
    bridge.current = previousBridge;
  }
}

/** Runs a compiled script and says where it stopped when it raised. */
export function runScriptDetailed(proto: Proto, opts: RunOptions): RunOutcome {
  const env = redisEnv(opts.owner);
  const g = env.globals;
  g.set('KEYS', luaArray(opts.keys));
  g.set('ARGV', luaArray(opts.argv, opts.argvFrom));
  return runGuarded(g, env.stringMeta, opts, scriptName(opts.sha), () => invoke(proto, [], []));
}

/** Strings as a Lua array (KEYS, ARGV, a function's keys and arguments). */
export function luaArray(items: readonly string[], from = 0): LuaTable {
  return LuaTable.fromSequence(items, toLuaString, from);
}
