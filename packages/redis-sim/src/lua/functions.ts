/**
 * The engine's side of FUNCTION LOAD and FCALL (function_lua.c): a library's code runs once
 * at load, in a sandbox whose only global is a small `redis` table (register_function, log,
 * the log levels and the version), and registers its functions; each FCALL then calls one of
 * them with its keys and arguments as two tables, on globals that are the script globals less
 * KEYS, ARGV and what only EVAL has. Errors are named `user_function:N` and `script: <name>`.
 */
import { BAD_FUNCTION_NAME, validFunctionName } from '../function-libraries.ts';
import { luaToString } from './lib/base.ts';
import { compileChunk } from './interpreter/chunk.ts';
import { FUNCTION_SOURCE, positionOf } from './interpreter/chunk-names.ts';
import { invoke } from './interpreter/compile-function.ts';
import { host } from './interpreter/host.ts';
import {
  LuaMemoryError,
  S,
  StepBudgetExceeded,
  newRuntime,
  DEFAULT_STEP_BUDGET,
} from './interpreter/runtime.ts';
import { formatLuaNumber } from './number-text.ts';
import { bridge, protect, redisEnv } from './redis-env.ts';
import { errorTable } from './replies.ts';
import { luaArray, runGuarded, type RunLimits, type RunOutcome } from './engine.ts';
import {
  LuaError,
  LuaFunction,
  LuaTable,
  beginConversions,
  endConversions,
  fromLuaString,
  type LuaValue,
} from './values.ts';

/** One function a library registered. */
export interface RegisteredFunction {
  name: string;
  /** its description, or null when it gave none */
  description: string | null;
  /** its flags, in the order of `knownFlags` */
  flags: string[];
  /** the callback, to hand back to {@link callFunction} */
  callable: LuaFunction;
}

/** What a library load collects while its code runs. */
interface LoadContext {
  functions: Map<string, RegisteredFunction>;
  knownFlags: readonly string[];
}

/** The two sets of globals one server's functions see, and the load in progress. */
interface FunctionEnv {
  /** FCALL's globals: the script globals without KEYS, ARGV and EVAL's own */
  run: LuaTable;
  /** FUNCTION LOAD's: `redis` with register_function, log, the log levels and the version */
  load: LuaTable;
  stringMeta: LuaTable;
  loading: { current: LoadContext | null };
}

const envs = new WeakMap<object, FunctionEnv>();

/** What EVAL's `redis` table has that the functions engine's does not (eval.c adds them). */
const EVAL_ONLY_REDIS = new Set(['breakpoint', 'debug', 'replicate_commands']);
/** EVAL's globals that the functions engine's Lua state never has. */
const EVAL_ONLY_GLOBALS = new Set(['KEYS', 'ARGV', '__redis__err__handler']);

/** A copy of `t` without the keys in `drop`, with the same metatable. */
function copyWithout(t: LuaTable, drop: ReadonlySet<string>): LuaTable {
  const out = new LuaTable();
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    if (typeof e[0] === 'string' && drop.has(e[0])) continue;
    out.set(e[0], e[1]);
  }
  out.metatable = t.metatable;
  return out;
}

/** A register_function refusal: Redis's error table, raised (luaPushError + luaError). */
function refuse(msg: string): never {
  throw new LuaError(errorTable(msg));
}

/** lua_isstring and luaGetStringSds: a string or a number, as its text; null otherwise. */
function stringOf(v: LuaValue): string | null {
  if (typeof v === 'string') return fromLuaString(v);
  if (typeof v === 'number') return luaToString(host, v);
  return null;
}

/** luaRegisterFunctionReadFlags: the flags of a `flags` table, or null for an unknown one. */
function readFlags(t: LuaTable, known: readonly string[]): string[] | null {
  const found = new Set<string>();
  for (let j = 1; ; j++) {
    const v = t.get(j);
    if (v === undefined || v === null) break;
    const text = stringOf(v);
    const flag = text === null ? undefined : known.find((k) => k === text.toLowerCase());
    if (flag === undefined) return null;
    found.add(flag);
  }
  return known.filter((k) => found.has(k));
}

