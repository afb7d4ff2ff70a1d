/**
 * FUNCTION and FCALL (functions.c) on the same Lua engine as EVAL: a library is loaded from
 * code that starts with `#!lua name=<lib>`, its functions are called by name with their keys
 * and arguments, and the libraries belong to the server (FLUSHALL keeps them). Replies and
 * error texts are 7.0.15's. FUNCTION DUMP and RESTORE carry binary RDB payloads, which the
 * simulator does not model: they say so.
 */
import { globMatch } from '../glob.ts';
import { helpSubcommand } from '../commands/help.ts';
import { arg, type CommandContext, type CommandSpec } from '../commands/types.ts';
import { OK, arityError, err, status, subcommandSyntaxError } from '../errors.ts';
import {
  BAD_FUNCTION_NAME,
  validFunctionName,
  type FunctionLibrary,
  type LibraryFunction,
} from '../function-libraries.ts';
import { callFunction, loadLibraryCode, type LuaFunction } from '../lua/index.ts';
import { splitArgs } from '../redis-cli-split.ts';
import type { Reply } from '../trace-types.ts';
import { scriptLimits } from './limits.ts';
import { journalWrap, runLua } from './traced-run.ts';
import { numkeysKeys, parseNumkeys, refusedForOom, runBridge } from './script-calls.ts';
import { SCRIPT_FLAGS } from './shebang.ts';
import { busyError, busyScriptOf, killBusy } from '../commands/busy.ts';

/** FUNCTION LOAD's time limit (functions.c's LOAD_TIMEOUT_MS). */
const LOAD_TIMEOUT_MS = 500;

/** A library's shebang read (functionExtractLibMetaData): its engine and name, or the error. */
function readMetadata(code: string): { engine: string; name: string; body: string } | string {
  if (!code.startsWith('#!')) return 'ERR Missing library metadata';
  // strchr stops at a NUL as at the end
  const end = code.indexOf('\n');
  const nul = code.indexOf('\0');
  if (end < 0 || (nul >= 0 && nul < end)) return 'ERR Invalid library metadata';
  const split = splitArgs(code.slice(0, end));
  if (!split.ok || split.args.length === 0) return 'ERR Invalid library metadata';
  const [first = '', ...parts] = split.args;
  let name: string | null = null;
  for (const part of parts) {
    if (part.slice(0, 5).toLowerCase() === 'name=') {
      if (name !== null) {
        return 'ERR Invalid metadata value, name argument was given multiple times';
      }
      name = part.slice(5);
      continue;
    }
    return `ERR Invalid metadata value given: ${part.split('\0')[0]}`;
  }
  if (name === null) return 'ERR Library name was not given';
  // Lua sees the code from the shebang's line feed on, so its lines are the user's
  return { engine: first.slice(2), name, body: code.slice(end) };
}

/** Where a traced function's steps point: its library's code, as Redis names that chunk. */
export const FUNCTION_LISTING = 'user_function';

/** The code of a loaded library as the engine compiled it (its shebang line left out). */
const libraryBody = (code: string): string => {
  const md = readMetadata(code);
  return typeof md === 'string' ? '' : md.body;
};

/** FUNCTION LOAD [REPLACE] code (functionsCreateWithLibraryCtx). */
function load(ctx: CommandContext, args: readonly string[]): Reply {
  let replace = false;
  let i = 2;
  while (i < args.length - 1) {
    const option = arg(args, i++);
    if (option.toLowerCase() !== 'replace') return err(`ERR Unknown option given: ${option}`);
    replace = true;
  }
  const code = arg(args, i);
  const md = readMetadata(code);
  if (typeof md === 'string') return err(md);
  if (!validFunctionName(md.name)) return err(`ERR ${BAD_FUNCTION_NAME}`);
  if (md.engine.toLowerCase() !== 'lua') return err(`ERR Engine '${md.engine}' not found`);
  const store = ctx.host.functions;
  const old = store.library(md.name);
  if (old && !replace) return err(`ERR Library '${md.name}' already exists`);
  const limits = scriptLimits(ctx.host);
  const loaded = loadLibraryCode(md.body, {
    owner: ctx.host,
    knownFlags: SCRIPT_FLAGS,
    budget: limits.budget,
    deadline: Math.min(limits.deadline ?? Infinity, performance.now() + LOAD_TIMEOUT_MS),
  });
  if ('error' in loaded) return err(`ERR ${loaded.error}`);
  if (loaded.functions.length === 0) return err('ERR No functions registered');
  // the old library's functions are its own to replace; any other library's are not
  for (const f of loaded.functions) {
    const taken = store.function(f.name);
    if (taken && !(old && taken.library === old.name)) {
      return err(`ERR Function ${f.name} already exists`);
    }
  }
  if (old) store.unlink(old.name);
  store.link({
    name: md.name,
    engine: 'LUA',
    code,
    functions: loaded.functions.map((f) => ({ ...f, library: md.name })),
  });
  return md.name;
}

/** One function as FUNCTION LIST shows it. */
const functionEntry = (f: LibraryFunction): Reply => [
  'name',
  f.name,
  'description',
  f.description,
  'flags',
  f.flags.map((flag) => status(flag)),
];

