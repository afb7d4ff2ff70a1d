import { formatDouble } from './format-double.ts';
import type { Keyspace } from './keyspace.ts';

/** One key's value as plain data; sorted-set scores as the server prints them. */
export type KeyDump =
  | { type: 'string'; value: string }
  | { type: 'hash'; value: Array<[field: string, value: string]> }
  | { type: 'zset'; value: Array<[member: string, score: string]> }
  | { type: 'list'; value: string[] }
  | { type: 'set'; value: string[] };

/**
 * The whole keyspace as plain data, keys sorted by UTF-16 order so two dumps
 * compare regardless of insertion order. Hash fields keep their HGETALL order;
 * members are in ZRANGE order, a set's in the order SMEMBERS lists them.
 */
export function dumpKeyspace(ks: Keyspace): Record<string, KeyDump> {
  const out: Record<string, KeyDump> = {};
  for (const key of ks.keys().sort()) {
    const v = ks.get(key);
    if (!v) continue;
    switch (v.type) {
      case 'string':
        out[key] = { type: 'string', value: v.value };
        break;
      case 'hash':
        out[key] = { type: 'hash', value: [...v.fields] };
        break;
      case 'zset':
        out[key] = {
          type: 'zset',
          value: v.zset.members().map((m) => [m, formatDouble(v.zset.score(m) ?? 0)]),
        };
        break;
      case 'list':
        out[key] = { type: 'list', value: [...v.items] };
        break;
      case 'set':
        out[key] = { type: 'set', value: [...v.set.members()] };
        break;
    }
  }
  return out;
}
