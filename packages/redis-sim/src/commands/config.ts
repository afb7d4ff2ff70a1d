/**
 * CONFIG GET, SET, RESETSTAT, REWRITE and HELP for the parameters the simulator models,
 * `maxmemory` and `maxmemory-policy`, with 7.0.15's replies and error texts. A real parameter
 * the simulator does not model (every other name 7.0.15's CONFIG GET * lists,
 * `fixtures/config-parameters.json`) is never answered with a made-up value: CONFIG GET of
 * it by name and CONFIG SET of it are refused in plain words, and a pattern matches only the
 * modelled ones.
 */
import recorded from '../../fixtures/config-parameters.json' with { type: 'json' };
import { OK, SYNTAX, arityError, err, type ErrorReply } from '../errors.ts';
import { globMatch } from '../glob.ts';
import {
  MAXMEMORY_CEILING,
  MAXMEMORY_POLICIES,
  parseMemoryValue,
  type ServerConfig,
} from '../server-config.ts';
import type { Reply } from '../trace-types.ts';
import { helpSubcommand } from './help.ts';
import type { CommandFlag, CommandSpec } from './types.ts';

/** Every parameter name 7.0.15 lists, lowercase. */
const REAL = new Set(recorded.names);

/** A modelled parameter: how CONFIG GET shows it and how CONFIG SET checks and writes it. */
interface Parameter {
  get(config: ServerConfig): string;
  /** the value to write, or why it is refused (the text after `failed (…) - `) */
  parse(value: string): { set: (config: ServerConfig) => void } | { refused: string };
}

const MODELLED: ReadonlyMap<string, Parameter> = new Map<string, Parameter>([
  [
    'maxmemory',
    {
      get: (c) => String(c.maxmemory),
      parse: (value) => {
        const bytes = parseMemoryValue(value);
        if (bytes === null) return { refused: 'argument must be a memory value' };
        if (bytes === 0n || bytes > BigInt(MAXMEMORY_CEILING)) {
          return {
            refused:
              `the simulator keeps maxmemory between 1 and ${MAXMEMORY_CEILING} bytes (256mb), ` +
              'so a keyspace in a browser tab cannot grow until the tab crashes ' +
              '(a real server takes any value, and 0 for no limit)',
          };
        }
        return { set: (c) => (c.maxmemory = Number(bytes)) };
      },
    },
  ],
  [
    'maxmemory-policy',
    {
      get: (c) => c.maxmemoryPolicy,
      parse: (value) => {
        const policy = value.toLowerCase();
        if (!(MAXMEMORY_POLICIES as readonly string[]).includes(policy)) {
          return {
            refused: `argument(s) must be one of the following: ${MAXMEMORY_POLICIES.join(', ')}`,
          };
        }
        if (policy !== 'noeviction') {
          return {
            refused:
              'the simulator models only noeviction: it never evicts a key, so over maxmemory ' +
              'it refuses the commands that may add memory, as noeviction does',
          };
        }
        return { set: (c) => (c.maxmemoryPolicy = 'noeviction') };
      },
    },
  ],
]);

/** Why a real parameter the simulator does not model is refused. */
const notModelled = (name: string): string =>
  `the simulator models only maxmemory and maxmemory-policy, not '${name}'`;

/** CONFIG GET parameter …: a flat map of name, value (an exact name echoed as typed). */
function configGet(config: ServerConfig, names: readonly string[]): Reply {
  const matches = new Map<string, string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (!/[[*?]/.test(name)) {
      const p = MODELLED.get(lower);
      if (p) {
        if (!matches.has(lower)) matches.set(lower, name);
      } else if (REAL.has(lower)) {
        return err(`ERR CONFIG GET ${name}: ${notModelled(name)}`);
      }
      continue;
    }
    for (const known of MODELLED.keys()) {
      if (!matches.has(known) && globMatch(lower, known)) matches.set(known, known);
    }
  }
  return [...matches].flatMap(([key, shown]) => [shown, MODELLED.get(key)!.get(config)]);
}

/**
 * CONFIG SET parameter value …: every name checked first (unknown, not modelled, twice), then
 * every value, all or nothing, as configSetCommand does.
 */
function configSet(config: ServerConfig, args: readonly string[]): Reply {
  if (args.length % 2 === 1) return err(SYNTAX);
  let unknown: string | null = null;
  let failed: ErrorReply | null = null;
  const seen: string[] = [];
  for (let i = 2; i < args.length; i += 2) {
    const name = args[i] ?? '';
    const lower = name.toLowerCase();
    if (!MODELLED.has(lower) && !REAL.has(lower)) {
      if (unknown === null && failed === null) unknown = name;
      continue;
    }
    if (unknown !== null || failed !== null) continue;
    if (!MODELLED.has(lower)) failed = setFailed(name, notModelled(name));
    else if (seen.includes(lower)) failed = setFailed(name, 'duplicate parameter');
    seen.push(lower);
  }
  if (unknown !== null) {
    return err(`ERR Unknown option or number of arguments for CONFIG SET - '${unknown}'`);
  }
  if (failed) return failed;
  const writes: Array<(c: ServerConfig) => void> = [];
  for (let i = 2; i < args.length; i += 2) {
    const name = (args[i] ?? '').toLowerCase();
    const parsed = MODELLED.get(name)!.parse(args[i + 1] ?? '');
    if ('refused' in parsed) return setFailed(name, parsed.refused);
    writes.push(parsed.set);
  }
  for (const write of writes) write(config);
  return OK;
}

const setFailed = (name: string, why: string): ErrorReply =>
  err(`ERR CONFIG SET failed (possibly related to argument '${name}') - ${why}`);

const ADMIN: readonly CommandFlag[] = ['admin', 'noscript'];

/** CONFIG, for the server commands (commands/defaults.ts). */
export const configCommand: CommandSpec = {
  name: 'config',
  arity: -2,
  flags: ['container'],
  subcommands: new Map<string, CommandSpec>([
    [
      'get',
      {
        name: 'config|get',
        arity: -3,
        flags: ADMIN,
        run: ({ host }, args) => configGet(host.config, args.slice(2)),
      },
    ],
    [
      'set',
      {
        name: 'config|set',
        arity: -4,
        flags: ADMIN,
        run: ({ host }, args) => configSet(host.config, args),
      },
    ],
    // no statistics are modelled, so there are none to reset
    ['resetstat', { name: 'config|resetstat', arity: 2, flags: ADMIN, run: () => OK }],
    [
      'rewrite',
      {
        name: 'config|rewrite',
        arity: 2,
        flags: ADMIN,
        run: () => err('ERR The server is running without a config file'),
      },
    ],
    ['help', helpSubcommand('config')],
  ]),
  // reached only without a subcommand, which the arity check refuses first
  run: () => arityError('config'),
};