/** The named form: `redis.register_function{function_name=…, callback=…, flags=…, description=…}`. */
function readNamed(
  arg: LuaValue,
  known: readonly string[],
): Omit<RegisteredFunction, 'callable'> & { callable: LuaFunction | null } {
  if (!(arg instanceof LuaTable)) {
    refuse(
      'calling redis.register_function with a single argument is only applicable to Lua table (representing named arguments).',
    );
  }
  let name: string | null = null;
  let description: string | null = null;
  let callable: LuaFunction | null = null;
  let flags: string[] = [];
  for (let e = arg.next(undefined); e; e = arg.next(e[0])) {
    const key = stringOf(e[0]);
    if (key === null) refuse('named argument key given to redis.register_function is not a string');
    const value = e[1];
    switch (key.toLowerCase()) {
      case 'function_name':
        name = stringOf(value);
        if (name === null) {
          refuse('function_name argument given to redis.register_function must be a string');
        }
        break;
      case 'description':
        description = stringOf(value);
        if (description === null) {
          refuse('description argument given to redis.register_function must be a string');
        }
        break;
      case 'callback':
        if (!(value instanceof LuaFunction)) {
          refuse('callback argument given to redis.register_function must be a function');
        }
        callable = value;
        break;
      case 'flags': {
        if (!(value instanceof LuaTable)) {
          refuse(
            'flags argument to redis.register_function must be a table representing function flags',
          );
        }
        const read = readFlags(value, known);
        if (read === null) refuse('unknown flag given');
        flags = read;
        break;
      }
      default:
        refuse('unknown argument given to redis.register_function');
    }
  }
  if (name === null) refuse('redis.register_function must get a function name argument');
  if (callable === null) refuse('redis.register_function must get a callback argument');
  return { name, description, flags, callable };
}

/** `redis.register_function(name, callback)` or its named form, while a library loads. */
function registerFunction(env: FunctionEnv, args: LuaValue[]): LuaValue[] {
  const ctx = env.loading.current;
  if (!ctx) refuse('redis.register_function can only be called on FUNCTION LOAD command');
  if (args.length < 1 || args.length > 2) {
    refuse('wrong number of arguments to redis.register_function');
  }
  let f: RegisteredFunction;
  if (args.length === 1) {
    const named = readNamed(args[0], ctx.knownFlags);
    f = { ...named, callable: named.callable! };
  } else {
    const name = stringOf(args[0]);
    if (name === null) refuse('first argument to redis.register_function must be a string');
    const callable = args[1];
    if (!(callable instanceof LuaFunction)) {
      refuse('second argument to redis.register_function must be a function');
    }
    f = { name, description: null, flags: [], callable };
  }
  // functionLibCreateFunction words a bad function name as it words a bad library name
  if (!validFunctionName(f.name)) refuse(BAD_FUNCTION_NAME);
  if (ctx.functions.has(f.name)) refuse('Function already exists in the library');
  ctx.functions.set(f.name, f);
  return [];
}

/** The functions engine of one server (its own Lua state, as function_lua.c's is), built once. */
function functionEnv(owner: object): FunctionEnv {
  const known = envs.get(owner);
  if (known) return known;
  const script = redisEnv(owner);
  const g = script.globals;
  const errorMeta = g.metatable;
  const run = copyWithout(g, EVAL_ONLY_GLOBALS);
  const redis = g.get('redis');
  if (redis instanceof LuaTable) run.set('redis', copyWithout(redis, EVAL_ONLY_REDIS));
  const env: FunctionEnv = {
    run,
    load: new LuaTable(),
    stringMeta: script.stringMeta,
    loading: { current: null },
  };
  // the load sandbox: a missing field of `redis` is a missing global too (luaSetErrorMetatable)
  const api = new LuaTable();
  api.set(
    'register_function',
    new LuaFunction('register_function', (a) => registerFunction(env, a)),
  );
  if (redis instanceof LuaTable) {
    const shared = ['log', 'LOG_DEBUG', 'LOG_VERBOSE', 'LOG_NOTICE', 'LOG_WARNING'];
    for (const k of [...shared, 'REDIS_VERSION_NUM', 'REDIS_VERSION']) {
      const v = redis.get(k);
      if (v !== undefined) api.set(k, v);
    }
  }
  api.metatable = errorMeta;
  env.load.set('redis', api);
  env.load.metatable = errorMeta;
  protect(run);
  protect(env.load);
  envs.set(owner, env);
  return env;
}

