/**
 * Compares batches of library calls between a real redis-server and the
 * simulator, listing every divergence with the call that caused it.
 */
import type { Redis } from 'ioredis';
import { runOnServer, show, type LibCall } from './lua-strings-harness.ts';
import { simulate } from './lua-strings-sim.ts';

const CHUNK = 400;

/** One divergence: the call, what the server answered, what the simulator answered. */
export interface Divergence {
  call: LibCall;
  server: string[];
  sim: string[];
}

/** Runs every call on both sides; answers the calls whose outcomes differ. */
export async function divergences(redis: Redis, calls: LibCall[]): Promise<Divergence[]> {
  const out: Divergence[] = [];
  for (let i = 0; i < calls.length; i += CHUNK) {
    const chunk = calls.slice(i, i + CHUNK);
    const server = await runOnServer(redis, chunk);
    chunk.forEach((call, j) => {
      const sim = simulate(call);
      const real = server[j] ?? [];
      if (show(sim) !== show(real)) out.push({ call, server: real, sim });
    });
  }
  return out;
}

/** A readable report of the first divergences (empty string when there are none). */
export function describe(found: Divergence[], limit = 15): string {
  return found
    .slice(0, limit)
    .map(
      (d) =>
        `${d.call.fn}(${d.call.args.map((a) => ('text' in a ? `${a.t}:${show(a.text)}` : a.t)).join(', ')})` +
        `\n  server: ${show(d.server)}\n  sim:    ${show(d.sim)}`,
    )
    .join('\n');
}
