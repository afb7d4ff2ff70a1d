import { isDeepStrictEqual } from 'node:util';
import { isError, type Caller, type Reply } from './caller.ts';

/** One key: its TYPE and the reply of the read for that type (null for other types). */
export interface Entry {
  type: string;
  value: Reply;
}

/** The whole keyspace: every key, in sorted order, with its type and content. */
export type Keyspace = Array<[key: string, entry: Entry]>;

/** The read that shows a key's whole content, by TYPE; null for a type it cannot read. */
export function readCommand(key: string, type: string): string[] | null {
  switch (type) {
    case 'string':
      return ['GET', key];
    case 'hash':
      return ['HGETALL', key];
    case 'zset':
      return ['ZRANGE', key, '0', '-1', 'WITHSCORES'];
    case 'list':
      return ['LRANGE', key, '0', '-1'];
    case 'set':
      return ['SMEMBERS', key];
    default:
      return null;
  }
}

/**
 * Dumps the whole keyspace of one server through ordinary commands, so the same
 * function reads the real server and the simulator: KEYS * (sorted, since the
 * server's order is its hash table's), TYPE of each, then the type's full read.
 * HGETALL, ZRANGE and LRANGE keep the order the server answers in, and so does SMEMBERS of an
 * intset: a small hash's order is its insertion order, and is compared too. A hash or set
 * encoded as a hash table (a value past 64 bytes, a member that is not an integer) answers in
 * its table's order, which hangs on a seed the real server draws at random when it starts, so
 * its pairs or members are compared sorted.
 */
export async function dumpKeyspace(server: Caller): Promise<Keyspace> {
  const keysReply = await server.call(['KEYS', '*']);
  if (!Array.isArray(keysReply)) throw new Error(`KEYS * answered ${JSON.stringify(keysReply)}`);
  const keys = keysReply.map((k) => {
    if (typeof k !== 'string') throw new Error(`KEYS * listed ${JSON.stringify(k)}`);
    return k;
  });
  keys.sort();
  const types = await server.pipeline(keys.map((k) => ['TYPE', k]));
  const reads: string[][] = [];
  const plan = keys.map((key, i) => {
    const t = types[i];
    if (typeof t !== 'string' || isError(t))
      throw new Error(`TYPE ${key} answered ${JSON.stringify(t)}`);
    const cmd = readCommand(key, t);
    if (cmd) reads.push(cmd);
    return { key, type: t, read: cmd !== null };
  });
  const unordered = plan.filter(({ type }) => type === 'hash' || type === 'set');
  const replies = await server.pipeline([
    ...reads,
    ...unordered.map(({ key }) => ['OBJECT', 'ENCODING', key]),
  ]);
  const values = replies.slice(0, reads.length);
  const inTable = new Set(
    unordered.filter((_, i) => replies[reads.length + i] === 'hashtable').map(({ key }) => key),
  );
  let next = 0;
  return plan.map(({ key, type, read }): [string, Entry] => {
    const value = read ? (values[next++] ?? null) : null;
    return [key, { type, value: inTable.has(key) ? inTableOrder(type, value) : value }];
  });
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A hash table's pairs (a hash) or members (a set), sorted: their order is the table's. */
function inTableOrder(type: string, value: Reply): Reply {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return value;
  const items = value as string[];
  if (type === 'set') return [...items].sort(byCodeUnit);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < items.length; i += 2) pairs.push([items[i] ?? '', items[i + 1] ?? '']);
  return pairs.sort(([a], [b]) => byCodeUnit(a, b)).flat();
}

/** One pair of lines (real, then simulator) for every key whose entry differs. */
export function keyspaceDiff(real: Keyspace, sim: Keyspace): string[] {
  const show = (v: unknown) => JSON.stringify(v);
  const lines: string[] = [];
  const keys = new Set([...real, ...sim].map(([k]) => k));
  for (const key of [...keys].sort()) {
    const r = real.find(([k]) => k === key)?.[1] ?? null;
    const m = sim.find(([k]) => k === key)?.[1] ?? null;
    if (!isDeepStrictEqual(r, m))
      lines.push(`key ${show(key)}  real: ${show(r)}`, `key ${show(key)}   sim: ${show(m)}`);
  }
  return lines;
}
