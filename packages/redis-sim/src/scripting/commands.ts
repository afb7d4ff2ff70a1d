/**
 * EVAL, EVALSHA and SCRIPT: where the core meets the Lua engine. A command here compiles and
 * runs a script on the engine, and when the caller asked for steps, records them with the
 * trace recorder (told by a module's story when one knows the script). It sits above the core
 * and the engine, so the core never imports the engine.
 */
import { NOSCRIPT, OK, arityError, err, helpReply } from '../errors.ts';
import { numkeysKeys, parseNumkeys, refusedForOom, runBridge } from './script-calls.ts';
import { readShebang } from './shebang.ts';
import { busyScriptOf, killBusy } from '../commands/busy.ts';
import type { Chunk } from '../lua/index.ts';
import { compileScript, runScriptDetailed, type RunOptions } from '../lua/index.ts';
import { compileLimits, scriptLimits, spend, spendHash } from './limits.ts';
import type { ScriptStory, ScriptTeller } from '../module.ts';
import { journalWrap, runLua } from './traced-run.ts';
import { sha1Hex } from '../sha1.ts';
import type { Reply, StepListing } from '../trace-types.ts';
import { arg, type CommandContext, type CommandSpec } from '../commands/types.ts';

/** The script tellers of one server's modules, with each script's story found once. */
class Tellers {
  private readonly stories = new Map<string, ScriptStory | null>();

  constructor(private readonly all: readonly ScriptTeller[]) {}

  /** The listing the first module that knows the script names, or the script's own text. */
  listingOf(sha: string): StepListing {
    for (const t of this.all) {
      const listing = t.listingOf(sha);
      if (listing !== undefined) return listing;
    }
    return 'user_script';
  }

  /** The story the first module that tells the script gives it, found once per SHA. */
  storyOf(sha: string, tree: Chunk): ScriptStory | null {
    let story = this.stories.get(sha);
    if (story === undefined) {
      story = null;
      for (const t of this.all) {
        story = t.storyOf(tree);
        if (story) break;
      }
      this.stories.set(sha, story);
    }
    return story;
  }
}

/**
 * Runs a cached script by SHA through the Lua engine, traced when a stepper asks for steps.
 * `ro` for EVAL_RO and EVALSHA_RO: a script whose shebang does not say `no-writes` is refused,
 * and one without a shebang runs read-only (scriptPrepareForRun).
 */
function runScript(
  ctx: CommandContext,
  sha: string,
  args: readonly string[],
  numkeys: number,
  tellers: Tellers,
  ro = false,
  start = performance.now(),
): Reply {
  const body = ctx.host.scripts.get(sha) ?? '';
  const shebang = readShebang(body);
  if ('error' in shebang) return shebang;
  const noWrites = shebang.flags?.has('no-writes') ?? false;
  if (ro && shebang.flags !== null && !noWrites) {
    return err('ERR Can not execute a script with write flag using *_ro command.');
  }
  const declared = shebang.flags && [...shebang.flags];
  const oom = refusedForOom(ctx.host, declared);
  if (oom) return oom;
  const source = body.slice(shebang.length);
  // compiled when it was loaded: the engine's cache answers, with no charge
  const compiled = compileScript(source, sha, compileLimits(ctx.host, start));
  if ('error' in compiled) return err(compiled.error);
  ctx.host.scriptStarted();
  const { host } = ctx;
  host.scriptObserver?.started(busyScriptOf(host, 'eval', sha, args));
  const opts: RunOptions = {
    owner: ctx.host,
    sha,
    keys: args.slice(3, 3 + numkeys),
    // ARGV read where it stands: a copy of 200,000 arguments is a large-object allocation
    argv: args,
    argvFrom: 3 + numkeys,
    // redis.call runs the command as the script's caller, with the in-script texts; a
    // stepper's run also follows the strings, lists and expiries a call writes
    bridge: runBridge(
      ctx,
      ro || noWrites,
      journalWrap(ctx),
      declared?.includes('allow-oom') ?? false,
    ),
    ...scriptLimits(host, start),
  };
  return runLua(
    ctx,
    () => ({
      listing: tellers.listingOf(sha),
      story: tellers.storyOf(sha, compiled.tree),
      argv: args.slice(3 + numkeys),
      source,
    }),
    (hook) => runScriptDetailed(compiled.proto, hook ? { ...opts, hook } : opts),
  );
}

/**
 * Compiles a script body (after its shebang, which must be well formed) under the limits of a
 * command that started at `start`, caching it by SHA only when it compiles (as Redis does); the
 * compile's steps are spent from the typed line's allowance, compiled or not.
 */
