/**
 * A sequence of commands on one connection, on both sides: every typed reply (a status apart
 * from a bulk, a null array apart from a null bulk) and the keyspace afterwards compared
 * exactly. For what a command answers depending on what came before it on the connection:
 * WATCH and EXEC, shebang flags, FUNCTION LOAD then FCALL. The real answers are read live.
 */
import { isDeepStrictEqual } from 'node:util';
import { dumpKeyspace, keyspaceDiff, type Keyspace } from './keyspace-dump.ts';
import type { Side } from './lua-sides.ts';
import type { Wire } from './resp-client.ts';

/** Commands sent one after another on one connection of a fresh database. */
export interface SequenceCase {
  name: string;
  commands: readonly (readonly string[])[];
}

/** What one side answered, and the keyspace it was left with. */
export interface SequenceRun {
  replies: Wire[];
  keyspace: Keyspace;
}

/**
 * Runs a case on one side; `settle` puts each reply in a form both sides agree on where the
 * real server's order is its hash table's (FUNCTION LIST, CONFIG GET).
 */
export async function runSequence(
  side: Side,
  c: SequenceCase,
  settle: (cmd: readonly string[], reply: Wire) => Wire = (_, r) => r,
): Promise<SequenceRun> {
  const s = await side.fresh();
  const replies = await s.send(c.commands);
  return {
    replies: replies.map((r, i) => settle(c.commands[i]!, r)),
    keyspace: await dumpKeyspace(s.caller),
  };
}

/** The differences between two runs, one line per differing command; empty when they agree. */
export function sequenceDiff(c: SequenceCase, real: SequenceRun, sim: SequenceRun): string[] {
  const show = (v: unknown) => JSON.stringify(v);
  const lines: string[] = [];
  c.commands.forEach((cmd, i) => {
    if (isDeepStrictEqual(real.replies[i], sim.replies[i])) return;
    lines.push(
      `> ${show(cmd)}`,
      `  real: ${show(real.replies[i])}`,
      `  sim:  ${show(sim.replies[i])}`,
    );
  });
  return [...lines, ...keyspaceDiff(real.keyspace, sim.keyspace)];
}
