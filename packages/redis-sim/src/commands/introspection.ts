import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { SYNTAX, arityError, err, isStatus, status } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import { REDIS_VERSION } from './connection-commands.ts';
import type { Keyspace } from '../keyspace.ts';
import { helpSubcommand } from './help.ts';
import { arityFits, type CommandHost, type CommandSpec } from './types.ts';

/**
 * Every command name a real Redis 7.0.15 knows (its COMMAND LIST), so a console can tell a
 * command the simulator does not model from one that does not exist.
 */
export const REDIS_COMMAND_NAMES: readonly string[] = catalogue.list;

/**
 * COMMAND INFO's entry for a command this server answers: the real server's own entry where
 * it has one (recorded from 7.0.15), with its subcommands narrowed to the ones simulated;
 * for a command only the simulator has (the native module's), one built from its spec. A
 * subcommand is asked for as `container|sub` (as `SCRIPT|LOAD` in any case): its entry is the
 * one its container's entry lists.
 */
function commandInfo(host: CommandHost, name: string): Reply {
  const bar = name.indexOf('|');
  const found = host.commands.lookup(bar < 0 ? [name] : [name.slice(0, bar), name.slice(bar + 1)]);
  if ('unknown' in found) return null;
  const spec = found.spec;
  // `script` alone with a subcommand's name, or a bar in a plain command's: no such command
  if (bar >= 0 !== spec.name.includes('|')) return null;
  const table = catalogue.info as Record<string, Reply>;
  const parent = bar < 0 ? undefined : table[spec.name.slice(0, spec.name.indexOf('|'))];
  const recorded = Array.isArray(parent)
    ? (parent[9] as Reply[] | undefined)?.find((s) => Array.isArray(s) && s[0] === spec.name)
    : table[spec.name];
  if (Array.isArray(recorded)) {
    const subs = spec.subcommands;
    const entry = [...recorded];
    const listed = entry[9];
    if (subs && Array.isArray(listed)) {
      entry[9] = listed.filter((s) => Array.isArray(s) && subs.has(String(s[0]).split('|')[1]!));
    }
    return entry;
  }
  const keys = spec.keys?.(['', 'k']) ?? [];
  return [
    spec.name,
    spec.arity,
    spec.flags.map((f) => status(f)),
    keys.length ? 1 : 0,
    keys.length ? 1 : 0,
    keys.length ? 1 : 0,
    [],
    [],
    [],
    [],
  ];
}

/** Whether the recorded COMMAND INFO entry of `name` (a top-level command) has `flag`. */
function hasFlag(name: string, flag: string): boolean {
  const entry = (catalogue.info as Record<string, Reply>)[name];
  const flags = Array.isArray(entry) ? entry[2] : null;
  return Array.isArray(flags) && flags.some((f) => isStatus(f) && f.status === flag);
}

const count: CommandSpec = {
  name: 'command|count',
  arity: 2,
  flags: ['fast'],
  run: ({ host }) => host.commands.names().length,
};

const list: CommandSpec = {
  name: 'command|list',
  arity: -2,
  flags: [],
  run: ({ host }, args) =>
    args.length > 2
      ? err('ERR the simulator does not model COMMAND LIST FILTERBY')
      : host.commands.names(),
};

const info: CommandSpec = {
  name: 'command|info',
  arity: -2,
  flags: [],
  run: ({ host }, args) => {
    const names = args.length > 2 ? args.slice(2) : host.commands.names();
    return names.map((n) => commandInfo(host, n));
  },
};

/** COMMAND GETKEYS command arg …: the key arguments the command's key specs name. */
const getkeys: CommandSpec = {
  name: 'command|getkeys',
  arity: -4,
  flags: [],
  run: ({ host }, args) => {
    const inner = args.slice(2);
    const found = host.commands.lookup(inner);
    if ('unknown' in found) return err('ERR Invalid command specified');
    const { spec } = found;
    if (spec.keys === undefined) return err('ERR The command has no key arguments');
    if (!arityFits(spec, inner.length)) {
      return err('ERR Invalid number of arguments specified for command');
    }
    const refs = spec.keys(inner);
    if (refs.length > 0) return refs.map((r) => inner[r.index] ?? '');
    // no key found where the specs look (a numkeys of 0, or one that counts past the end)
    return hasFlag(spec.name, 'no_mandatory_keys')
      ? []
      : err('ERR Invalid arguments specified for command');
  },
};

