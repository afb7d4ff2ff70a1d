// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_MS, useRestingStep } from './panels-in-view.ts';

// The step the panels out of view show: the one the stepper last rested on. The clock is the
// test's own (fake timers), so nothing here depends on how fast the machine is.
describe('useRestingStep', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const run = {};
  const hook = (k: number, wanted = true) =>
    renderHook(
      (p: { k: number; run: object; wanted: boolean }) => useRestingStep(p.k, p.run, p.wanted),
      { initialProps: { k, run, wanted } },
    );

  it('stays on the step it rested on while steps keep coming, and takes the last at rest', () => {
    const h = hook(0);
    for (let k = 1; k <= 10; k++) {
      h.rerender({ k, run, wanted: true });
      act(() => vi.advanceTimersByTime(REST_MS / 3));
      expect(h.result.current).toBe(0);
    }
    act(() => vi.advanceTimersByTime(REST_MS));
    expect(h.result.current).toBe(10);
  });

  it('answers the step itself for a run it has not rested in', () => {
    const h = hook(4);
    h.rerender({ k: 5, run: {}, wanted: true });
    expect(h.result.current).toBe(5);
  });

  it('sets no timer while no panel waits on it', () => {
    const h = hook(0, false);
    h.rerender({ k: 3, run, wanted: false });
    expect(vi.getTimerCount()).toBe(0);
    // and once one does, it catches up after a rest
    h.rerender({ k: 3, run, wanted: true });
    expect(h.result.current).toBe(0);
    act(() => vi.advanceTimersByTime(REST_MS));
    expect(h.result.current).toBe(3);
  });
});