function load(
  ctx: CommandContext,
  body: string,
  start = performance.now(),
): { sha: string } | { error: string } {
  const sha = sha1Hex(body);
  // hashed on every call, known or not: work a megabyte of text makes long, as it does a compile
  spendHash(ctx.host, body.length);
  if (ctx.host.scripts.has(sha)) return { sha };
  const shebang = readShebang(body);
  if ('error' in shebang) return shebang;
  const compiled = compileScript(body.slice(shebang.length), sha, compileLimits(ctx.host, start));
  spend(ctx.host, compiled.steps);
  if ('error' in compiled) return err(compiled.error);
  ctx.host.scripts.set(sha, body);
  return { sha };
}

/** The flags a script's shebang declares; null without one, or with one that does not parse. */
function declaredFlags(body: string): string[] | null {
  const shebang = readShebang(body);
  return 'error' in shebang || shebang.flags === null ? null : [...shebang.flags];
}

/** EVAL, or EVAL_RO when `ro`. */
const evalCmd = (tellers: Tellers, ro: boolean): CommandSpec => ({
  name: ro ? 'eval_ro' : 'eval',
  arity: -3,
  flags: ro ? ['readonly', 'noscript'] : ['noscript'],
  keys: numkeysKeys,
  scriptFlags: (_host, args) => declaredFlags(arg(args, 1)),
  run: (ctx, args) => {
    const numkeys = parseNumkeys(args);
    if (typeof numkeys !== 'number') return numkeys;
    // the script's compile and its run share one clock
    const start = performance.now();
    const loaded = load(ctx, arg(args, 1), start);
    if ('error' in loaded) return loaded;
    return runScript(ctx, loaded.sha, args, numkeys, tellers, ro, start);
  },
});

/** EVALSHA, or EVALSHA_RO when `ro`. */
const evalsha = (tellers: Tellers, ro: boolean): CommandSpec => ({
  name: ro ? 'evalsha_ro' : 'evalsha',
  arity: -3,
  flags: ro ? ['readonly', 'noscript'] : ['noscript'],
  keys: numkeysKeys,
  // a script not in the cache has its command's flags (evalGetCommandFlags)
  scriptFlags: (host, args) => {
    const body = arg(args, 1).length === 40 ? host.scripts.get(arg(args, 1).toLowerCase()) : null;
    return body === undefined || body === null ? null : declaredFlags(body);
  },
  run: (ctx, args) => {
    // a SHA of the wrong length cannot match, and Redis says so before reading numkeys
    if (arg(args, 1).length !== 40) return err(NOSCRIPT);
    const numkeys = parseNumkeys(args);
    if (typeof numkeys !== 'number') return numkeys;
    const sha = arg(args, 1).toLowerCase();
    if (!ctx.host.scripts.has(sha)) return err(NOSCRIPT);
    return runScript(ctx, sha, args, numkeys, tellers, ro);
  },
});

const scriptLoad: CommandSpec = {
  name: 'script|load',
  arity: 3,
  flags: ['noscript'],
  run: (ctx, args) => {
    const loaded = load(ctx, arg(args, 2));
    return 'error' in loaded ? loaded : loaded.sha;
  },
};

const scriptExists: CommandSpec = {
  name: 'script|exists',
  arity: -3,
  flags: ['noscript'],
  run: (ctx, args) => args.slice(2).map((s) => (ctx.host.scripts.has(s.toLowerCase()) ? 1 : 0)),
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
    ctx.host.scripts.clear();
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
  run: () => helpReply(HELP),
};

/**
 * SCRIPT KILL: a script runs to its end before the next command is read, so there is none to
 * kill (NOTBUSY), but on a server standing in for one whose script runs ({@link killBusy}).
 */
const scriptKill: CommandSpec = {
  name: 'script|kill',
  arity: 2,
  flags: ['noscript'],
  run: ({ host }) => killBusy(host, 'eval'),
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
    ['kill', scriptKill],
  ]),
  // reached only without a subcommand, which the arity check refuses first
  run: () => arityError('script'),
};

/**
 * The scripting commands of one server, for create-server.ts to add to the core's: EVAL and
 * EVALSHA tell a traced run as the first of `tellers` that knows the script says.
 */
export function scriptingCommands(tellers: readonly ScriptTeller[]): CommandSpec[] {
  const told = new Tellers(tellers);
  return [
    evalCmd(told, false),
    evalCmd(told, true),
    evalsha(told, false),
    evalsha(told, true),
    script,
  ];
}
