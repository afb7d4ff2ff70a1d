// @vitest-environment jsdom
/**
 * A learner's script that writes strings and time to live: every write is a keyspace change
 * with its value before and after, in the general view's changes, not only the sorted-set,
 * hash and list writes; and stepping back undoes them. Run on the real simulator.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { DEFAULT_CLOCK_MS } from '../../scenario/presets.ts';
import { Stepper } from './index.ts';

const sim = createSimTraceSource();
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('string writes in the general view', () => {
  it('shows SET, INCR, EXPIRE, PERSIST, DEL and a string over a row as changes, before → after', async () => {
    const user = userEvent.setup();
    const script = [
      "redis.call('SET', KEYS[2] .. 'note', 'first')",
      "redis.call('SET', KEYS[2] .. 'note', 'second', 'PX', 5000)",
      "redis.call('INCR', KEYS[2] .. 'count')",
      "redis.call('INCR', KEYS[2] .. 'count')",
      "redis.call('EXPIRE', KEYS[2] .. 'count', 100)",
      "redis.call('PERSIST', KEYS[2] .. 'count')",
      "redis.call('DEL', KEYS[2] .. 'note')",
      "redis.call('SET', KEYS[2] .. 'job:' .. ARGV[2], 'gone')",
      'return 1',
    ].join('\n');
    window.history.replaceState(
      null,
      '',
      `/#stepper?preset=default&x=script&k=0&lua=${base64url(script)}`,
    );
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    const changes = screen.getByTestId('changes');
    const lines = [...changes.querySelectorAll('li')].map((li) => li.textContent);
    expect(lines).toEqual(
      expect.arrayContaining([
        'line 1: emq:{q}:note · string (absent) → "first"',
        'line 2: emq:{q}:note · string "first" → "second"',
        'line 3: emq:{q}:count · string (absent) → "1"',
        'line 4: emq:{q}:count · string "1" → "2"',
        'line 6: emq:{q}:count · expiry at ' + String(DEFAULT_CLOCK_MS + 100_000) + ' ms → none',
        'line 7: emq:{q}:note · string "second" → (absent)',
        'line 8: emq:{q}:job:JOB0KHTOWnGLuA · field attempts: 1 → (absent)',
        'line 8: emq:{q}:job:JOB0KHTOWnGLuA · string (absent) → "gone"',
      ]),
    );
    const px = DEFAULT_CLOCK_MS + 5000;
    expect(lines).toContain(`line 2: emq:{q}:note · expiry none → at ${px} ms`);
    expect(lines).toContain(
      `line 5: emq:{q}:count · expiry none → at ${DEFAULT_CLOCK_MS + 100_000} ms`,
    );
    expect(lines).toContain(`line 7: emq:{q}:note · expiry at ${px} ms → none`);
    // the row now holds a string: the keyspace panel says so, and stepping back restores it
    expect(screen.getByTestId('changes')).toHaveTextContent('Keyspace changes · 11 so far');
    await user.click(screen.getByRole('button', { name: 'First step' }));
    expect(screen.getByTestId('changes')).toHaveTextContent('Nothing written yet.');
  });
});