const command: CommandSpec = {
  name: 'command',
  arity: -1,
  flags: ['container'],
  subcommands: new Map([
    ['count', count],
    ['list', list],
    ['info', info],
    ['getkeys', getkeys],
    ['help', helpSubcommand('command')],
  ]),
  // COMMAND alone lists every command's entry, as COMMAND INFO with no names does
  run: (ctx, args) =>
    args.length === 1 ? info.run(ctx, ['command', 'info']) : arityError('command'),
};

/** The lines of INFO's Server section, with the simulator's values where a process has its own. */
function serverSection(host: CommandHost): string[] {
  const now = host.now();
  const uptime = Math.max(0, Math.floor((now - host.startedAt) / 1000));
  return [
    '# Server',
    `redis_version:${REDIS_VERSION}`,
    'redis_git_sha1:00000000',
    'redis_git_dirty:0',
    'redis_build_id:0',
    'redis_mode:standalone',
    'os:simulated in the browser',
    'arch_bits:64',
    'monotonic_clock:simulated',
    'multiplexing_api:none',
    'atomicvar_api:c11-builtin',
    'gcc_version:0.0.0',
    'process_id:1',
    'process_supervised:no',
    `run_id:${host.runId}`,
    'tcp_port:6379',
    `server_time_usec:${now * 1000}`,
    `uptime_in_seconds:${uptime}`,
    `uptime_in_days:${Math.floor(uptime / 86400)}`,
    'hz:10',
    'configured_hz:10',
    `lru_clock:${Math.floor(now / 1000) % (1 << 24)}`,
    'executable:',
    'config_file:',
    'io_threads_active:0',
  ];
}

/** INFO's Keyspace section: one db0 line when it holds keys. */
function keyspaceSection(host: CommandHost, ks: Keyspace): string[] {
  if (ks.size === 0) return ['# Keyspace'];
  const expiring = ks.expiring();
  const now = host.now();
  const avg = expiring.length
    ? Math.floor(expiring.reduce((sum, [, at]) => sum + Math.max(0, at - now), 0) / expiring.length)
    : 0;
  return ['# Keyspace', `db0:keys=${ks.size},expires=${expiring.length},avg_ttl=${avg}`];
}

const SECTIONS: Record<string, (host: CommandHost, ks: Keyspace) => string[]> = {
  server: serverSection,
  keyspace: keyspaceSection,
};

/**
 * INFO [section …]: the Server and Keyspace sections, the ones the simulator models; a
 * section it does not model is left out, as a real server leaves out a name it does not
 * know. run_id changes on a restart (SHUTDOWN).
 */
const infoCommand: CommandSpec = {
  name: 'info',
  arity: -1,
  flags: ['fast'],
  run: ({ host, ks }, args) => {
    const asked = args.slice(1).map((a) => a.toLowerCase());
    const all =
      asked.length === 0 || asked.some((a) => ['all', 'default', 'everything'].includes(a));
    const parts = Object.entries(SECTIONS)
      .filter(([name]) => all || asked.includes(name))
      .map(([, section]) =>
        section(host, ks)
          .map((l) => `${l}\r\n`)
          .join(''),
      );
    return parts.join('\r\n');
  },
};

/**
 * SHUTDOWN [NOSAVE|SAVE] [NOW] [FORCE]: the simulated process stops and starts again at
 * once, as a supervised server would. It saves on the way down (Redis's default save points)
 * unless NOSAVE, so the keyspace comes back from its dump; the script cache and users made
 * by ACL SETUSER do not, and the run_id is new. The connection that sent it is closed.
 */
const shutdown: CommandSpec = {
  name: 'shutdown',
  arity: -1,
  flags: ['admin', 'noscript'],
  run: ({ host, conn }, args) => {
    const opts = args.slice(1).map((a) => a.toLowerCase());
    if (opts.some((o) => !['nosave', 'save', 'now', 'force', 'abort'].includes(o))) {
      return err(SYNTAX);
    }
    if (opts.includes('abort')) {
      return opts.length === 1 ? err('ERR No shutdown in progress.') : err(SYNTAX);
    }
    if (opts.includes('nosave') && opts.includes('save')) return err(SYNTAX);
    host.restartAfterShutdown({ dropKeys: opts.includes('nosave') });
    conn.closed = true;
    return null;
  },
};

/** The introspection commands, for the default command set (commands/defaults.ts). */
export const introspectionCommands: CommandSpec[] = [command, infoCommand, shutdown];
