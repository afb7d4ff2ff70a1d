/**
 * The Redis 7.0 command groups the simulator leaves out on purpose, each named in the one line
 * the console answers instead of sending the command: streams, pub/sub, bitmaps, HyperLogLog,
 * geo, cluster and replication, the binary DUMP/RESTORE payloads and the other databases (the
 * simulator has database 0 only). A command of another group it does not model is told apart
 * by the caller, as one it does not model yet.
 */
import docs from '@batch-lease/redis-sim/fixtures/command-help.json' with { type: 'json' };

/** The groups COMMAND DOCS names that are out of scope as a whole, and how the note names them. */
const GROUPS: Readonly<Record<string, string>> = {
  stream: 'streams',
  pubsub: 'pub/sub',
  bitmap: 'bitmaps',
  hyperloglog: 'HyperLogLog',
  geo: 'geo',
  cluster: 'cluster',
};

/** Commands out of scope whose COMMAND DOCS group is a wider one (generic, server). */
const COMMANDS: Readonly<Record<string, string>> = {
  DUMP: 'the binary DUMP/RESTORE payloads',
  RESTORE: 'the binary DUMP/RESTORE payloads',
  'RESTORE-ASKING': 'the binary DUMP/RESTORE payloads',
  MIGRATE: 'the binary DUMP/RESTORE payloads, sent to another server',
  MOVE: 'other databases: the simulator has database 0 only',
  SWAPDB: 'other databases: the simulator has database 0 only',
  WAIT: 'replication',
  REPLICAOF: 'replication',
  SLAVEOF: 'replication',
  SYNC: 'replication',
  PSYNC: 'replication',
  REPLCONF: 'replication',
  FAILOVER: 'replication',
};

const HELP = docs.help as Record<string, { group: string | null }>;

/** The group `name` (upper case) belongs to when it is out of scope, else null. */
export function outOfScopeGroup(name: string): string | null {
  const own = COMMANDS[name];
  if (own !== undefined) return own;
  const group = HELP[name]?.group;
  return group ? (GROUPS[group] ?? null) : null;
}

/** The console's one line for a command of a group out of scope. */
export function outOfScopeNote(name: string, group: string): string {
  return `${name} is a Redis 7.0 command of a group the simulator leaves out (${group}); nothing was sent.`;
}
