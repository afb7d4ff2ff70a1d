// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { decodeHash } from '../../scenario/codec.ts';
import { Stepper } from './index.ts';

// Issue 15: the hash was rewritten on every change (1.95 MB per step for a big scenario). It is
// now written debounced, as one write for a burst of steps, and always as a link that reads back.
const sim = createSimTraceSource();

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
});

const writtenHashes = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map((c) => String(c[2])).filter((url) => url.startsWith('#stepper'));

describe('the stepper’s hash', () => {
  it('is written once for a burst of steps, after the burst, and reads back as the state', async () => {
    render(<Stepper traceSource={sim} />);
    const forward = screen.getByRole('button', { name: 'Forward one line' });
    const spy = vi.spyOn(window.history, 'replaceState');
    act(() => {
      for (let i = 0; i < 10; i++) fireEvent.click(forward);
    });
    expect(screen.getByTestId('step-counter')).toHaveTextContent(/^step 10 of/);
    // nothing yet: the write waits for the burst to end
    expect(writtenHashes(spy)).toEqual([]);
    await waitFor(() => expect(writtenHashes(spy)).toHaveLength(1));
    const [hash] = writtenHashes(spy);
    expect(decodeHash(hash!, 'stepper')?.state?.step).toBe(10);
    expect(window.location.hash).toBe(hash);
    // and no further write comes for the same state
    await new Promise((r) => setTimeout(r, 400));
    expect(writtenHashes(spy)).toHaveLength(1);
  });
});
