/**
 * The locals panel reserves, once per run, what its frame needs at its largest: measured from
 * the trace in one pass, it must be exactly what the frame views draw at their largest over the
 * run (never less, or a step would move a row; never more, or the frame would hold empty room).
 * Checked at every step of every preset's script run, and of scripts whose tables nest, shrink
 * and hold keys of both kinds.
 */
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../scenario/presets.ts';
import { buildRunIndex, type RunIndex } from '../runs/run-index.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { selectLocals } from './locals-at.ts';
import { MAX_TABLE_LINES, selectLocalsLayout } from './locals-layout.ts';
import { PRESET_RUNS, presetRun } from './preset-runs.test-helper.ts';
import type { TableView } from './table-contents.ts';

const source = createSimTraceSource();

/** The lines LocalsPanel draws for a table's contents (its own entries; nested ones scroll). */
const linesOf = (t: TableView) =>
  Math.max(1, t.array.length + t.hash.length + (t.more > 0 ? 1 : 0));

/** The frame at its largest over the run, as the views draw it step by step. */
function largest(ix: RunIndex) {
  let slots = 0;
  let widestName = 0;
  const tableLines: number[] = [];
  for (let k = 0; k <= ix.n; k++) {
    const locals = selectLocals(ix, k);
    slots = Math.max(slots, locals.length);
    for (const [at, l] of locals.entries()) {
      widestName = Math.max(widestName, l.name.length);
      const lines = l.table ? Math.min(MAX_TABLE_LINES, linesOf(l.table)) : 0;
      tableLines[at] = Math.max(tableLines[at] ?? 0, lines);
    }
  }
  return { slots, widestName, tableLines };
}

describe('the locals layout of a run', () => {
  it.each(PRESET_RUNS.filter(([, x]) => x === 'script'))(
    'is the frame at its largest, on preset %s',
    (id, executor) => {
      const r = presetRun(id, executor);
      if (!r) return;
      expect(selectLocalsLayout(r.ix)).toEqual(largest(r.ix));
    },
  );

  it('is the lesson frame: ten locals, "failed" the longest name, TIME’s reply and the failed list in boxes', () => {
    const layout = selectLocalsLayout(presetRun('default', 'script')!.ix);
    expect(layout.slots).toBe(10);
    expect(layout.widestName).toBe('failed'.length);
    // t holds TIME's two strings; failed grows to the default run's three failed ids
    expect(layout.tableLines).toEqual([0, 0, 2, 0, 3, 0, 0, 0, 0, 0]);
  });

  it('counts a table that shrinks at its largest, keys of both kinds, and a long sequence cut', () => {
    const script = [
      'local seq = {}',
      'for n = 1, 40 do seq[n] = n end',
      "local mixed = {1, 2, 3, x = 'a', y = 'b'}",
      'local shrinking = {1, 2, 3, 4}',
      'shrinking[4] = nil',
      'shrinking[3] = nil',
      'local nested = {inner = {1, 2, 3}}',
      'local named_just_so_it_is_long = 1',
      'return 1',
    ].join('\n');
    const run = source(defaultScenario(), 'script', script);
    if (run.status !== 'ready') throw new Error(run.reason);
    const ix = buildRunIndex(run);
    const layout = selectLocalsLayout(ix);
    expect(layout).toEqual(largest(ix));
    expect(layout.widestName).toBe('named_just_so_it_is_long'.length);
    const at = (name: string) => selectLocals(ix, ix.n).findIndex((l) => l.name === name);
    // 40 in sequence: 16 drawn and the gap; 3 + 2; 4 at most; one key (its table is nested)
    expect(layout.tableLines[at('seq')]).toBe(MAX_TABLE_LINES);
    expect(layout.tableLines[at('mixed')]).toBe(5);
    expect(layout.tableLines[at('shrinking')]).toBe(4);
    expect(layout.tableLines[at('nested')]).toBe(1);
  });
});
