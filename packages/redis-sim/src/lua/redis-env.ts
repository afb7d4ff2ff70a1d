/**
 * The globals a script sees on Redis 7.0: the base library and the libraries
 * Redis loads, the `redis` table, KEYS and ARGV; everything read-only, and a
 * read of an undefined global an error. Built once and shared by every run
 * (nothing in it can change), with KEYS and ARGV replaced for each run.
 */
import { commandWork } from '../command-work.ts';
import { isError, isStopReply } from '../errors.ts';
import { sha1Hex } from '../sha1.ts';
import type { Reply } from '../trace-types.ts';
import { createCoroutineLib } from './interpreter/coroutine.ts';
import { redisHandled } from './interpreter/error-handler.ts';
import { baseRuntime, host } from './interpreter/host.ts';
import {
  S,
  SimulatorStop,
  chargeBytes,
  chargeHeap,
  chargeWork,
  readClock,
} from './interpreter/runtime.ts';
import { installBaseLib, luaToString } from './lib/base.ts';
import { createBitLib } from './lib/bit.ts';
import { createCjsonLib } from './lib/cjson.ts';
import { createCmsgpackLib } from './lib/cmsgpack.ts';
import { createMathLib } from './lib/math.ts';
import { createStringLib } from './lib/string.ts';
import { createStructLib } from './lib/struct.ts';
import { createTableLib } from './lib/table.ts';
import { commandErrorTable, doubleText, errorTable, replyToLua } from './replies.ts';
import { replyToLuaResp3 } from './resp3.ts';
import { coerceToNumber } from './lib/lua-args.ts';
import {
  LuaError,
  LuaFunction,
  LuaRuntimeError,
  LuaTable,
  fromLuaString,
  type LuaValue,
} from './values.ts';

/** What `redis.call` needs from the server for the run in progress. */
export interface RedisBridge {
  /** Runs a command as the script's caller; an error comes back as data. */
  call(args: string[]): Reply;
  /** whether the script has sent a write command yet (what SCRIPT KILL's refusal turns on) */
  wrote?: () => boolean;
  /** told the line the script is at, every few tens of thousands of steps, when someone asks */
  at?: ((line: number) => void) | undefined;
  /**
   * redis.acl_check_cmd: whether the script's caller may run the command, or null when the
   * server knows no such command or subcommand (true for every command when absent)
   */
  aclCheck?: (args: string[]) => boolean | null;
}

/** The bytes a reply takes as Lua values: its strings, and a table slot for every element. */
function replySize(r: Reply): number {
  if (typeof r === 'string') return 24 + r.length;
  if (!Array.isArray(r)) return 24;
  let n = 56;
  for (let i = 0; i < r.length; i++) n += replySize(r[i]!);
  return n;
}

/** The run's bridge (set by the engine for each run). */
export const bridge: { current: RedisBridge | null } = { current: null };

/** Raises Redis's error table for a message (luaPushError + luaError). */
function raise(msg: string): never {
  throw new LuaError(errorTable(msg));
}

const fn = (name: string, call: (args: LuaValue[]) => LuaValue[]) => new LuaFunction(name, call);

/**
 * The arguments of a redis lib call as a command (luaArgsToRedisArgv): strings and numbers (as
 * %.17g), or the error table for none or for any other type, with the bytes they take.
 */
function commandArgs(args: LuaValue[]): { argv: string[]; bytes: number } | LuaTable {
  if (args.length === 0) {
    return errorTable('Please specify at least one argument for this redis lib call');
  }
  const argv: string[] = new Array(args.length);
  let bytes = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (typeof a === 'string') {
      argv[i] = fromLuaString(a);
      bytes += a.length;
    } else if (typeof a === 'number') argv[i] = doubleText(a);
    else return errorTable('Lua redis lib command arguments must be strings or integers');
  }
  return { argv, bytes };
}

/** redis.call / redis.pcall: argument conversion, the command, the reply conversion. */
function redisCall(args: LuaValue[], raises: boolean): LuaValue[] {
  const converted = commandArgs(args);
  if (converted instanceof LuaTable) {
    if (raises) throw new LuaError(converted);
    return [converted];
  }
  const { argv, bytes } = converted;
  const b = bridge.current;
  if (!b) throw new LuaRuntimeError('redis.call outside a script run');
  // the arguments are copied into the command's own strings, as Redis copies them into objects
  chargeHeap(bytes);
  commandWork.steps = 0;
  const reply = b.call(argv);
  // the simulator's own limit ends the script; neither pcall nor the script sees it
  if (isStopReply(reply)) throw new SimulatorStop(reply.error, S.rt.line);
  // the reply becomes Lua strings and tables: the script pays for them as for its own
  chargeHeap(replySize(reply));
  // what the command did besides (a union stored, a sort, a long LCS), which no reply shows,
  // as the command counted it (command-work.ts); the time limit, read after every command,
  // bounds whatever no command counts
  chargeWork(commandWork.steps);
  readClock();
  const rt = S.rt;
  const failed = isError(reply);
  if (rt.hook) rt.hook.command(rt.line, argv, reply, raises && failed);
  if (failed) {
    const t = commandErrorTable(reply.error);
    if (raises) throw new LuaError(t);
    return [t];
  }
  return [rt.resp === 3 ? replyToLuaResp3(argv, reply) : replyToLua(reply)];
}

function singleField(field: 'ok', args: LuaValue[]): LuaValue[] {
  if (args.length !== 1 || typeof args[0] !== 'string') {
    return [errorTable('wrong number or type of arguments')];
  }
  const t = new LuaTable();
  t.set(field, args[0]);
  return [t];
}

