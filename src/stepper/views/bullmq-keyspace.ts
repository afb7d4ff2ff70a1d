/**
 * What the BullMQ stepper shows of BullMQ's keys at step k: every key the mirror set up, as the
 * run's changes up to step k left it, with its time to live on the run's clock. A pure function
 * of a finished run.
 */
import type { BullmqKey, BullmqKeyspace, BullmqRun } from '../runs/bullmq-run.ts';
import type { RunIndex } from '../runs/run-index.ts';
import type { Change } from '../runs/trace-source.ts';

/** One key as the keyspace table shows it. */
export interface BullmqKeyRow {
  key: string;
  type: BullmqKey['type'];
  /** the value as redis-cli would list it, on one line */
  value: string;
  /** ms left before Redis deletes the key, or null when it has no expiry */
  ttlMs: number | null;
  /** the step just taken wrote the key */
  changed: boolean;
}

/** Applies one change to the keys (forward only: the view is rebuilt from the start). */
function apply(keys: Map<string, BullmqKey>, c: Change): void {
  const was = keys.get(c.key);
  const expireAt = was?.expireAt ?? null;
  switch (c.kind) {
    case 'string':
      if (c.after === null) keys.delete(c.key);
      else keys.set(c.key, { type: 'string', value: c.after, expireAt });
      return;
    case 'list':
      if (c.after === null) keys.delete(c.key);
      else keys.set(c.key, { type: 'list', value: [...c.after], expireAt });
      return;
    case 'set':
      if (c.after === null) keys.delete(c.key);
      else keys.set(c.key, { type: 'set', value: [...c.after].sort(), expireAt });
      return;
    case 'hash': {
      const fields = new Map(was?.type === 'hash' ? was.value : []);
      if (c.after === null) fields.delete(c.field);
      else fields.set(c.field, c.after);
      if (fields.size === 0) keys.delete(c.key);
      else keys.set(c.key, { type: 'hash', value: [...fields], expireAt });
      return;
    }
    case 'expiry':
      if (was) keys.set(c.key, { ...was, expireAt: c.after });
      return;
    case 'zset':
      // the mirror holds no sorted set and BullMQ's extendLocks writes none
      return;
  }
}

/** `value` on one line: a string quoted, a list or set bracketed, a hash as field=value. */
function valueText(v: BullmqKey): string {
  switch (v.type) {
    case 'string':
      return JSON.stringify(v.value);
    case 'list':
    case 'set':
      return `[${v.value.join(', ')}]`;
    case 'hash':
      return v.value.map(([f, x]) => `${f}=${x}`).join(' ');
  }
}

/** The keys after k steps of the run, in key order. */
export function bullmqKeyspaceAt(result: BullmqRun, ix: RunIndex, k: number): BullmqKeyRow[] {
  const at = Math.max(0, Math.min(ix.n, Math.floor(k)));
  const keys = new Map<string, BullmqKey>(result.initial as BullmqKeyspace);
  const t = ix.steps;
  const upTo = t.changeStart(at);
  for (let j = 0; j < upTo; j++) apply(keys, t.changes[j]!);
  const touched = new Set<string>();
  if (at > 0) for (let j = t.changeStart(at - 1); j < upTo; j++) touched.add(t.changes[j]!.key);
  return [...keys.keys()].sort().map((key) => {
    const v = keys.get(key)!;
    return {
      key,
      type: v.type,
      value: valueText(v),
      ttlMs: v.expireAt === null ? null : v.expireAt - result.clockMs,
      changed: touched.has(key),
    };
  });
}
