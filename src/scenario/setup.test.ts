import { describe, expect, it } from 'vitest';
import { createServer, dumpKeyspace } from '@batch-lease/redis-sim';
import { queueKeys } from './keys.ts';
import { PRESETS } from './presets.ts';
import { setupCommands } from './setup.ts';
import type { Scenario } from './types.ts';

/** The scenario's state made one member per command, as a client adding jobs one by one would. */
function oneByOne(scenario: Scenario): string[][] {
  const k = queueKeys(scenario.queue);
  const rows = setupCommands(scenario).filter(([verb]) => verb === 'HSET' || verb === 'SET');
  const active = scenario.jobs
    .filter((j) => j.place === 'active')
    .map((j) => ['ZADD', k.active, String(scenario.clockMs + j.leaseLeftMs), j.id]);
  const pending = scenario.jobs
    .filter((j) => j.place === 'pending')
    .map((j) => ['RPUSH', k.pending, j.id]);
  return [...rows, ...active, ...pending];
}

function keyspaceAfter(cmds: string[][]) {
  const server = createServer({ now: () => 0 });
  for (const cmd of cmds) expect(server.call(cmd)).not.toHaveProperty('error');
  return dumpKeyspace(server.keyspace);
}

describe('setupCommands', () => {
  it('makes every preset’s keyspace exactly as one member per command would', () => {
    for (const p of PRESETS) {
      const scenario = p.build();
      expect(keyspaceAfter(setupCommands(scenario))).toEqual(keyspaceAfter(oneByOne(scenario)));
    }
  });

  it('sends the active set in one ZADD and the pending list in one RPUSH', () => {
    const scenario = PRESETS.find((p) => p.id === 'thousand')!.build();
    const verbs = setupCommands(scenario).map(([verb]) => verb);
    expect(verbs.filter((v) => v === 'ZADD')).toHaveLength(1);
    expect(verbs.filter((v) => v === 'RPUSH')).toHaveLength(1);
  });
});
