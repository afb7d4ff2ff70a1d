/**
 * The engine's entry points for EVAL/EVALSHA: compile a script (cached by the
 * SHA1 of its text, as Redis caches it) and run it against the server with
 * Redis 7.0's conversions and error wrapping.
 */
import type { Reply } from '../trace-types.ts';
import type { Chunk } from './ast.ts';
import { compileChunk } from './interpreter/chunk.ts';
import { positionOf, sourceLineOf } from './interpreter/chunk-names.ts';
import { invoke, type Proto } from './interpreter/compile-function.ts';
import type { StepHook } from './interpreter/hook.ts';
import { DEFAULT_STEP_BUDGET, S, StepBudgetExceeded, newRuntime } from './interpreter/runtime.ts';
import { luaToString } from './lib/base.ts';
import { host } from './interpreter/host.ts';
import { bridge, redisEnv, type RedisBridge } from './redis-env.ts';
import { luaToReply } from './replies.ts';
import { LuaError, LuaTable, fromLuaString, toLuaString, type LuaValue } from './values.ts';

/** A compiled script, or the compile error Redis answers for it. */
export type Compiled = { proto: Proto; tree: Chunk } | { error: string };

const cache = new Map<string, Compiled>();

/**
 * Compiles a script's text (luaCreateFunction): the prototype, or
 * `ERR Error compiling script (new function): user_script:1: …`.
 */
export function compileScript(body: string, sha: string): Compiled {
  const known = cache.get(sha);
  if (known) return known;
  let out: Compiled;
  try {
    out = compileChunk(toLuaString(body));
  } catch (e) {
    if (!(e instanceof LuaError)) throw e;
    const msg = fromLuaString(typeof e.value === 'string' ? e.value : String(e.value));
    out = { error: `ERR Error compiling script (new function): ${msg}` };
  }
  // compile errors are not cached by Redis either; only keep successes
  if ('proto' in out) cache.set(sha, out);
  return out;
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
}

/** The reply for a script whose run raised `value`, wrapped as 7.0.15 wraps it. */
function errorReply(value: LuaValue, sha: string, line: number): Reply {
  let msg: string;
  if (value instanceof LuaTable) {
    const err = value.get('err');
    if (typeof err !== 'string') {
      return {
        error:
          "ERR the simulator cannot answer this: a script raised a table without a string 'err' " +
          'field, which makes a real Redis 7.0.15 server crash',
      };
    }
    msg = err;
  } else {
    msg = `ERR ${luaToString(host, value)}`;
  }
  const suffix = line > 0 ? ` script: ${sha}, on ${fromLuaString(sourceLineOf(line))}.` : '';
  return { error: fromLuaString(msg).replace(/[\r\n]/g, ' ') + suffix };
}

/** The step-budget stop, in plain words and in the real server's terms. */
export function budgetReply(e: StepBudgetExceeded, sha: string): Reply {
  return {
    error:
      `ERR the simulator stopped script ${sha} after ${e.steps} steps (at user_script:${e.line}): ` +
      'it looks like it never ends. A real server would keep running it, answering every other ' +
      'client BUSY once lua-time-limit (5 seconds) has passed, until SCRIPT KILL or SHUTDOWN NOSAVE.',
  };
}

/** Runs a compiled script: its reply (an error reply when it raised). */
export function runScript(proto: Proto, opts: RunOptions): Reply {
  return runScriptDetailed(proto, opts).reply;
}

/** A run's reply, and when it raised, the line it raised at (what `on @user_script:N` names). */
export interface RunOutcome {
  reply: Reply;
  errorLine: number | null;
}

/** Runs a compiled script and says where it stopped when it raised. */
export function runScriptDetailed(proto: Proto, opts: RunOptions): RunOutcome {
  const env = redisEnv(opts.owner);
  const g = env.globals;
  g.set('KEYS', luaArray(opts.keys));
  g.set('ARGV', luaArray(opts.argv, opts.argvFrom));
  const rt = newRuntime(g, opts.hook ?? null, opts.budget ?? DEFAULT_STEP_BUDGET);
  rt.stringMeta = env.stringMeta;
  const previousRt = S.rt;
  const previousBridge = bridge.current;
  S.rt = rt;
  bridge.current = opts.bridge;
  try {
    const results = invoke(proto, [], []);
    return { reply: luaToReply(results[0], rt.resp), errorLine: null };
  } catch (e) {
    const line = rt.line;
    if (e instanceof StepBudgetExceeded)
      return { reply: budgetReply(e, opts.sha), errorLine: e.line };
    if (e instanceof LuaError)
      return { reply: errorReply(e.value, opts.sha, line), errorLine: line };
    if (e instanceof RangeError) {
      const reply = errorReply(`${positionOf(line)}stack overflow`, opts.sha, line);
      return { reply, errorLine: line };
    }
    throw e;
  } finally {
    S.rt = previousRt;
    bridge.current = previousBridge;
  }
}

function luaArray(items: readonly string[], from = 0): LuaTable {
  return LuaTable.fromSequence(items, toLuaString, from);
}
