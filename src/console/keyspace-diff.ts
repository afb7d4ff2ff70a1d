/**
 * What a console command changed in the keyspace, in plain lines: keys created, deleted or
 * changed, with the fields, members or values that moved, and times to live set or cleared.
 * A command that writes shows this under its reply, so a learner sees the effect without
 * asking for it.
 */
import { dumpKeyspace, type KeyDump, type SimServer } from '@batch-lease/redis-sim';
import { quoteBulk } from '@batch-lease/redis-sim/client';

/** The keyspace and its expiry times at one moment, and how many keys it held. */
export interface KeyspaceMark {
  dump: Record<string, KeyDump>;
  ttl: Map<string, number>;
  keys: number;
}

/** Reads the whole keyspace: every key's value and expiry. */
export function markKeyspace(server: SimServer): KeyspaceMark {
  const ks = server.keyspace;
  return { dump: dumpKeyspace(ks), ttl: new Map(ks.expiring()), keys: ks.size };
}

/** The most change lines one command prints; the rest are counted. */
export const MAX_CHANGE_LINES = 20;

const show = (s: string) => quoteBulk(s);

function entries(d: KeyDump): Map<string, string> {
  if (d.type === 'hash' || d.type === 'zset') return new Map(d.value);
  if (d.type === 'list') return new Map(d.value.map((v, i) => [String(i), v]));
  if (d.type === 'set') return new Map(d.value.map((m) => [m, '']));
  return new Map([['', d.value]]);
}

/** The changes inside one key whose type stayed the same. */
function innerChanges(key: string, a: KeyDump, b: KeyDump): string[] {
  if (a.type === 'list' && b.type === 'list') {
    return JSON.stringify(a.value) === JSON.stringify(b.value)
      ? []
      : [`~ ${show(key)} (list): ${a.value.length} → ${b.value.length} items`];
  }
  if (a.type === 'string' && b.type === 'string') {
    return a.value === b.value
      ? []
      : [`~ ${show(key)} (string): ${show(a.value)} → ${show(b.value)}`];
  }
  if (a.type === 'set' && b.type === 'set') {
    const was = new Set(a.value);
    const now = new Set(b.value);
    return [
      ...b.value.filter((m) => !was.has(m)).map((m) => `+ ${show(key)} member ${show(m)}`),
      ...a.value.filter((m) => !now.has(m)).map((m) => `- ${show(key)} member ${show(m)}`),
    ];
  }
  const before = entries(a);
  const after = entries(b);
  const what = a.type === 'zset' ? 'member' : 'field';
  const out: string[] = [];
  for (const [k, v] of after) {
    const was = before.get(k);
    if (was === undefined) out.push(`+ ${show(key)} ${what} ${show(k)} = ${show(v)}`);
    else if (was !== v) out.push(`~ ${show(key)} ${what} ${show(k)}: ${show(was)} → ${show(v)}`);
  }
  for (const [k, v] of before) {
    if (!after.has(k)) out.push(`- ${show(key)} ${what} ${show(k)} (was ${show(v)})`);
  }
  return out;
}

/**
 * Whether two dumps of a key hold the same value, element by element in the order dumped: a
 * line's diff reads every key, and a key the line did not touch (a sorted set of 60,000 members,
 * say) is passed over without building the maps the changes are read from.
 */
function sameDump(a: KeyDump, b: KeyDump): boolean {
  if (a.type !== b.type) return false;
  if (typeof a.value === 'string' || typeof b.value === 'string') return a.value === b.value;
  const x = a.value as readonly (string | readonly [string, string])[];
  const y = b.value as readonly (string | readonly [string, string])[];
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) {
    const p = x[i]!;
    const q = y[i]!;
    if (typeof p === 'string' ? p !== q : p[0] !== q[0] || p[1] !== q[1]) return false;
  }
  return true;
}

/** The lines describing what happened between two marks; empty when nothing changed. */
export function describeChanges(a: KeyspaceMark, b: KeyspaceMark): string[] {
  const lines: string[] = [];
  const keys = new Set([...Object.keys(a.dump), ...Object.keys(b.dump)]);
  for (const key of [...keys].sort()) {
    const x = a.dump[key];
    const y = b.dump[key];
    if (!x && y) lines.push(`+ ${show(key)} created (${y.type})`);
    else if (x && !y) lines.push(`- ${show(key)} deleted (was a ${x.type})`);
    else if (x && y && x.type !== y.type)
      lines.push(`~ ${show(key)} is now a ${y.type} (was a ${x.type})`);
    // a loop, not push(...): a line that adds 100,000 members to a set overflowed the worker's stack
    else if (x && y && !sameDump(x, y))
      for (const line of innerChanges(key, x, y)) lines.push(line);
    const t0 = a.ttl.get(key);
    const t1 = b.ttl.get(key);
    if (y && t1 !== undefined && t1 !== t0) lines.push(`⏱ ${show(key)} expires at ${t1} ms`);
    if (y && t0 !== undefined && t1 === undefined) lines.push(`⏱ ${show(key)} no longer expires`);
  }
  if (lines.length <= MAX_CHANGE_LINES) return lines;
  const rest = lines.length - MAX_CHANGE_LINES;
  return [...lines.slice(0, MAX_CHANGE_LINES), `… and ${rest} more change${rest === 1 ? '' : 's'}`];
}