/** FUNCTION LIST [LIBRARYNAME pattern] [WITHCODE] */
function list(ctx: CommandContext, args: readonly string[]): Reply {
  let withCode = false;
  let pattern: string | null = null;
  for (let i = 2; i < args.length; i++) {
    const a = arg(args, i).toLowerCase();
    if (!withCode && a === 'withcode') {
      withCode = true;
      continue;
    }
    if (pattern === null && a === 'libraryname') {
      if (i >= args.length - 1) return err('ERR library name argument was not given');
      pattern = arg(args, ++i);
      continue;
    }
    return err(`ERR Unknown argument ${arg(args, i)}`);
  }
  // stringmatchlen with nocase: names are letters, digits and underscores
  const matches = (lib: FunctionLibrary) =>
    pattern === null || globMatch(pattern.toLowerCase(), lib.name.toLowerCase());
  return ctx.host.functions
    .list()
    .filter(matches)
    .map((lib) => [
      'library_name',
      lib.name,
      'engine',
      lib.engine,
      'functions',
      lib.functions.map(functionEntry),
      ...(withCode ? ['library_code', lib.code] : []),
    ]);
}

const sub = (
  name: string,
  arity: number,
  run: (ctx: CommandContext, args: readonly string[]) => Reply,
  write = false,
): CommandSpec => ({
  name: `function|${name}`,
  arity,
  flags: write ? ['write', 'noscript'] : ['noscript'],
  run,
});

const binary = (ctx: CommandContext, args: readonly string[]): Reply =>
  args.length > 4
    ? subcommandSyntaxError(args)
    : err(
        `ERR the simulator does not model FUNCTION ${arg(args, 1).toUpperCase()}: its payload is ` +
          'a binary RDB dump, which is out of scope',
      );

const functionCommand: CommandSpec = {
  name: 'function',
  arity: -2,
  flags: ['noscript', 'container'],
  subcommands: new Map([
    ['load', sub('load', -3, load, true)],
    ['list', sub('list', -2, list)],
    [
      'delete',
      sub(
        'delete',
        3,
        ({ host }, args) =>
          host.functions.unlink(arg(args, 2)) ? OK : err('ERR Library not found'),
        true,
      ),
    ],
    [
      'flush',
      sub(
        'flush',
        -2,
        ({ host }, args) => {
          if (args.length > 3) return subcommandSyntaxError(args);
          const mode = args.length === 3 ? arg(args, 2).toLowerCase() : 'sync';
          if (mode !== 'sync' && mode !== 'async') {
            return err('ERR FUNCTION FLUSH only supports SYNC|ASYNC option');
          }
          host.functions.clear();
          return OK;
        },
        true,
      ),
    ],
    [
      'stats',
      // between two commands no function is running: running_script is nil; only a server
      // standing in for a busy one (commands/busy.ts) has one, and EVAL's is answered BUSY
      sub('stats', 2, ({ host }) => {
        const busy = host.busy;
        if (busy?.kind === 'eval') return busyError('eval');
        const running = busy && [
          'name',
          busy.name,
          'command',
          [...busy.command],
          'duration_ms',
          host.now() - busy.startedAt,
        ];
        const libraries = busy ? busy.libraries : host.functions.list().length;
        const functions = busy ? busy.functions : host.functions.functionCount;
        return [
          'running_script',
          running,
          'engines',
          ['LUA', ['libraries_count', libraries, 'functions_count', functions]],
        ];
      }),
    ],
    // a function runs to its end before the next command is read: there is none to kill, but
    // on a server standing in for one whose script runs
    ['kill', sub('kill', 2, ({ host }) => killBusy(host, 'function'))],
    ['dump', sub('dump', 2, binary)],
    ['restore', sub('restore', -3, binary, true)],
    ['help', helpSubcommand('function')],
  ]),
  // reached only without a subcommand, which the arity check refuses first
  run: () => arityError('function'),
};

/**
 * FCALL, or FCALL_RO when `ro`: the function by name (in any case), numkeys, then the run. A
 * function without `no-writes` is refused by FCALL_RO; with it, or under FCALL_RO, a write
 * command inside answers Redis's read-only script error.
 */
const fcall = (ro: boolean): CommandSpec => ({
  name: ro ? 'fcall_ro' : 'fcall',
  arity: -3,
  flags: ro ? ['readonly', 'noscript'] : ['noscript'],
  keys: numkeysKeys,
  // a function always declares its flags (none is a list too); one not found has FCALL's
  scriptFlags: (host, args) => host.functions.function(arg(args, 1))?.flags ?? null,
  run: (ctx, args) => {
    const f = ctx.host.functions.function(arg(args, 1));
    if (!f) return err('ERR Function not found');
    const numkeys = parseNumkeys(args, 'ERR Bad number of keys provided');
    if (typeof numkeys !== 'number') return numkeys;
    const noWrites = f.flags.includes('no-writes');
    if (ro && !noWrites) {
      return err('ERR Can not execute a script with write flag using *_ro command.');
    }
    const { host } = ctx;
    const oom = refusedForOom(host, f.flags);
    if (oom) return oom;
    host.scriptStarted();
    host.scriptObserver?.started(busyScriptOf(host, 'function', f.name, args));
    const call = {
      owner: host,
      bridge: runBridge(ctx, ro || noWrites, journalWrap(ctx), f.flags.includes('allow-oom')),
      callable: f.callable as LuaFunction,
      name: f.name,
      keys: args.slice(3, 3 + numkeys),
      args: args.slice(3 + numkeys),
      ...scriptLimits(host),
    };
    // traced, the function's steps point into its library's code as the engine compiled it
    return runLua(
      ctx,
      () => ({
        listing: FUNCTION_LISTING,
        story: null,
        argv: call.args,
        source: libraryBody(host.functions.library(f.library)?.code ?? ''),
      }),
      (hook) => callFunction(hook ? { ...call, hook } : call),
    );
  },
});

/** FUNCTION, FCALL and FCALL_RO, for create-server.ts to add beside EVAL. */
export const functionCommands: CommandSpec[] = [functionCommand, fcall(false), fcall(true)];
