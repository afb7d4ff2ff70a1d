/**
 * The scenario model of the differential suite: a keyspace to set up, and one
 * EVALSHA of a lesson script against it. Plain data, so a scenario can be printed,
 * shrunk by fast-check, pinned as a regression case, or built in bulk by a benchmark.
 */

/** What sits at a job's row key `emq:{q}:job:<id>`. */
export type Row =
  | { kind: 'none' }
  /** a hash: the normal row; `attempts` may be missing, `group` marks a lane job */
  | { kind: 'hash'; fields: Array<[field: string, value: string]> }
  | { kind: 'string'; value: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'zset'; members: Array<[score: string, member: string]> };

/** One job id and where it stands in the keyspace before the script runs. */
export interface Job {
  id: string;
  row: Row;
  /** its score in the active set, or null when it is not a member */
  activeScore: string | null;
  /** pushed on `emq:{q}:pending` (a lease reaped back to pending) */
  pending: boolean;
}

/** What is at `emq:{q}:active`: the sorted set, or a key of the wrong type. */
export type ActiveKind = 'zset' | 'string' | 'hash' | 'list';

/** Which lesson script the scenario runs. */
export type ScriptName = 'batch' | 'single';

export interface Scenario {
  script: ScriptName;
  /** the queue name inside the hashtag: keys are `emq:{<queue>}:…` */
  queue: string;
  active: ActiveKind;
  jobs: Job[];
  /** the (id, token) pairs, in ARGV order; the single script takes exactly one */
  pairs: Array<[id: string, token: string]>;
  /** an id appended after the last pair with no token (batch script only) */
  trailing: string | null;
  /** ARGV[1], verbatim */
  lease: string;
  /** keys of another queue and an unrelated key, which no script may touch */
  bystanders: boolean;
}

/** The key names of one queue, as the Elixir Keyspace module builds them. */
export function queueKeys(queue: string) {
  const base = `emq:{${queue}}:`;
  return {
    base,
    active: `${base}active`,
    pending: `${base}pending`,
    row: (id: string) => `${base}job:${id}`,
  };
}

/** The commands that write one row shape at `key`; none for an absent row. */
function rowCommands(key: string, row: Row): string[][] {
  switch (row.kind) {
    case 'none':
      return [];
    case 'hash':
      return row.fields.length ? [['HSET', key, ...row.fields.flat()]] : [];
    case 'string':
      return [['SET', key, row.value]];
    case 'list':
      return row.items.length ? [['RPUSH', key, ...row.items]] : [];
    case 'zset':
      return row.members.length ? [['ZADD', key, ...row.members.flat()]] : [];
  }
}

/** The bystander queue: same ids, its own active set and rows. */
const BYSTANDER_QUEUE = 'other';

/**
 * The commands that build the scenario's keyspace from empty, in a fixed order:
 * a wrong-typed active key first, then each job's row, its active score and its
 * pending entry, then the bystanders. Every command is an ordinary write that
 * must succeed on both servers.
 */
export function toSetupCommands(s: Scenario): string[][] {
  const k = queueKeys(s.queue);
  const cmds: string[][] = [];
  if (s.active === 'string') cmds.push(['SET', k.active, 'not-a-zset']);
  if (s.active === 'hash') cmds.push(['HSET', k.active, 'field', 'value']);
  if (s.active === 'list') cmds.push(['RPUSH', k.active, 'not-a-zset']);
  for (const job of s.jobs) {
    cmds.push(...rowCommands(k.row(job.id), job.row));
    if (job.activeScore !== null && s.active === 'zset') {
      cmds.push(['ZADD', k.active, job.activeScore, job.id]);
    }
    if (job.pending) cmds.push(['RPUSH', k.pending, job.id]);
  }
  if (s.bystanders) {
    const o = queueKeys(BYSTANDER_QUEUE);
    for (const job of s.jobs.slice(0, 3)) {
      cmds.push(['HSET', o.row(job.id), 'attempts', '1']);
      cmds.push(['ZADD', o.active, '5', job.id]);
    }
    cmds.push(['SET', 'unrelated', 'untouched']);
  }
  return cmds;
}

/** The script's ARGV after the lease: the flattened pairs, then the trailing id if any. */
export function toArgv(s: Scenario): string[] {
  const argv = [s.lease, ...s.pairs.flat()];
  if (s.trailing !== null && s.script === 'batch') argv.push(s.trailing);
  return argv;
}

/**
 * The EVALSHA of the scenario. The batch script declares `[active, base]`; the
 * single one `[active, row of its id]`, with the batch's ARGV layout for one pair.
 */
export function toEvalCommand(s: Scenario, sha: string): string[] {
  const k = queueKeys(s.queue);
  if (s.script === 'batch') return ['EVALSHA', sha, '2', k.active, k.base, ...toArgv(s)];
  const first = s.pairs[0];
  if (!first || s.pairs.length !== 1) throw new Error('the single script takes exactly one pair');
  return ['EVALSHA', sha, '2', k.active, k.row(first[0]), s.lease, first[0], first[1]];
}
