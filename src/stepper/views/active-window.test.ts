// The active set's panel makes only the rows in its window (activeWindowAt): they must be the
// rows of the whole list (activeRowsAt) that windowAround picks around the focus, at any step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESET_RUNS, presetRun } from './preset-runs.test-helper.ts';
import { activeRowsAt, activeWindowAt, keyspaceAt, windowAround } from './selectors.ts';

describe('activeWindowAt', () => {
  it.each(PRESET_RUNS)('is the window of the whole list: %s on %s', (preset, executor) => {
    const made = presetRun(preset, executor);
    if (!made) return;
    const { run, ix } = made;
    const ids = [...new Set([...run.initial.active.keys(), ...ix.members.map((m) => m.id)])];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: ix.n }),
        fc.option(fc.oneof(fc.constantFrom(...ids, 'not-a-member')), { nil: null }),
        fc.integer({ min: 1, max: 9 }),
        (k, focusId, size) => {
          const view = keyspaceAt(ix, k);
          const all = activeRowsAt(ix, view);
          const focus = Math.max(
            0,
            all.findIndex((r) => r.id === focusId),
          );
          const [from, to] = windowAround(all.length, focus, size);
          const w = activeWindowAt(ix, view, focusId, size);
          expect(w.total).toBe(all.length);
          expect(w.from).toBe(from);
          expect(w.rows).toEqual(all.slice(from, to));
          // asked again for the same view and focus: the same object
          expect(activeWindowAt(ix, view, focusId, size)).toBe(w);
        },
      ),
      { seed: 20_261_202, numRuns: 40 },
    );
  });
});
