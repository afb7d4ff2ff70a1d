import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

describe('afterFirstPaint', () => {
  let frames: (() => void)[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in the task after the first frame, not inside it, and only once', () => {
    const go = vi.fn();
    afterFirstPaint(go);
    expect(go).not.toHaveBeenCalled();
    frames.shift()!();
    expect(go).not.toHaveBeenCalled(); // the frame's paint comes first
    vi.advanceTimersByTime(0);
    expect(go).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(go).toHaveBeenCalledTimes(1);
  });

  it('still runs when no frame comes (a hidden tab)', () => {
    const go = vi.fn();
    afterFirstPaint(go, 500);
    vi.advanceTimersByTime(499);
    expect(go).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(go).toHaveBeenCalledTimes(1);
    frames.shift()!();
    vi.advanceTimersByTime(0);
    expect(go).toHaveBeenCalledTimes(1);
  });
});
