// @vitest-environment jsdom
/**
 * The stepper on the learner's own script: the locals panel, the script editor (a compile
 * error at its line, nothing typed lost, reset, the URL), the diff marks, and the general view
 * for a script without the lesson's loop over the pairs. Run on the real simulator.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { forgetScriptDrafts } from './script-draft-store.ts';
import { showTab } from './stage.test-helper.ts';
import { Stepper } from './index.ts';
import { W } from '../../stepper/words/narration.test-helper.ts';
import { stepperWords as T } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import { toBase64Url } from '../../scenario/base64url.ts';

const sim = createSimTraceSource();
configure({ asyncUtilTimeout: 10_000 });
beforeAll(async () => {
  await Promise.all([import('./ScriptEditor.tsx'), import('./CompareView.tsx')]);
});
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  cleanup();
  forgetScriptDrafts();
  sessionStorage.clear();
});

const counter = () => screen.getByTestId('step-counter');
const locals = () => screen.getByTestId('locals');
const editorBox = () => screen.getByLabelText(/^Lua script/) as HTMLTextAreaElement;

/** Opens "Edit the script" (a lazy panel) and settles its import inside act. */
async function openEditor(user: ReturnType<typeof userEvent.setup>) {
  await act(async () => {
    await user.click(screen.getByText(/^Edit the script/));
    await new Promise((r) => setTimeout(r, 0));
  });
  return screen.findByTestId('script-editor');
}

