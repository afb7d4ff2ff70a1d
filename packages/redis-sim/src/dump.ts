import { formatDouble } from './format-double.ts';
import type { Keyspace, Value } from './keyspace.ts';

/** One key's value as plain data; sorted-set scores as the server prints them. */
export type KeyDump =
  | { type: 'string'; value: string }
  | { type: 'hash'; value: Array<[field: string, value: string]> }
  | { type: 'zset'; value: Array<[member: string, score: string]> }
  | { type: 'list'; value: string[] }
  | { type: 'set'; value: string[] };

/** One value as plain data: what a client can read of it, never how the simulator keeps it. */
export function dumpValue(v: Value): KeyDump {
  switch (v.type) {
    case 'string':
      return { type: 'string', value: v.value };
    case 'hash':
      return { type: 'hash', value: [...v.fields] };
    case 'zset':
      return {
        type: 'zset',
        value: v.zset.members().map((m) => [m, formatDouble(v.zset.score(m) ?? 0)]),
      };
    case 'list':
      return { type: 'list', value: v.items.toArray() };
    case 'set':
      return { type: 'set', value: v.set.copy() };
  }
}

/**
 * The whole keyspace as plain data, keys sorted by UTF-16 order so two dumps
 * compare regardless of insertion order. Hash fields keep their HGETALL order;
 * members are in ZRANGE order, a set's in the order SMEMBERS lists them.
 */
export function dumpKeyspace(ks: Keyspace): Record<string, KeyDump> {
  const out: Record<string, KeyDump> = {};
  for (const key of ks.keys().sort()) {
    const v = ks.get(key);
    if (v) out[key] = dumpValue(v);
  }
  return out;
}
