// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeSharedHash } from '../../console/share.ts';
import type { EmbedEmitter } from '../../embed/host-events.ts';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { presetById } from '../../scenario/presets.ts';
import EmbeddedConsole from './EmbeddedConsole.tsx';
import { logLines } from './log-lines.test-helper.ts';

const reaped = presetById('reaped').build();
const state = { scenario: reaped, executor: 'script' as const, step: 0, compare: false };

beforeEach(() => window.history.replaceState(null, '', '/embed/console.html'));
afterEach(() => {
  cleanup();
  // the console's ↑/↓ history, which outlives a page on purpose; each file leaves none behind
  localStorage.clear();
});

describe('the embedded console', () => {
  it('forks the run at the linked step, as the lesson’s console does', async () => {
    const run = createSimTraceSource()(reaped, 'script');
    if (run.status !== 'ready') throw new Error('no run');
    const n = run.steps.length;
    const emit = vi.fn() as unknown as EmbedEmitter;
    render(<EmbeddedConsole state={{ ...state, step: n }} shared={null} emit={emit} ownsUrl />);
    // the run is made off the page's thread (here, in a DOM without workers, once the
    // simulator has loaded): the console opens when it has arrived
    expect(await screen.findByTestId('console-origin')).toHaveTextContent(
      `step ${n} of ${n} (after the run)`,
    );
    expect(screen.getByRole('button', { name: `Reset to step ${n}` })).toBeInTheDocument();
  });

  it('tells the host it is ready, then each command by its word alone', async () => {
    const user = userEvent.setup();
    const emit = vi.fn();
    render(
      <EmbeddedConsole
        state={state}
        shared={null}
        emit={emit as unknown as EmbedEmitter}
        ownsUrl={false}
      />,
    );
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ready', { n: null }));
    const input = screen.getByRole('textbox', { name: 'Command' });
    await user.type(input, 'SET my-secret "typed words"{Enter}INCR my-secret{Enter}');
    await user.type(input, 'echo "open{Enter}');
    // the answers come once the page's server has loaded (jsdom has no worker), however long
    await waitFor(() =>
      expect(emit.mock.calls.filter((c) => c[0] === 'command').map((c) => c[1])).toEqual([
        { command: 'SET', error: false, count: 1 },
        { command: 'INCR', error: true, count: 2 },
      ]),
    );
    expect(JSON.stringify(emit.mock.calls)).not.toContain('typed words');
    // a custom element never writes the host's URL
    expect(window.location.search).toBe('');
    expect(window.location.hash).toBe('');
  });

  it('replays a shared link’s lines at their step and keeps new ones in its own URL’s hash', async () => {
    const user = userEvent.setup();
    const shared = { step: 2, lines: ['SET a 1', 'INCR a'] };
    render(<EmbeddedConsole state={state} shared={shared} emit={() => {}} ownsUrl />);
    expect(await screen.findByTestId('console-origin')).toHaveTextContent('step 2 of');
    // the page's own server (no worker in this DOM) answers once its chunk has loaded
    await waitFor(() => expect(logLines()).toContain('(integer) 2'));
    await user.type(screen.getByRole('textbox', { name: 'Command' }), 'GET a{Enter}');
    // a password line runs, and says it is kept out of the link
    await user.type(screen.getByRole('textbox', { name: 'Command' }), 'AUTH s3cret-pw{Enter}');
    expect(logLines().join('\n')).toContain('kept out of the ↑/↓ history, the link');
    await waitFor(() =>
      expect(decodeSharedHash(window.location.hash)).toEqual({
        step: 2,
        lines: ['SET a 1', 'INCR a', 'GET a'],
      }),
    );
  });

  it('opens a link whose script never ends with the simulator’s stop said, and answers after', async () => {
    const user = userEvent.setup();
    // a lua= link's script that would run for ever: the step budget ends it
    const endless = { ...state, script: 'local i = 0 while true do i = i + 1 end', step: 1e9 };
    render(<EmbeddedConsole state={endless} shared={null} emit={() => {}} ownsUrl />);
    const said = await screen.findByTestId('link-run');
    expect(said).toHaveTextContent(
      /^The run the link names ended with an error: ERR the simulator stopped script [0-9a-f]{40} after \d+ steps/,
    );
    expect(screen.getByTestId('console-origin')).toHaveTextContent(
      /step (\d+) of \1 \(after the run\)/,
    );
    await user.type(screen.getByRole('textbox', { name: 'Command' }), 'PING{Enter}');
    // the page's own server answers once its chunk has loaded: at once only if an earlier test
    // in this file loaded it, so the answer is waited for, as the other tests here wait for it
    await waitFor(() => expect(logLines()).toContain('PONG'));
  });

  it('says nothing of a run that ended well', async () => {
    render(<EmbeddedConsole state={state} shared={null} emit={() => {}} ownsUrl />);
    await screen.findByTestId('console-origin');
    expect(screen.queryByTestId('link-run')).toBeNull();
  });
});