/** Replaces the editor's text (typing a whole script key by key would be slow and no truer). */
async function typeScript(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = editorBox();
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

describe('the locals panel', () => {
  it("shows every local in scope with its value, the step's changes marked", async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    // the locals are a tab of the third region, which holds nothing while it is closed
    await showTab(user, 'Locals');
    expect(within(locals()).getByText('No locals in scope yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    const names = () =>
      [...locals().querySelectorAll('[data-local]')].map((r) => r.getAttribute('data-local'));
    // between members the loop body's locals are out of scope
    expect(names()).toEqual(['base', 'lease', 't', 'now', 'failed', 'i']);
    const row = (name: string) => locals().querySelector(`[data-local="${name}"]`)!;
    expect(row('base')).toHaveTextContent('"emq:{q}:"');
    expect(row('lease')).toHaveTextContent('30000');
    // tables by the run's address, with their # (failed is still empty after member 1)
    expect(row('failed')).toHaveTextContent(/table: 0x55d0c0a010[0-9a-f]{2} · #failed = 0/);
    // the loop test, then the pair read: id and token come into scope, and only they are marked
    await user.click(screen.getByRole('button', { name: 'Forward one line' }));
    await user.click(screen.getByRole('button', { name: 'Forward one line' }));
    expect(names()).toEqual(['base', 'lease', 't', 'now', 'failed', 'i', 'id', 'token']);
    const marked = [...locals().querySelectorAll('[data-changed]')].map((r) =>
      r.getAttribute('data-local'),
    );
    expect(marked).toEqual(['id', 'token']);
    expect(row('id')).toHaveTextContent('"JOB0KHTP2xVbQe"just set');
  });
});

describe('the script editor', () => {
  /**
   * The learner runs `text` (a script of their own unless said), closes the editor and picks a
   * what-if, which replaces it (the editor's tab then says an unrun edit is kept); `meanwhile`
   * runs after the run, before the editor closes.
   */
  async function runThenPickWhatIf(
    user: ReturnType<typeof userEvent.setup>,
    { text = 'return #ARGV', meanwhile = async () => {} } = {},
  ) {
    render(<Stepper traceSource={sim} />);
    await openEditor(user);
    await typeScript(user, text);
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    await meanwhile();
    await user.click(screen.getByText(/^Edit the script/)); // closed
    await user.click(screen.getByLabelText('read the clock per member'));
    await screen.findByText(`${T.drawers.script}${T.drawers.unrunKept}`);
  }

  it('runs an edit that drops the guard: the changed line marked, the broken invariant named', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} preset="reaped" />);
    await openEditor(user);
    expect(editorBox().value).toBe(BATCH_SOURCE);
    await typeScript(
      user,
      BATCH_SOURCE.replace(" and redis.call('ZSCORE', KEYS[1], id) then", ' then'),
    );
    expect(screen.getByText(/Not run yet: your edits are kept/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    // the text equals the counterfactual's, so it is that variant (a link says v=…)
    expect(screen.getByLabelText('drop the membership guard')).toBeChecked();
    const code = screen.getByTestId('code-view');
    expect(
      [...code.querySelectorAll('[data-mark]')].map((l) => l.getAttribute('data-line')),
    ).toEqual(['19']);
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      fill(T.runNotes.brokenOne, { ids: 'JOB0KHTR5cWyNf' }),
    );
    await user.click(screen.getByRole('button', { name: "Reset to the lesson's script" }));
    expect(screen.getByLabelText('the real script')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a compile error at its line, as Redis words it and in plain words', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openEditor(user);
    await typeScript(user, BATCH_SOURCE.replace('  i = i + 2\n', '  i = i +\n'));
    // as typed, before any run: the same check the server makes, told politely (a status)
    const check = await screen.findByTestId('script-check');
    expect(check).toHaveAttribute('role', 'status');
    expect(check).toHaveTextContent(
      "As typed, the server would refuse it. Line 27: The script does not compile, so the server runs none of it. Lua cannot start a statement or an expression with 'end'.",
    );
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    const error = await screen.findByTestId('script-error');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveTextContent(
      "The server says: ERR Error compiling script (new function): user_script:27: unexpected symbol near 'end'",
    );
    expect(error).toHaveTextContent(
      'Line 27: The script does not compile, so the server runs none of it',
    );
    expect(editorBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('script-editor').querySelector('pre')).toHaveTextContent('! 27');
    // the run is that one refusal, on line 27 of the learner's text
    expect(counter()).toHaveTextContent('step 0 of 1');
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByTestId('code-view').querySelector('[aria-current="step"]')).toHaveAttribute(
      'data-line',
      '27',
    );
    // the text typed is still there to fix
    expect(editorBox().value).toContain('  i = i +\n');
  });

  it('loses nothing typed: closing the editor, another scenario and a reload keep the edit', async () => {
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await openEditor(user);
    await typeScript(user, 'return 42');
    await user.click(screen.getByText(/^Edit the script/)); // closed
    await user.selectOptions(screen.getByLabelText('Scenario'), 'reaped');
    first.unmount();
    render(<Stepper traceSource={sim} />);
    await openEditor(user);
    expect(editorBox().value).toBe('return 42');
    expect(screen.getByText(/Not run yet/)).toBeInTheDocument();
  });

  it('keeps the learner’s script when a what-if replaces it, and not when they reset it', async () => {
    const user = userEvent.setup();
    await runThenPickWhatIf(user);
    await openEditor(user);
    expect(editorBox().value).toBe('return #ARGV');
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    await user.click(screen.getByRole('button', { name: "Reset to the lesson's script" }));
    expect(editorBox().value).toBe(BATCH_SOURCE);
    await user.click(screen.getByText(/^Edit the script/)); // closed
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByText(/^Edit the script/)).not.toHaveTextContent('kept');
  });

  it('keeps the learner’s script when a what-if replaces it after the link carried it', async () => {
    const user = userEvent.setup();
    let carried = '';
    await runThenPickWhatIf(user, {
      meanwhile: async () => {
        // the link carries the script that ran (written once the steps stop and the page is idle)
        await waitFor(() => expect(window.location.hash).toMatch(/&lua=/));
        carried = window.location.hash;
      },
    });
    // The what-if's link is written once the steps stop and the page is idle: until then the
    // link still carries the learner's script (for a moment on any page, for longer on a busy
    // one, where the editor can be opened before it is rewritten). That moment, held here.
    window.history.replaceState(null, '', carried);
    await openEditor(user);
    expect(editorBox().value).toBe('return #ARGV');
    expect(screen.getByText(/Not run yet/)).toBeInTheDocument();
  });

  it('keeps a run text equal to a what-if’s as an unrun edit when another what-if replaces it, the editor closed', async () => {
    const user = userEvent.setup();
    const dropped = BATCH_SOURCE.replace(" and redis.call('ZSCORE', KEYS[1], id) then", ' then');
    await runThenPickWhatIf(user, {
      text: dropped,
      // the text is that what-if's, so it runs as that what-if (no script of the learner's)
      meanwhile: async () => {
        expect(screen.getByLabelText('drop the membership guard')).toBeChecked();
      },
    });
    await openEditor(user);
    expect(editorBox().value).toBe(dropped);
    // the page never closed: the text is an edit not run, not one restored after a closed tab
    expect(screen.getByText(/Not run yet/)).toBeInTheDocument();
    expect(screen.queryByText(/before the page closed/)).toBeNull();
  });

  it('says nowhere that a held link’s script is running: the notice says it was not run', async () => {
    const lua = toBase64Url('while true do end');
    window.history.replaceState(
      null,
      '',
      `/#stepper?preset=reaped&x=script&k=0&lua=${lua}&limit=1`,
    );
    render(<Stepper traceSource={sim} />);
    expect(await screen.findByTestId('script-held')).toHaveTextContent('Your script was not run');
    expect(await screen.findByTestId('script-editor')).toBeInTheDocument();
    // the banner, the editor's button and its status line: none of them says it runs
    const stepper = screen.getByTestId('own-script').closest('[data-stepper]')!;
    expect(stepper.textContent).not.toMatch(/\bis running\b/);
  });

  it('puts the edited script in the link, and a link brings it back', async () => {
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await openEditor(user);
    await typeScript(user, "return redis.call('ZCARD', KEYS[1])");
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    // the link is written once the run has been made: wait for it, however loaded the machine
    await waitFor(() =>
      expect(window.location.hash).toMatch(
        /^#stepper\?preset=default&x=script&k=0&lua=[A-Za-z0-9_-]+$/,
      ),
    );
    first.unmount();
    render(<Stepper traceSource={sim} />);
    expect(screen.getByTestId('own-script')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    await showTab(user, 'Args · reply');
    // the default scenario's active set holds three leases
    expect(screen.getByTestId('reply-cli').textContent).toBe('(integer) 3');
  });

  it('says when the edited script is too large to share as a link, and keeps running it', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openEditor(user);
    await typeScript(user, `-- ${'x'.repeat(8_100)}\nreturn 1`);
    expect(
      screen.getByText(/too large to share as a link \(a link carries at most 8,000\)/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    await waitFor(() =>
      expect(screen.getByTestId('too-large')).toHaveTextContent(
        'This edited script is too large to share as a link (its edited script has 8,112 characters; a link carries at most 8,000)',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    // the editor stands where the tabs do: closed, the reply is one tab away
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await showTab(user, 'Args · reply');
    expect(screen.getByTestId('reply-cli').textContent).toBe('(integer) 1');
  });
});

describe('the general view', () => {
  it('tells a script without a loop over the pairs by line, locals, calls and changes', async () => {
    const user = userEvent.setup();
    const script = [
      'local id = ARGV[2]',
      "local before = redis.call('ZSCORE', KEYS[1], id)",
      "redis.call('ZADD', KEYS[1], 7, id)",
      "redis.call('HSET', KEYS[2] .. 'job:' .. id, 'attempts', 9)",
      "redis.call('RPUSH', KEYS[2] .. 'pending', id)",
      "redis.call('ZADD', KEYS[2] .. 'other', 1, 'elsewhere')",
      'return before',
    ].join('\n');
    window.history.replaceState(
      null,
      '',
      `/#stepper?preset=default&x=script&k=0&lua=${toBase64Url(script)}`,
    );
    render(<Stepper traceSource={sim} />);
    // no member table: the calls and the keyspace changes instead
    expect(screen.queryByRole('region', { name: 'Members and their checks' })).toBeNull();
    expect(screen.getByTestId('calls')).toHaveTextContent('No redis.call yet.');
    expect(screen.getByTestId('narration')).toHaveTextContent(W.ready.general);
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    const calls = screen.getByTestId('calls');
    expect(calls).toHaveTextContent('Calls · 5 so far');
    expect(calls).toHaveTextContent('line 3: ZADD emq:{q}:active 7 JOB0KHTOWnGLuA → (integer) 0');
    const changes = screen.getByTestId('changes');
    expect(changes).toHaveTextContent('line 3: emq:{q}:active · member JOB0KHTOWnGLuA: score');
    expect(changes).toHaveTextContent('line 4: emq:{q}:job:JOB0KHTOWnGLuA · field attempts: 1 → 9');
    // the list write is followed too: the id now waits in pending while it holds a lease
    expect(changes).toHaveTextContent(
      'line 5: emq:{q}:pending · list [JOB0KHTR5cWyNf] → [JOB0KHTR5cWyNf, JOB0KHTOWnGLuA]',
    );
    expect(changes).toHaveTextContent(
      'line 6: emq:{q}:other · member elsewhere: score (absent) → 1',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      fill(T.runNotes.brokenOne, { ids: 'JOB0KHTOWnGLuA' }),
    );
    await showTab(user, 'Locals');
    expect(locals().querySelector('[data-local="before"]')).toHaveTextContent(/^before"\d+"$/);
    // another sorted set's write is not shown as active's
    await showTab(user, 'Keyspace');
    expect(
      screen.getByRole('region', { name: 'The active set and pending' }),
    ).not.toHaveTextContent('elsewhere');
    expect(screen.getByTestId('code-view')).toHaveTextContent('your edit of extend_locks2.lua');
  });
});

describe('compare with the native twin', () => {
  it('compares the script that runs, not always the lesson’s', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} preset="reaped" />);
    await user.click(screen.getByLabelText('drop the membership guard'));
    await act(async () => {
      await user.click(
        screen.getByRole('button', { name: 'Compare script and native on this scenario' }),
      );
      await new Promise((r) => setTimeout(r, 0));
    });
    const table = await screen.findByRole('table', { name: 'Final states, script against native' });
    expect(table).toHaveTextContent('the script running · wire 4');
    // the guardless script re-scores the reaped id; the twin (which keeps the guard) refuses it
    expect(await screen.findByTestId('compare-summary')).toHaveTextContent(/difference/);
    await user.click(screen.getByLabelText('the real script'));
    expect(
      screen.getByRole('table', { name: 'Final states, script against native' }),
    ).toHaveTextContent('script · wire 4');
  });
});
