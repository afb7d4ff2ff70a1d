// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REST_MS, useMoving } from './panels-in-view.ts';

// Whether the stepper is moving (steps too fast to read), which is when the panels out of view
// wait. The clock is the test's own (fake timers), so nothing here depends on the machine.
describe('useMoving', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const run = {};
  const hook = (k: number, wanted = true) =>
    renderHook(
      (p: { k: number; run: object; wanted: boolean }) => useMoving(p.k, p.run, p.wanted),
      {
        initialProps: { k, run, wanted },
      },
    );

  it('is still for a single step, and for steps a pause apart', () => {
    const h = hook(0);
    for (let k = 1; k <= 3; k++) {
      h.rerender({ k, run, wanted: true });
      expect(h.result.current).toBe(false);
      act(() => vi.advanceTimersByTime(REST_MS + 1));
    }
  });

  it('moves from the second of fast steps, and rests once none has come for a while', () => {
    const h = hook(0);
    h.rerender({ k: 1, run, wanted: true });
    expect(h.result.current).toBe(false);
    for (let k = 2; k <= 10; k++) {
      act(() => vi.advanceTimersByTime(REST_MS / 3));
      h.rerender({ k, run, wanted: true });
      expect(h.result.current).toBe(true);
    }
    act(() => vi.advanceTimersByTime(REST_MS - 1));
    expect(h.result.current).toBe(true);
    act(() => vi.advanceTimersByTime(2));
    expect(h.result.current).toBe(false);
  });

  it('sets no timer while no panel waits on it', () => {
    const h = hook(0, false);
    h.rerender({ k: 1, run, wanted: false });
    h.rerender({ k: 2, run, wanted: false });
    expect(h.result.current).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
