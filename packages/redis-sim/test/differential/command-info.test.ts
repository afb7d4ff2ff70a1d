/**
 * COMMAND INFO of every command the simulator models equals the real server's: arity, flags,
 * first/last key and step, ACL categories, tips and key specs, type for type. A container's
 * subcommands are the ones the simulator models (compared as a set: the real server lists them
 * in its hash table's order). A server with no module loaded has only real commands.
 */
import { createServer } from '../../src/index.ts';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { wireOfSim } from './lua-sides.ts';
import { connectResp, type RespClient, type Wire } from './resp-client.ts';

let client: RespClient | undefined;
beforeAll(async () => {
  client = await connectResp(inject('redisPort'), 0);
});
afterAll(async () => {
  await client?.close();
});

/** An entry with its subcommand list (index 9) sorted by name. */
function settled(entry: Wire): Wire {
  if (!Array.isArray(entry) || !Array.isArray(entry[9])) return entry;
  const subs = [...entry[9]].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  return [...entry.slice(0, 9), subs, ...entry.slice(10)];
}

describe('COMMAND INFO against redis-server 7.0.15', () => {
  const sim = createServer();
  const names = sim.commands.names();

  test('every modelled command’s entry is the real one', async () => {
    const real = await client!.pipeline(names.map((n) => ['COMMAND', 'INFO', n]));
    names.forEach((name, i) => {
      const simEntry = (wireOfSim(sim.call(['COMMAND', 'INFO', name])) as Wire[])[0] ?? null;
      const realEntry = ((real[i] as Wire[])[0] ?? null) as Wire;
      // a container's real entry, narrowed to the subcommands the simulator models
      const sub = Array.isArray(simEntry) ? simEntry[9] : null;
      const modelled = new Set(
        Array.isArray(sub) ? sub.map((s) => JSON.stringify((s as Wire[])[0])) : [],
      );
      const narrowed =
        Array.isArray(realEntry) && Array.isArray(realEntry[9])
          ? [
              ...realEntry.slice(0, 9),
              realEntry[9].filter((s) => modelled.has(JSON.stringify((s as Wire[])[0]))),
              ...realEntry.slice(10),
            ]
          : realEntry;
      expect(settled(simEntry), name).toEqual(settled(narrowed));
    });
  });
});