const LOG_LEVELS = ['LOG_DEBUG', 'LOG_VERBOSE', 'LOG_NOTICE', 'LOG_WARNING'] as const;
const REPL = { REPL_NONE: 0, REPL_AOF: 1, REPL_SLAVE: 2, REPL_REPLICA: 2, REPL_ALL: 3 } as const;

function createRedisLib(): LuaTable {
  const r = new LuaTable();
  r.set(
    'call',
    fn('call', (a) => redisCall(a, true)),
  );
  r.set(
    'pcall',
    fn('pcall', (a) => redisCall(a, false)),
  );
  r.set(
    'log',
    fn('log', (a) => {
      if (a.length < 2) raise('redis.log() requires two arguments or more.');
      if (typeof a[0] !== 'number') raise('First argument must be a number (log level).');
      const level = a[0];
      if (level < 0 || level > 3) raise('Invalid debug level.');
      return [];
    }),
  );
  LOG_LEVELS.forEach((name, i) => r.set(name, i));
  r.set(
    'setresp',
    fn('setresp', (a) => {
      if (a.length !== 1) raise('redis.setresp() requires one argument.');
      // lua_tonumber (a numeric string counts, anything else is 0) cast to a C int
      const resp = Math.trunc(coerceToNumber(a[0]) ?? 0);
      if (resp !== 2 && resp !== 3) raise('RESP version must be 2 or 3.');
      S.rt.resp = resp;
      return [];
    }),
  );
  r.set(
    'set_repl',
    fn('set_repl', (a) => {
      if (a.length !== 1) raise('redis.set_repl() requires two arguments.');
      const flags = typeof a[0] === 'number' ? Math.trunc(a[0]) : 0;
      if ((flags & ~3) !== 0) {
        raise('Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE.');
      }
      return [];
    }),
  );
  for (const [k, v] of Object.entries(REPL)) r.set(k, v);
  r.set(
    'replicate_commands',
    fn('replicate_commands', () => [true]),
  );
  r.set(
    'sha1hex',
    fn('sha1hex', (a) => {
      if (a.length !== 1) raise('wrong number of arguments');
      const v = a[0];
      const text = typeof v === 'string' ? v : typeof v === 'number' ? luaToString(host, v) : '';
      // the digest reads every byte: a loop over a long string is work, not a step a call
      chargeBytes(text.length);
      return [sha1Hex(fromLuaString(text))];
    }),
  );
  r.set(
    'error_reply',
    fn('error_reply', (a) => {
      if (a.length !== 1 || typeof a[0] !== 'string') {
        return [errorTable('wrong number or type of arguments')];
      }
      const s = a[0];
      return [errorTable(s.startsWith('-') ? s : `-${s}`)];
    }),
  );
  r.set(
    'status_reply',
    fn('status_reply', (a) => singleField('ok', a)),
  );
  r.set(
    'breakpoint',
    fn('breakpoint', () => [false]),
  );
  r.set(
    'debug',
    fn('debug', () => []),
  );
  r.set(
    'acl_check_cmd',
    fn('acl_check_cmd', (a) => {
      const converted = commandArgs(a);
      if (converted instanceof LuaTable) throw new LuaError(converted);
      const check = bridge.current?.aclCheck;
      // null is an answer here (no such command), not an absent one
      const allowed = check ? check(converted.argv) : true;
      if (allowed === null) raise('Invalid command passed to redis.acl_check_cmd()');
      return [allowed];
    }),
  );
  r.set('REDIS_VERSION', '7.0.15');
  r.set('REDIS_VERSION_NUM', 0x07000f);
  return r;
}

/** Marks a table and every table reachable from it read-only (luaSetTableProtectionRecursively). */
export function protect(t: LuaTable, seen = new Set<LuaTable>()): void {
  if (seen.has(t)) return;
  seen.add(t);
  t.readonly = true;
  for (let e = t.next(undefined); e; e = t.next(e[0])) {
    if (e[1] instanceof LuaTable) protect(e[1], seen);
  }
  if (t.metatable) protect(t.metatable, seen);
}

/** The global environment Redis gives a script: its globals, and the string metatable. */
export interface RedisEnv {
  globals: LuaTable;
  stringMeta: LuaTable;
}

const envs = new WeakMap<object, RedisEnv>();

/**
 * The environment of one simulated server, built on first use: like a real
 * server's Lua state it outlives each script (math.random's generator runs on
 * from one script to the next), and nothing else in it can change.
 */
export function redisEnv(owner: object): RedisEnv {
  const known = envs.get(owner);
  if (known) return known;
  const g = new LuaTable();
  installBaseLib(g, host, baseRuntime);
  const string = createStringLib(host);
  g.set('string', string);
  g.set('table', createTableLib(host));
  g.set('math', createMathLib(host));
  g.set('coroutine', createCoroutineLib());
  g.set('cjson', createCjsonLib());
  g.set('struct', createStructLib());
  g.set('cmsgpack', createCmsgpackLib());
  g.set('bit', createBitLib());
  g.set('redis', createRedisLib());
  g.set(
    '__redis__err__handler',
    fn('__redis__err__handler', (a) => {
      // getinfo(2) is its caller; a C caller (line -1) makes it look one level further out
      const rt = S.rt;
      const at = rt.line >= 0 ? rt.line : (rt.callLines[rt.callLines.length - 1] ?? -1);
      return [redisHandled(host, a[0], at)];
    }),
  );
  const stringMeta = new LuaTable();
  stringMeta.set('__index', string);
  const gmeta = new LuaTable();
  gmeta.set(
    '__index',
    fn('?', (a) => {
      throw new LuaRuntimeError(
        `Script attempted to access nonexistent global variable '${luaToString(host, a[1])}'`,
      );
    }),
  );
  g.metatable = gmeta;
  protect(g);
  protect(stringMeta);
  const env = { globals: g, stringMeta };
  envs.set(owner, env);
  return env;
}
