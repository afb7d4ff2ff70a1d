import { NOSCRIPT, NOT_INTEGER, OK, arityError, err } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import { redisParseInt } from '../numbers.ts';
import { modelFor, unmodelledScriptError } from '../scripts/lesson-scripts.ts';
import { drive, type LuaArg, type ScriptEnv } from '../scripts/script-env.ts';
import { sha1Hex } from '../sha1.ts';
import type { Reply } from '../trace-types.ts';
import { arg, type CommandContext, type CommandSpec, type KeyRef } from './types.ts';

/** EVAL/EVALSHA declare their keys through numkeys; a bad numkeys declares none. */
function evalKeys(args: readonly string[]): KeyRef[] {
  const n = redisParseInt(arg(args, 2));
  if (n === null || n < 0 || n > args.length - 3) return [];
  return Array.from({ length: n }, (_, i) => ({
    index: 3 + i,
    flags: ['RW', 'access', 'update'] as const,
  }));
}

/** numkeys validated as Redis 7.0 does it, or the error reply. */
function parseNumkeys(args: readonly string[]): number | { error: string } {
  const n = redisParseInt(arg(args, 2));
  if (n === null) return err(NOT_INTEGER);
  if (n > args.length - 3) return err("ERR Number of keys can't be greater than number of args");
  if (n < 0) return err("ERR Number of keys can't be negative");
  return n;
}

/** Runs a cached script by SHA: its model's generator, driven to the end. */
function runScript(
  ctx: CommandContext,
  sha: string,
  args: readonly string[],
  numkeys: number,
): Reply {
  const model = modelFor(sha);
  if (!model) return err(unmodelledScriptError(sha));
  const env: ScriptEnv = {
    sha,
    keys: args.slice(3, 3 + numkeys),
    argv: args.slice(3 + numkeys),
    call: (luaArgs) => redisCall(ctx, luaArgs),
  };
  return drive(model.run(env), ctx.ks, ctx.trace ?? null);
}

/** redis.call's argument conversion (Redis 7.0: numbers as %.17g), then the command as the caller. */
function redisCall(ctx: CommandContext, luaArgs: readonly LuaArg[]): Reply {
  const args: string[] = [];
  for (const a of luaArgs) {
    if (a === null) return err('ERR Lua redis lib command arguments must be strings or integers');
    args.push(typeof a === 'number' ? formatDouble(a) : a);
  }
  return ctx.server.dispatch(ctx.conn, args, { inScript: true, trace: null });
}

const evalCmd: CommandSpec = {
  name: 'eval',
  arity: -3,
  flags: ['noscript'],
  keys: evalKeys,
  run: (ctx, args) => {
    const numkeys = parseNumkeys(args);
    if (typeof numkeys !== 'number') return numkeys;
    const body = arg(args, 1);
    const sha = sha1Hex(body);
    // a real server caches what EVAL ran; an unmodelled script is cached and then refused
    ctx.server.scripts.set(sha, body);
    return runScript(ctx, sha, args, numkeys);
  },
};

const evalsha: CommandSpec = {
  name: 'evalsha',
  arity: -3,
  flags: ['noscript'],
  keys: evalKeys,
  run: (ctx, args) => {
    // a SHA of the wrong length cannot match, and Redis says so before reading numkeys
    if (arg(args, 1).length !== 40) return err(NOSCRIPT);
    const numkeys = parseNumkeys(args);
    if (typeof numkeys !== 'number') return numkeys;
    const sha = arg(args, 1).toLowerCase();
    if (!ctx.server.scripts.has(sha)) return err(NOSCRIPT);
    return runScript(ctx, sha, args, numkeys);
  },
};

const scriptLoad: CommandSpec = {
  name: 'script|load',
  arity: 3,
  flags: ['noscript'],
  run: (ctx, args) => {
    const body = arg(args, 2);
    const sha = sha1Hex(body);
    ctx.server.scripts.set(sha, body);
    return sha;
  },
};

const scriptExists: CommandSpec = {
  name: 'script|exists',
  arity: -3,
  flags: ['noscript'],
  run: (ctx, args) => args.slice(2).map((s) => (ctx.server.scripts.has(s.toLowerCase()) ? 1 : 0)),
};

const scriptFlush: CommandSpec = {
  name: 'script|flush',
  arity: -2,
  flags: ['noscript'],
  run: (ctx, args) => {
    const mode = args.length === 3 ? arg(args, 2).toLowerCase() : 'sync';
    if (args.length > 3 || (mode !== 'sync' && mode !== 'async')) {
      return err('ERR SCRIPT FLUSH only support SYNC|ASYNC option');
    }
    ctx.server.scripts.clear();
    return OK;
  },
};

// Redis 7.0.15's own SCRIPT HELP text, so the console answers as the server does
const HELP = [
  'SCRIPT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:',
  'DEBUG (YES|SYNC|NO)',
  '    Set the debug mode for subsequent scripts executed.',
  'EXISTS <sha1> [<sha1> ...]',
  '    Return information about the existence of the scripts in the script cache.',
  'FLUSH [ASYNC|SYNC]',
  '    Flush the Lua scripts cache. Very dangerous on replicas.',
  '    When called without the optional mode argument, the behavior is determined by the',
  '    lazyfree-lazy-user-flush configuration directive. Valid modes are:',
  '    * ASYNC: Asynchronously flush the scripts cache.',
  '    * SYNC: Synchronously flush the scripts cache.',
  'KILL',
  '    Kill the currently executing Lua script.',
  'LOAD <script>',
  '    Load a script into the scripts cache without executing it.',
  'HELP',
  '    Prints this help.',
];

const scriptHelp: CommandSpec = {
  name: 'script|help',
  arity: 2,
  flags: ['noscript'],
  run: () => [...HELP],
};

const script: CommandSpec = {
  name: 'script',
  arity: -2,
  flags: ['noscript', 'container'],
  subcommands: new Map([
    ['load', scriptLoad],
    ['exists', scriptExists],
    ['flush', scriptFlush],
    ['help', scriptHelp],
  ]),
  // reached only without a subcommand, which the arity check refuses first
  run: () => arityError('script'),
};

export const scriptingCommands: CommandSpec[] = [evalCmd, evalsha, script];
