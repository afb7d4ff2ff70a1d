/**
 * COMMAND DOCS, COUNT and LIST describe exactly what the simulator models, with the real
 * server's metadata: the DOCS of every modelled command equals redis-server 7.0.15's (a
 * container's subcommands narrowed to the modelled ones, compared as a map: the real server
 * lists them in its hash table's order), COUNT counts the modelled commands, and LIST, with or
 * without FILTERBY, names the modelled commands and subcommands the real server names.
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

const sim = createServer();
const names = sim.commands.names();
/** Every modelled command and subcommand, by full name. */
const modelled = new Set(wireOfSim(sim.call(['COMMAND', 'LIST'])) as string[]);

/** A RESP2 map (key, value, …) as its pairs, sorted. */
function pairs(map: Wire): Array<[Wire, Wire]> {
  if (!Array.isArray(map)) return [];
  const out: Array<[Wire, Wire]> = [];
  for (let i = 0; i + 1 < map.length; i += 2) out.push([map[i]!, map[i + 1]!]);
  return out.sort(([a], [b]) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

/**
 * A docs entry with its `subcommands` map sorted, and for the real side (`narrow`) kept to the
 * modelled ones; each subcommand's own entry settled the same way.
 */
function settled(docs: Wire, narrow: boolean): Wire {
  if (!Array.isArray(docs)) return docs;
  return docs.map((v, i) =>
    docs[i - 1] === 'subcommands' && i % 2 === 1
      ? pairs(v)
          .filter(([name]) => !narrow || modelled.has(name as string))
          .map(([name, entry]) => [name, settled(entry, narrow)])
      : v,
  );
}

/** A whole DOCS reply as sorted [name, settled docs] pairs: the real one narrowed, the simulator's as it is. */
const settledMap = (reply: Wire, narrow = true) =>
  pairs(reply).map(([n, d]) => [n, settled(d, narrow)]);
/** The simulator's DOCS reply to `cmd`, settled. */
const simDocs = (cmd: string[]) => settledMap(wireOfSim(sim.call(cmd)), false);

const real = (cmds: string[][]) => client!.pipeline(cmds);
const simWire = (cmd: string[]) => wireOfSim(sim.call(cmd));

describe('COMMAND DOCS, COUNT and LIST against redis-server 7.0.15', () => {
  test('every modelled command’s docs are the real ones', async () => {
    const replies = await real(names.map((n) => ['COMMAND', 'DOCS', n]));
    names.forEach((name, i) => {
      expect(simDocs(['COMMAND', 'DOCS', name]), name).toEqual(settledMap(replies[i]!));
    });
  });

  test('COMMAND DOCS without names is the real map, narrowed to the modelled commands', async () => {
    const [all] = await real([['COMMAND', 'DOCS']]);
    const realMap = settledMap(all!).filter(([n]) => names.includes(n as string));
    expect(simDocs(['COMMAND', 'DOCS'])).toEqual(realMap);
  });

  test('COMMAND DOCS of subcommands, in any case, and of names that are not commands', async () => {
    const cmds = [
      ['COMMAND', 'DOCS', 'script|load', 'SCRIPT|FLUSH', 'nosuch', 'GET', 'get|x', 'script|nosuch'],
      ['COMMAND', 'DOCS', 'nosuch'],
      ['COMMAND', 'DOCS', 'function|load', 'command|docs', 'object|encoding'],
    ];
    const replies = await real(cmds);
    cmds.forEach((cmd, i) => {
      expect(simDocs(cmd), cmd.join(' ')).toEqual(settledMap(replies[i]!));
    });
  });

  test('COMMAND COUNT counts the modelled commands and LIST names them with their subcommands', async () => {
    const [realList] = await real([['COMMAND', 'LIST']]);
    const realNames = new Set(realList as string[]);
    expect(sim.call(['COMMAND', 'COUNT'])).toBe(names.length);
    // a container's subcommands are listed beside it, each a command the real server has
    expect([...modelled].filter((n) => !realNames.has(n))).toEqual([]);
    for (const n of names) expect(modelled.has(n), n).toBe(true);
    expect(modelled.has('script|load')).toBe(true);
    expect(modelled.size).toBe(
      names.reduce((sum, n) => {
        const found = sim.commands.lookup([n]);
        return sum + 1 + ('spec' in found ? (found.spec.subcommands?.size ?? 0) : 0);
      }, 0),
    );
  });

  test('COMMAND LIST FILTERBY keeps what the real server keeps, of the modelled commands', async () => {
    const filters = [
      ['PATTERN', 's*'],
      ['pattern', 'SCRIPT|*'],
      ['PATTERN', '*'],
      ['PATTERN', 'nothing*'],
      ['ACLCAT', 'read'],
      ['aclcat', 'SCRIPTING'],
      ['ACLCAT', 'sortedset'],
      ['ACLCAT', 'nosuch'],
      ['MODULE', 'nosuch'],
    ];
    const cmds = filters.map((f) => ['COMMAND', 'LIST', 'FILTERBY', ...f]);
    const replies = await real(cmds);
    cmds.forEach((cmd, i) => {
      const kept = (replies[i] as string[]).filter((n) => modelled.has(n)).sort();
      expect([...(simWire(cmd) as string[])].sort(), cmd.join(' ')).toEqual(kept);
    });
  });

  test('COMMAND LIST refuses what the real server refuses', async () => {
    const cmds = [
      ['COMMAND', 'LIST', 'FILTERBY'],
      ['COMMAND', 'LIST', 'FILTERBY', 'PATTERN'],
      ['COMMAND', 'LIST', 'FILTERBY', 'NOPE', 'x'],
      ['COMMAND', 'LIST', 'FILTERBY', 'PATTERN', 'x', 'y'],
      ['COMMAND', 'LIST', 'x'],
    ];
    const replies = await real(cmds);
    cmds.forEach((cmd, i) => expect(simWire(cmd), cmd.join(' ')).toEqual(replies[i]));
  });
});
