/**
 * The contents of the tables a run's locals show, at any step, as Python Tutor draws a frame's
 * objects: folded forward from the writes the trace keeps (`LocalsDelta.tables`: a table's
 * entries once, when a local first shows it, then write by write), never from copies. Each
 * table's writes are gathered once per run into its own log; the contents at step k fold that
 * log up to k, on from the last answer when stepping forward.
 */
import type { ShownValue } from '@batch-lease/redis-sim/client';
import type { RunIndex } from '../runs/run-index.ts';

/** One entry of a table as a frame view shows it. */
export interface EntryView {
  key: ShownValue;
  value: ShownValue;
  /** written by the step just taken */
  changed: boolean;
  /** the table the value is, drawn in turn (to {@link MAX_DEPTH}); absent for other values */
  nested?: TableView | 'cycle' | 'deeper';
}

/** A table's contents: the sequence 1..n (the array part as `#` sees it) and the other keys. */
export interface TableView {
  address: string;
  /** keys 1, 2, …, n in order; a long sequence keeps its start and end, with a gap between */
  array: (EntryView | { gap: number })[];
  /** every other key, in the order it was first written; a long part keeps its first entries */
  hash: EntryView[];
  /** hash entries left out */
  more: number;
  /** some entry of this table (or of a table drawn inside it) was written by the step just taken */
  changed: boolean;
}

/** How deep tables inside tables are drawn; deeper ones are "…". */
export const MAX_DEPTH = 2;
/** The most entries of a sequence drawn: its first and last halves, with a gap between. */
export const MAX_ARRAY = 16;
/** The most other keys drawn. */
export const MAX_HASH = 16;

/** The key a table's contents are kept under: one text per Lua key (raw equality). */
export function keyId(k: ShownValue): string {
  if (k === null) return 'nil';
  if (typeof k !== 'object') return `${typeof k}:${String(k)}`;
  return 'table' in k ? `table:${k.table}` : `function:${k.function}`;
}

/** One table's writes over the run, in order: the step that made each, its key and value. */
interface Log {
  steps: number[];
  keys: ShownValue[];
  values: ShownValue[];
  /** the last fold: the contents after `k` steps, `upTo` writes read */
  k: number;
  upTo: number;
  contents: Map<string, [ShownValue, ShownValue]>;
}

const logs = new WeakMap<RunIndex, Map<string, Log>>();

function logsOf(ix: RunIndex): Map<string, Log> {
  let all = logs.get(ix);
  if (!all) {
    all = new Map();
    const into = all;
    for (let s = 0; s < ix.n; s++) {
      ix.steps.eachTableWrite(s, (t, key, value) => {
        let log = into.get(t);
        if (!log) {
          log = { steps: [], keys: [], values: [], k: 0, upTo: 0, contents: new Map() };
          into.set(t, log);
        }
        log.steps.push(s);
        log.keys.push(key);
        log.values.push(value);
      });
    }
    logs.set(ix, all);
  }
  return all;
}

/** The table's entries after k steps (the map is the log's own: read it, do not keep it). */
function contentsAt(log: Log, k: number): Map<string, [ShownValue, ShownValue]> {
  if (k < log.k) {
    log.k = 0;
    log.upTo = 0;
    log.contents = new Map();
  }
  const c = log.contents;
  let i = log.upTo;
  for (; i < log.steps.length && log.steps[i]! < k; i++) {
    const id = keyId(log.keys[i]!);
    const v = log.values[i]!;
    // a removed key leaves the table; written again, it is drawn where it is written
    if (v === null) c.delete(id);
    else c.set(id, [log.keys[i]!, v]);
  }
  log.upTo = i;
  log.k = k;
  return c;
}

/** The keys the step just taken (step k - 1) wrote into the table, by key id. */
function writtenAt(log: Log, step: number): Set<string> | null {
  if (step < 0) return null;
  // the log is in step order: find the step's writes by binary search
  let lo = 0;
  let hi = log.steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (log.steps[mid]! < step) lo = mid + 1;
    else hi = mid;
  }
  let out: Set<string> | null = null;
  for (let i = lo; i < log.steps.length && log.steps[i] === step; i++)
    (out ??= new Set()).add(keyId(log.keys[i]!));
  return out;
}

const isTable = (v: ShownValue): v is { table: string; length: number } =>
  v !== null && typeof v === 'object' && 'table' in v;

/**
 * The table at `address` after k steps, with its nested tables to {@link MAX_DEPTH} and a cycle
 * marked where a table holds one it is inside of. Null when the trace never told its contents
 * (a run recorded before tables were followed).
 */
export function tableAt(ix: RunIndex, k: number, address: string): TableView | null {
  const all = logsOf(ix);
  const at = Math.max(0, Math.min(ix.n, Math.floor(k)));
  if (!all.has(address)) return null;
  return draw(all, at, address, 0, []);
}

function draw(
  all: Map<string, Log>,
  k: number,
  address: string,
  depth: number,
  path: string[],
): TableView {
  const log = all.get(address);
  const view: TableView = { address, array: [], hash: [], more: 0, changed: false };
  if (!log) return view;
  const written = writtenAt(log, k - 1);
  // a nested table is another log (a cycle is never drawn), and a table drawn twice is folded
  // to the same k, so drawing inside this loop never moves this table's contents
  const byId = contentsAt(log, k);
  view.changed = written !== null;
  const inner = [...path, address];
  const entry = (id: string, key: ShownValue, value: ShownValue): EntryView => {
    const e: EntryView = { key, value, changed: written?.has(id) ?? false };
    if (isTable(value)) {
      if (inner.includes(value.table)) e.nested = 'cycle';
      else if (depth + 1 > MAX_DEPTH) e.nested = 'deeper';
      else {
        const t = draw(all, k, value.table, depth + 1, inner);
        e.nested = t;
        if (t.changed) view.changed = true;
      }
    }
    return e;
  };
  // the sequence: 1, 2, … while present (the border `#` finds when the array part is full)
  let n = 0;
  while (byId.has(`number:${n + 1}`)) n++;
  const half = MAX_ARRAY / 2;
  for (let i = 1; i <= n; i++) {
    if (n > MAX_ARRAY && i === half + 1) {
      view.array.push({ gap: n - MAX_ARRAY });
      i = n - half;
      continue;
    }
    const id = `number:${i}`;
    const [key, value] = byId.get(id)!;
    view.array.push(entry(id, key, value));
  }
  for (const [id, [key, value]] of byId) {
    if (key !== null && typeof key === 'number' && Number.isInteger(key) && key >= 1 && key <= n)
      continue;
    if (view.hash.length >= MAX_HASH) view.more++;
    else view.hash.push(entry(id, key, value));
  }
  return view;
}
