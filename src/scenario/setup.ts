import { queueKeys } from './keys.ts';
import type { Scenario } from './types.ts';

/** The value a wrong-type row holds: a string where a hash belongs. */
export const WRONG_TYPE_VALUE = 'not-a-hash';

/**
 * The commands that put a server into the scenario's state, in a fixed order: the rows
 * first, then the active set in one ZADD and the pending list in one RPUSH, each member in
 * the scenario's job order.
 */
export function setupCommands(scenario: Scenario): string[][] {
  const k = queueKeys(scenario.queue);
  const cmds: string[][] = [];
  for (const job of scenario.jobs) {
    if (job.row === 'hash') {
      const fields = ['attempts', String(job.attempts)];
      if (job.group !== null) fields.push('group', job.group);
      cmds.push(['HSET', k.job(job.id), ...fields]);
    } else if (job.row === 'wrongtype') {
      cmds.push(['SET', k.job(job.id), WRONG_TYPE_VALUE]);
    }
  }
  // one ZADD and one RPUSH for all members: the same set and list as one command each, and
  // a 1,000-job scenario's server is made with a thousand fewer commands
  const active: string[] = [];
  const pending: string[] = [];
  for (const job of scenario.jobs) {
    if (job.place === 'active') active.push(String(scenario.clockMs + job.leaseLeftMs), job.id);
    else if (job.place === 'pending') pending.push(job.id);
  }
  if (active.length > 0) cmds.push(['ZADD', k.active, ...active]);
  if (pending.length > 0) cmds.push(['RPUSH', k.pending, ...pending]);
  return cmds;
}

/**
 * The keys and arguments both executors take: KEYS[1] active, KEYS[2] the base,
 * ARGV[1] the lease, then the flattened pairs (and a raw client's trailing id).
 */
export function keysAndArgv(scenario: Scenario): { keys: [string, string]; argv: string[] } {
  const k = queueKeys(scenario.queue);
  const argv = [String(scenario.leaseMs)];
  for (const p of scenario.held) argv.push(p.id, String(p.token));
  if (scenario.client === 'raw' && scenario.trailingId !== null) argv.push(scenario.trailingId);
  const active =
    scenario.client === 'raw' && scenario.activeKeyOverride !== null
      ? scenario.activeKeyOverride
      : k.active;
  return { keys: [active, k.base], argv };
}

/** EVALSHA <sha> 2 <active> <base> <lease> <id> <token> … */
export function evalshaArgs(scenario: Scenario, sha: string): string[] {
  const { keys, argv } = keysAndArgv(scenario);
  return ['EVALSHA', sha, '2', ...keys, ...argv];
}

/** EMQ.EXTENDS 2 <active> <base> <lease> <id> <token> … */
export function extendsArgs(scenario: Scenario): string[] {
  const { keys, argv } = keysAndArgv(scenario);
  return ['EMQ.EXTENDS', '2', ...keys, ...argv];
}
