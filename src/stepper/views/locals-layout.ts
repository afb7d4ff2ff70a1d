/**
 * The locals panel's geometry over a whole run, so that a step changes what the frame shows and
 * never where it stands: how many locals the frame ever holds at once, the longest name it ever
 * shows, and for each position of the frame the most lines the table held there ever draws.
 * The panel reserves these, so a local coming into scope, a longer name or a table that grows
 * (the failed list, one id a member) moves no row below it.
 */
import type { ShownValue } from '@batch-lease/redis-sim/client';
import type { RunIndex } from '../runs/run-index.ts';
import { memoOf } from './memo.ts';
import { MAX_ARRAY, MAX_HASH, keyId } from './table-contents.ts';

/** The most lines a table's box reserves; a table that draws more scrolls inside its box. */
export const MAX_TABLE_LINES = MAX_ARRAY + 1;

/** What the locals panel reserves for a run. */
export interface LocalsLayout {
  /** the most locals in scope at any step */
  slots: number;
  /** the longest name of any local in scope at any step (0 when the run has none) */
  widestName: number;
  /**
   * by position in the frame: the most lines (up to {@link MAX_TABLE_LINES}) the table held
   * there draws at any step, or 0 where that position never holds a table
   */
  tableLines: readonly number[];
}

/** One table's keys as the run has written them so far, and its sequence 1..n. */
interface Keys {
  present: Set<string>;
  n: number;
}

/** The lines TableContents draws for a table of `n` in sequence and `other` keys (nested ones not counted). */
function linesOf(keys: Keys): number {
  const other = keys.present.size - keys.n;
  const part = (count: number, max: number) => Math.min(count, max) + (count > max ? 1 : 0);
  // an empty table is one line: "{ } empty"
  return Math.max(1, part(keys.n, MAX_ARRAY) + part(other, MAX_HASH));
}

const isTable = (v: ShownValue | undefined): v is { table: string; length: number } =>
  v !== undefined && v !== null && typeof v === 'object' && 'table' in v;

/** Folds the run once: its scopes, its locals' values and its tables' writes, step by step. */
function measure(ix: RunIndex): LocalsLayout {
  // a table the run never writes into has no contents to draw (table-contents.ts): no box
  const written = new Set<string>();
  for (let s = 0; s < ix.n; s++) ix.steps.eachTableWrite(s, (t) => written.add(t));
  const tables = new Map<string, Keys>();
  const keysOf = (t: string) => {
    let keys = tables.get(t);
    if (!keys) tables.set(t, (keys = { present: new Set(), n: 0 }));
    return keys;
  };
  const write = (t: string, key: ShownValue, value: ShownValue) => {
    const keys = keysOf(t);
    if (value === null) keys.present.delete(keyId(key));
    else keys.present.add(keyId(key));
    // the sequence as the view finds it: 1, 2, … while present
    if (typeof key === 'number' && Number.isInteger(key) && key >= 1 && key <= keys.n + 1) {
      if (value === null) keys.n = Math.min(keys.n, key - 1);
      else while (keys.present.has(`number:${keys.n + 1}`)) keys.n++;
    }
  };
  let names: readonly string[] = [];
  const values: ShownValue[] = [];
  let slots = 0;
  let widestName = 0;
  const tableLines: number[] = [];
  const setScope = (inScope: readonly string[]) => {
    names = inScope;
    values.length = inScope.length;
    slots = Math.max(slots, inScope.length);
    for (const name of inScope) widestName = Math.max(widestName, name.length);
  };
  const set = (at: number, v: ShownValue) => {
    values[at] = v;
  };
  for (let s = 0; s < ix.n; s++) {
    const scoped = ix.steps.eachLocal(s, setScope, set);
    const wrote = ix.steps.eachTableWrite(s, write) > 0;
    if (!scoped && !wrote) continue;
    for (let at = 0; at < names.length; at++) {
      const v = values[at];
      if (!isTable(v) || !written.has(v.table)) continue;
      const lines = Math.min(MAX_TABLE_LINES, linesOf(keysOf(v.table)));
      if (lines > (tableLines[at] ?? 0)) tableLines[at] = lines;
    }
  }
  for (let at = 0; at < slots; at++) tableLines[at] ??= 0;
  return { slots, widestName, tableLines };
}

const layouts = new WeakMap<RunIndex, LocalsLayout>();

/** The locals panel's geometry for run `ix`, measured once per run (one pass over its steps). */
export function selectLocalsLayout(ix: RunIndex): LocalsLayout {
  return memoOf(layouts, ix, () => measure(ix));
}
