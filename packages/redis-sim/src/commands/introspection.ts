import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { SYNTAX, err } from '../errors.ts';
import { REDIS_VERSION } from './connection-commands.ts';
import { busyError } from './busy.ts';
import type { Keyspace } from '../keyspace.ts';
import { command } from './command.ts';
import type { CommandHost, CommandSpec } from './types.ts';

/**
 * Every command name a real Redis 7.0.15 knows (its COMMAND LIST), so a console can tell a
 * command the simulator does not model from one that does not exist.
 */
export const REDIS_COMMAND_NAMES: readonly string[] = catalogue.list;

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
    // while another client's script is busy, only NOSAVE may end the server
    if (host.busy && !opts.includes('nosave')) return busyError(host.busy.kind);
    host.restartAfterShutdown({ dropKeys: opts.includes('nosave') });
    conn.closed = true;
    return null;
  },
};

/** The introspection commands, for the default command set (commands/defaults.ts). */
export const introspectionCommands: CommandSpec[] = [command, infoCommand, shutdown];