/** A library's code, loaded: the functions it registered, or the error text (without `ERR `). */
export type LoadedLibrary = { functions: RegisteredFunction[] } | { error: string };

/** How a library load may run: flags it may give, and the 500 ms FUNCTION LOAD allows. */
export interface LoadOptions {
  owner: object;
  /** the function flags Redis knows (scripts_flags_def), in its order */
  knownFlags: readonly string[];
  budget?: number;
  /** when the load must end, on `performance.now()`'s clock */
  deadline?: number;
}

/** What a load's raised value reads as (luaExtractErrorInformation's `msg`). */
function loadErrorText(value: LuaValue): string {
  if (typeof value === 'string') return `ERR ${fromLuaString(value)}`;
  if (typeof value === 'number') return `ERR ${formatLuaNumber(value)}`;
  if (value instanceof LuaTable) {
    const err = value.get('err');
    if (typeof err === 'string') return fromLuaString(err);
    if (typeof err === 'number') return formatLuaNumber(err);
  }
  return '(null)';
}

/**
 * luaEngineCreate: compiles a library's code (`@user_function`, after its shebang line) and
 * runs it in the load sandbox with no error handler, collecting what it registers.
 */
export function loadLibraryCode(code: string, opts: LoadOptions): LoadedLibrary {
  let proto;
  try {
    proto = compileChunk(code).proto;
  } catch (e) {
    if (!(e instanceof LuaError)) throw e;
    const msg = fromLuaString(typeof e.value === 'string' ? e.value : String(e.value));
    return { error: `Error compiling function: ${msg.replace(/^user_script:/, 'user_function:')}` };
  }
  const env = functionEnv(opts.owner);
  const ctx: LoadContext = { functions: new Map(), knownFlags: opts.knownFlags };
  const rt = newRuntime(
    env.load,
    null,
    opts.budget ?? DEFAULT_STEP_BUDGET,
    opts.deadline,
    null,
    FUNCTION_SOURCE,
  );
  rt.stringMeta = env.stringMeta;
  const previousRt = S.rt;
  const previousBridge = bridge.current;
  S.rt = rt;
  bridge.current = null;
  env.loading.current = ctx;
  beginConversions();
  try {
    invoke(proto, [], []);
    return { functions: [...ctx.functions.values()] };
  } catch (e) {
    const registering = (text: string) => ({ error: `Error registering functions: ${text}` });
    // the load hook's stop (luaEngineLoadHook), whichever limit the simulator met first
    if (e instanceof StepBudgetExceeded) return registering('ERR FUNCTION LOAD timeout');
    if (e instanceof LuaMemoryError) return registering('ERR not enough memory');
    if (e instanceof LuaError) return registering(loadErrorText(e.value));
    if (e instanceof RangeError) {
      return registering(`ERR ${positionOf(rt.line, rt.chunks)}stack overflow`);
    }
    throw e;
  } finally {
    endConversions();
    env.loading.current = null;
    S.rt = previousRt;
    bridge.current = previousBridge;
  }
}

/** What an FCALL needs: its function, the name it was registered as, its keys and arguments. */
export interface FunctionCall extends RunLimits {
  callable: LuaFunction;
  name: string;
  keys: readonly string[];
  args: readonly string[];
}

/** luaEngineCall: calls a registered function with its keys and arguments as two tables. */
export function callFunction(call: FunctionCall): RunOutcome {
  const env = functionEnv(call.owner);
  const keys = luaArray(call.keys);
  const args = luaArray(call.args);
  return runGuarded(
    env.run,
    env.stringMeta,
    call,
    { name: call.name, chunk: 'user_function', kill: 'FUNCTION KILL' },
    () => call.callable.call([keys, args]),
  );
}
