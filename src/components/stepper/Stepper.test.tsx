// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderRuns } from '../../stepper/runs/prerender-runs.ts';
import { prerenderedFromJSON } from '../../stepper/runs/run-json.ts';
import type { SimulatorLoader } from '../../stepper/runs/simulator-loader.ts';
import { SIMULATOR_LOAD_FAILED } from '../../stepper/machine/stepperMachine.ts';
import { createSimTraceSource, type TraceSource } from '../../stepper/runs/trace-source.ts';
import { defaultScenario, SEED_ID } from '../../scenario/presets.ts';
import { forgetDrafts } from './draft-store.ts';
import { Stepper } from './index.ts';
import {
  attemptsSays,
  failedAfterSays,
  memberSays,
  onPage,
  tokenSays,
  W,
} from '../../stepper/words/narration.test-helper.ts';
import { stepperWords as T } from '../../../content/stepper.ts';
import { fill } from '../../content/template.ts';
import { showTab, tabButton } from './stage.test-helper.ts';

// The simulator at hand, so these tests run every scenario at once; how the page fetches it
// on demand is tested under 'the simulator on demand'.
const sim = createSimTraceSource();

const FAILED = '["JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]';

/** A sentence as the feedback starts one: its first letter a capital. */
const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

const counter = (root: HTMLElement = document.body) => within(root).getByTestId('step-counter');
const narration = (root: HTMLElement = document.body) => within(root).getByTestId('narration');

// give findBy a wait that a busy shared machine does not outrun
// The editor and the compare view are lazy chunks. Their first import transforms them, which
// on a loaded machine outlasts a findBy's wait; imported once here, every lazy() resolves at
// once, so no test's outcome depends on how fast the machine compiles.
beforeAll(async () => {
  await Promise.all([
    import('./ScenarioEditor.tsx'),
    import('./CompareView.tsx'),
    import('./ScriptEditor.tsx'),
  ]);
});

/**
 * Opens one of the stepper's <details> (the editor, the compare view). Their content is a lazy
 * component: React retries it when its import settles, and outside act() that retry waits in
 * act's queue until some later act flushes it (seconds on a loaded machine, so findBy timed
 * out). Opening inside act, and letting the settled import's callbacks run before act ends,
 * renders the panel before this returns, on any machine.
 */
async function openPanel(user: ReturnType<typeof userEvent.setup>, summary: string) {
  await act(async () => {
    await user.click(screen.getByRole('button', { name: summary }));
    await new Promise((r) => setTimeout(r, 0));
  });
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  // unapplied editor edits outlive the editor on purpose; each test starts without any
  forgetDrafts();
  sessionStorage.clear();
});

describe('controls', () => {
  it('steps by member and tells the seed’s first member in its words', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    expect(counter()).toHaveTextContent('step 0 of 40');
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    expect(narration()).toHaveTextContent(
      onPage(
        memberSays(SEED_ID, [tokenSays(1), attemptsSays(1), W.member.inActive], W.member.rescored),
      ),
    );
    // the id, the learner's or a link's choice, stands in a <bdi> of its own
    expect(narration().querySelector('bdi')).toHaveTextContent(SEED_ID);
    expect(narration()).toHaveTextContent(failedAfterSays(1, '[]'));
    expect(narration()).toHaveAttribute('aria-live', 'polite');
  });

  it('runs to the end: the failed list and both replies', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(counter()).toHaveTextContent('step 40 of 40');
    expect(screen.getByTestId('failed-list')).toHaveTextContent(FAILED);
    // the reply is one tab away, and the step that made it marks that tab
    expect(tabButton('Args · clock · reply')).toHaveAttribute('data-changed');
    await showTab(user, 'Args · clock · reply');
    expect(screen.getByTestId('reply-cli').textContent).toBe(
      '1) "JOB0KHTP2xVbQe"\n2) "JOB0KHTQ8mRsLd"\n3) "JOB0KHTR5cWyNf"',
    );
    expect(screen.getByTestId('reply-elixir')).toHaveTextContent(`{:ok, ${FAILED}}`);
    await user.click(screen.getByRole('button', { name: 'Back one line' }));
    expect(counter()).toHaveTextContent('step 39 of 40');
    expect(screen.queryByTestId('reply-cli')).toBeNull();
  });

  it('scrubs the timeline', () => {
    render(<Stepper traceSource={sim} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Timeline' }), { target: { value: '12' } });
    expect(counter()).toHaveTextContent('step 12 of 40');
    expect(screen.getByRole('slider', { name: 'Timeline' })).toHaveAttribute(
      'aria-valuetext',
      'step 12 of 40',
    );
  });

  it('plays and pauses', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.selectOptions(screen.getByLabelText('speed'), '120');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await waitFor(() => expect(counter()).not.toHaveTextContent('step 0 of 40'));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    const k = counter().textContent;
    await act(() => new Promise((r) => setTimeout(r, 60)));
    expect(counter().textContent).toBe(k);
  });
});

describe('keyboard', () => {
  it('steps with ←/→, Shift for members, Home/End and Space while the stepper has focus', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    const region = screen.getByRole('region', { name: 'Extend four leases · step the members' });
    region.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowLeft}');
    expect(counter()).toHaveTextContent('step 1 of 40');
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(narration()).toHaveTextContent(failedAfterSays(1, '[]'));
    await user.keyboard('{End}');
    expect(counter()).toHaveTextContent('step 40 of 40');
    await user.keyboard('{Home}');
    expect(counter()).toHaveTextContent('step 0 of 40');
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('keeps its keys after a click on a button: → steps, Space plays instead of pressing it', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: 'Forward one line' }));
    expect(counter()).toHaveTextContent('step 1 of 40');
    expect(screen.getByRole('button', { name: 'Forward one line' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(counter()).toHaveTextContent('step 2 of 40');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(counter()).toHaveTextContent('step 0 of 40');
    await user.keyboard(' ');
    // Space played: the focused "line ›" button was not pressed again
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('says how to give the stepper focus for its keys', () => {
    render(<Stepper traceSource={sim} />);
    expect(screen.getByTestId('key-hint')).toHaveTextContent(/while the stepper has focus/);
    expect(screen.getByTestId('key-hint')).toHaveTextContent(/click it or Tab into it/);
  });

  it('leaves keys alone outside the stepper and inside its fields', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">outside</button>
        <Stepper traceSource={sim} />
      </>,
    );
    screen.getByRole('button', { name: 'outside' }).focus();
    await user.keyboard('{ArrowRight}{End}');
    expect(counter()).toHaveTextContent('step 0 of 40');
    await openPanel(user, 'Edit the scenario');
    const lease = await screen.findByLabelText('lease_ms');
    await user.click(lease);
    await user.keyboard('{End}{ArrowLeft}');
    expect(counter()).toHaveTextContent('step 0 of 40');
  });
});

describe('the editor', () => {
  it('refuses an id with the gate’s own message and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openPanel(user, 'Edit the scenario');
    const id = await screen.findByLabelText('pair 1 id');
    await user.clear(id);
    await user.type(id, 'JOB 1');
    expect(id).toHaveValue('JOB 1');
    expect(id).toHaveAttribute('aria-invalid', 'true');
    // the rule in plain words first, then the gate's own words, verbatim
    expect(
      screen.getByText(
        'An id must not contain whitespace. Keyspace.job_key/2 raises: ** (ArgumentError) invalid job id "JOB 1": an id must not contain whitespace',
      ),
    ).toBeInTheDocument();
    await user.clear(id);
    await user.type(id, 'JOB{{x}');
    expect(
      screen.getByText(/invalid job id "JOB\{x\}": an id must not contain \{ or \}/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run this scenario' }));
    // nothing ran and nothing typed was lost
    expect(screen.getByLabelText('pair 1 id')).toHaveValue('JOB{x}');
    expect(screen.getByRole('alert')).toHaveTextContent('1 field is refused');
    expect(screen.getByLabelText('Scenario')).toHaveValue('default');
  });

  it('refuses a token that is not an integer and a lease that is not positive', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openPanel(user, 'Edit the scenario');
    const token = await screen.findByLabelText('pair 2 token');
    await user.clear(token);
    await user.type(token, '1.5');
    expect(
      screen.getByText(
        /^A token must be a whole number, .*; got "1\.5"\. Integer\.to_string\/1 in the verb raises: \*\* \(ArgumentError\) errors were found at the given arguments/,
      ),
    ).toBeInTheDocument();
    expect(token).toHaveValue('1.5');
    const lease = screen.getByLabelText('lease_ms');
    await user.clear(lease);
    await user.type(lease, '-30000');
    expect(
      screen.getByText(
        "lease_ms must be a positive integer; the verb's guard (is_integer(lease_ms) and lease_ms > 0) refuses -30000. extend_locks/4 raises: ** (FunctionClauseError) no function clause matching in EchoMQ.Jobs.extend_locks/4",
      ),
    ).toBeInTheDocument();
    // a raw client may send it: the refusal goes, the text stays
    await user.selectOptions(screen.getByLabelText('client'), 'raw');
    expect(screen.queryByText(/no function clause matching/)).toBeNull();
    expect(lease).toHaveValue('-30000');
  });

  it('refuses a group the key builder would refuse, rule first, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openPanel(user, 'Edit the scenario');
    const group = await screen.findByLabelText('pair 1 group');
    await user.type(group, 'a b');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        /^A group name must not contain whitespace, because .*: \*\* \(ArgumentError\) invalid group "a b"/,
      ),
    ).toBeInTheDocument();
    await user.clear(group);
    await user.type(group, '{{x}');
    expect(screen.getByText(/^A group name must not contain \{ or \}/)).toBeInTheDocument();
    expect(group).toHaveValue('{x}');
    await user.clear(group);
    await user.type(group, 'lane-7');
    expect(group).toHaveAttribute('aria-invalid', 'false');
  });

  it('adds, reorders and removes pairs, sets a job’s state, and runs the result', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await openPanel(user, 'Edit the scenario');
    await user.click(await screen.findByRole('button', { name: 'Add a pair' }));
    expect(screen.getByLabelText('pair 5 id')).toHaveValue('JOB0NEW0000005');
    await user.click(screen.getByRole('button', { name: 'move pair 5 up' }));
    expect(screen.getByLabelText('pair 4 id')).toHaveValue('JOB0NEW0000005');
    await user.click(screen.getByRole('button', { name: 'remove pair 1' }));
    await user.selectOptions(screen.getByLabelText('pair 1 place'), 'pending');
    await user.click(screen.getByRole('button', { name: 'Run this scenario' }));
    expect(screen.getByLabelText('Scenario')).toHaveValue('custom');
    // the editor stands in the state's place until it is closed
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    // JOB0KHTP2xVbQe is stale before the guard; the new pair is live; the reaped one fails
    expect(screen.getByTestId('failed-list')).toHaveTextContent(
      '["JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]',
    );
    expect(counter()).toHaveTextContent('of 40');
  });
});

describe('predict mode', () => {
  it('stops before each verdict, names the deciding check, and tallies at the end', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByLabelText(/Predict mode/));
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    expect(screen.getByText(fill(T.predict.ask, { n: 1 }))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forward one line' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Re-scored' }));
    expect(screen.getByTestId('predict-feedback')).toHaveTextContent(
      fill(T.predict.feedback, {
        verdict: T.predict.right,
        said: T.predict.said.rescored,
        id: SEED_ID,
        was: T.predict.was.rescored,
        decided: capitalised(T.predict.decided.passed),
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    expect(screen.getByText(fill(T.predict.ask, { n: 2 }))).toBeInTheDocument();
    // asked about the next member, the last one's feedback is gone
    expect(screen.queryByTestId('predict-feedback')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Re-scored' }));
    expect(screen.getByTestId('predict-feedback')).toHaveTextContent(
      fill(T.predict.feedback, {
        verdict: T.predict.wrong,
        said: T.predict.said.rescored,
        id: 'JOB0KHTP2xVbQe',
        was: T.predict.was.failed,
        decided: capitalised(fill(T.predict.decided.token, { att: 2, token: 1 })),
      }),
    );
    for (const _ of [3, 4]) {
      await user.click(screen.getByRole('button', { name: 'Forward one member' }));
      await user.click(screen.getByRole('button', { name: 'Forward one member' }));
      await user.click(screen.getByRole('button', { name: 'Failed' }));
    }
    expect(screen.getByTestId('predict-feedback')).toHaveTextContent(
      capitalised(T.predict.decided.membership),
    );
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByTestId('predict-tally')).toHaveTextContent(
      fill(T.predict.tally, { right: 3, total: 4 }),
    );
  });
});

describe('counterfactuals and executors', () => {
  it('runs the dropped guard as a marked variant and shows the broken invariant', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByLabelText('drop the membership guard'));
    expect(screen.getByRole('note')).toHaveTextContent('variant: the membership guard dropped');
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      fill(T.runNotes.brokenOne, { ids: 'JOB0KHTR5cWyNf' }),
    );
    await user.click(screen.getByLabelText('the real script'));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('failed-list')).toHaveTextContent(FAILED);
  });

  it('runs the clock-per-member edit: TIME read once per member, the moved lines marked', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} preset="all-live" />);
    await user.click(screen.getByLabelText('read the clock per member'));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    // each read is later, as on a real Redis 7.0 (TIME reads the system clock on every call):
    // modelled, and said so; four members' reads stay in one millisecond, so no drift yet
    const reads = screen.getByTestId('clock-reads');
    expect(reads).toHaveTextContent('The server clock has been read 4 times in this run');
    expect(reads).toHaveTextContent('every read is later than the one before');
    expect(reads).toHaveTextContent('This stepper models the advance: 3 µs for every command');
    await showTab(user, 'Args · clock · reply');
    expect(screen.getByTestId('now').parentElement!.parentElement).toHaveTextContent(
      /micros t\[2\]2500(?!00)\d\d/,
    );
    expect(screen.queryByTestId('drift')).toBeNull();
    const code = screen.getByTestId('code-view');
    expect(code.querySelectorAll('[data-mark="removed"]')).toHaveLength(3);
    expect(code.querySelectorAll('[data-mark="added"]')).toHaveLength(3);
    expect(code.querySelector('[data-mark="added"]')).toHaveTextContent(
      '-- TIME is read again for every member',
    );
  });

  it('drifts the deadlines when the clock is read per member over a thousand leases, saying the advance is modelled', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} preset="thousand" />);
    await user.click(screen.getByLabelText('read the clock per member'));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    const drift = screen.getByTestId('drift');
    expect(drift).toHaveTextContent(/The scores drift: \d+ different deadlines so far/);
    expect(drift).toHaveTextContent('This stepper models the advance: 3 µs for every command');
    // the lesson's script reads once: one deadline for all thousand, however long the batch
    await user.click(screen.getByLabelText('the real script'));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.queryByTestId('drift')).toBeNull();
    expect(screen.queryByTestId('clock-reads')).toBeNull();
  });

  it('switches to native and steps the twin on the same scenario', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByLabelText('native · wire 6 · EMQ.EXTENDS'));
    // the twin is part of every simulated server, so there is a run, never a notice
    expect(screen.queryByTestId('native-unavailable')).toBeNull();
    expect(counter()).toHaveTextContent('step 0 of');
    expect(screen.getByLabelText('drop the membership guard')).toBeDisabled();
  });

  it('shows the new run’s step in the counter, the narration and the listing when the run changes mid-walk', () => {
    render(<Stepper traceSource={sim} />);
    const listing = () => within(screen.getByTestId('code-view')).getByLabelText(/current line/);
    const lit = () => screen.getByTestId('code-view').querySelectorAll('[aria-current="step"]');
    const forwardOne = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Forward one line' }));
    for (let i = 0; i < 12; i++) forwardOne();
    expect(counter()).toHaveTextContent('step 12 of 40');
    expect(lit()).toHaveLength(1);
    const saidAtTwelve = narration().textContent;
    fireEvent.click(screen.getByLabelText('native · wire 6 · EMQ.EXTENDS'));
    // the twin's run opens at its step 0: no line lit, nothing of the script's step 12 left
    expect(counter()).toHaveTextContent('step 0 of');
    expect(lit()).toHaveLength(0);
    expect(narration().textContent).not.toBe(saidAtTwelve);
    forwardOne();
    expect(counter()).toHaveTextContent('step 1 of');
    expect(lit()).toHaveLength(1);
    const line = (lit()[0] as HTMLElement).dataset.line;
    expect(listing().getAttribute('aria-label')).toContain(`current line ${line}`);
  });
});

describe('URL state', () => {
  it('opens at the preset, executor and step the hash names', () => {
    window.history.replaceState(null, '', '/#stepper?preset=reaped&x=script&k=5');
    render(<Stepper traceSource={sim} />);
    expect(screen.getByLabelText('Scenario')).toHaveValue('reaped');
    expect(counter()).toHaveTextContent('step 5 of');
  });

  it('writes the state back once the learner acts, and a reload comes back to it', async () => {
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: 'Forward one member' }));
    // the hash is written once the learner pauses (a burst of steps is one write)
    await waitFor(() => expect(window.location.hash).toBe('#stepper?preset=default&x=script&k=13'));
    first.unmount();
    render(<Stepper traceSource={sim} />);
    expect(counter()).toHaveTextContent('step 13 of 40');
  });

  it('carries an edited scenario whole', async () => {
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await openPanel(user, 'Edit the scenario');
    await user.click(await screen.findByRole('button', { name: 'remove pair 4' }));
    await user.click(screen.getByRole('button', { name: 'Run this scenario' }));
    await waitFor(() =>
      expect(window.location.hash).toMatch(/^#stepper\?s=[A-Za-z0-9_-]+&x=script&k=0$/),
    );
    first.unmount();
    render(<Stepper traceSource={sim} />);
    expect(screen.getByLabelText('Scenario')).toHaveValue('custom');
    expect(screen.queryAllByText(/^JOB0KHTR5cWyNf$/)).toHaveLength(0);
    expect(screen.getAllByText(/^JOB0KHTQ8mRsLd$/).length).toBeGreaterThan(0);
  });

  it('falls back to the default with a notice on a malformed hash', () => {
    window.history.replaceState(null, '', '/#stepper?s=%%%not-base64');
    render(<Stepper traceSource={sim} />);
    expect(screen.getByRole('alert')).toHaveTextContent('could not be read');
    expect(screen.getByLabelText('Scenario')).toHaveValue('default');
  });

  it('never runs a hostile hash as markup', () => {
    const evil = {
      queue: 'q',
      held: [{ id: '<img src=x onerror=alert(1)>', token: 1 }],
      jobs: [],
      leaseMs: 30000,
      clockMs: 1,
      caller: 'full',
      client: 'verb',
      trailingId: null,
      activeKeyOverride: null,
    };
    const b64 = btoa(JSON.stringify(evil))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    window.history.replaceState(null, '', `/#stepper?s=${b64}`);
    render(<Stepper traceSource={sim} />);
    // refused in the lesson's words; the link's own text is only ever a short quoted fragment
    expect(screen.getByRole('alert')).toHaveTextContent('a job id breaks the id rule');
    expect(screen.getByRole('alert').querySelector('q')).toHaveTextContent(
      '<img src=x onerror=alert(1)>',
    );
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByLabelText('Scenario')).toHaveValue('default');
    // an id the gate accepts is still only ever text
    const script = { ...evil, held: [{ id: '<script>alert(1)</script>', token: 1 }] };
    const b64b = btoa(JSON.stringify(script))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    cleanup();
    window.history.replaceState(null, '', `/#stepper?s=${b64b}`);
    render(<Stepper traceSource={sim} />);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getAllByText('<script>alert(1)</script>').length).toBeGreaterThan(0);
  });
});

describe('self-contained', () => {
  it('runs two instances side by side with their own state', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Stepper traceSource={sim} title="first" hashKey="a" />
        <Stepper traceSource={sim} title="second" hashKey="b" preset="all-live" />
      </>,
    );
    const a = screen.getByRole('region', { name: 'first' });
    const b = screen.getByRole('region', { name: 'second' });
    await user.click(within(a).getByRole('button', { name: 'Last step' }));
    expect(counter(a)).toHaveTextContent('step 40 of 40');
    expect(counter(b)).toHaveTextContent('step 0 of');
    expect(within(b).getByLabelText('Scenario')).toHaveValue('all-live');
  });
});

/** A loader the test controls: the simulator arrives when `arrive` is called, or never. */
function heldLoader() {
  let loaded: TraceSource | null = null;
  let resolve: (s: TraceSource) => void = () => {};
  const promise = new Promise<TraceSource>((r) => (resolve = r));
  const load = vi.fn(() => promise);
  const loader: SimulatorLoader = { current: () => loaded, load };
  return {
    loader,
    load,
    arrive: () => {
      loaded = sim;
      resolve(sim);
    },
  };
}

// the runs the build puts in the page, through their JSON form as the page carries them
const PRERENDERED = prerenderRuns(defaultScenario()).map((p) =>
  prerenderedFromJSON(JSON.parse(JSON.stringify(p)) as typeof p),
);
const loading = () => screen.queryByTestId('simulator-loading');

describe('the simulator on demand', () => {
  it('walks the prerendered default on both executors, variants and compare, with no simulator', async () => {
    const user = userEvent.setup();
    const { loader } = heldLoader();
    render(<Stepper prerendered={PRERENDERED} loader={loader} />);
    expect(counter()).toHaveTextContent('step 0 of 40');
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByTestId('failed-list')).toHaveTextContent(FAILED);
    await user.click(screen.getByLabelText('native · wire 6 · EMQ.EXTENDS'));
    expect(loading()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    await showTab(user, 'Args · clock · reply');
    expect(screen.getByTestId('reply-cli').textContent).toBe(
      '1) "JOB0KHTP2xVbQe"\n2) "JOB0KHTQ8mRsLd"\n3) "JOB0KHTR5cWyNf"',
    );
    await user.click(screen.getByLabelText('script · wire 4 · EVALSHA'));
    await user.click(screen.getByLabelText('drop the membership guard'));
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      fill(T.runNotes.brokenOne, { ids: 'JOB0KHTR5cWyNf' }),
    );
    await openPanel(user, 'Compare script and native on this scenario');
    expect(await screen.findByTestId('compare-summary')).toBeInTheDocument();
    expect(loading()).toBeNull();
  });

  it('says it is loading the simulator for another scenario, then runs it', async () => {
    const user = userEvent.setup();
    const h = heldLoader();
    render(<Stepper prerendered={PRERENDERED} loader={h.loader} />);
    await user.selectOptions(screen.getByLabelText('Scenario'), 'reaped');
    expect(loading()).toHaveTextContent(T.alerts.loadingSimulator);
    expect(loading()).toHaveAttribute('role', 'status');
    expect(screen.queryByTestId('step-counter')).toBeNull();
    expect(h.load).toHaveBeenCalled();
    await act(async () => h.arrive());
    expect(loading()).toBeNull();
    expect(counter()).toHaveTextContent('step 0 of');
    expect(screen.getByLabelText('Scenario')).toHaveValue('reaped');
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByTestId('failed-list')).toHaveTextContent('["JOB0KHTR5cWyNf"]');
  });

  it('opens a shared link at its step once the simulator is in', async () => {
    window.history.replaceState(null, '', '/#stepper?preset=reaped&x=script&k=5');
    const h = heldLoader();
    render(<Stepper prerendered={PRERENDERED} loader={h.loader} />);
    expect(loading()).not.toBeNull();
    await act(async () => h.arrive());
    expect(counter()).toHaveTextContent('step 5 of');
    expect(screen.getByLabelText('Scenario')).toHaveValue('reaped');
  });

  it('keeps the script editor, its focus and what is typed in it, when the run arrives', async () => {
    window.history.replaceState(null, '', '/#stepper?preset=reaped&x=script&k=0');
    const user = userEvent.setup();
    const h = heldLoader();
    render(<Stepper prerendered={PRERENDERED} loader={h.loader} />);
    expect(loading()).not.toBeNull();
    await user.click(screen.getByRole('button', { name: /^Edit the script/ }));
    const box = await screen.findByLabelText(/^Lua script/);
    await user.click(box);
    await user.keyboard('{Control>}{End}{/Control}{Enter}-- mine');
    await act(async () => h.arrive());
    expect(counter()).toHaveTextContent('step 0 of');
    // the learner goes on typing where they were: the field is still theirs, and focused
    await user.keyboard(' and more');
    const field = screen.getByLabelText<HTMLTextAreaElement>(/^Lua script/);
    expect(field).toHaveFocus();
    expect(field.value.endsWith('\n-- mine and more')).toBe(true);
  });

  it('fetches the simulator while idle, unless one is at hand', async () => {
    const h = heldLoader();
    render(<Stepper prerendered={PRERENDERED} loader={h.loader} />);
    expect(h.load).not.toHaveBeenCalled();
    await waitFor(() => expect(h.load).toHaveBeenCalled());
    cleanup();
    const other = heldLoader();
    render(<Stepper traceSource={sim} loader={other.loader} />);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(other.load).not.toHaveBeenCalled();
  });

  it('says so when the simulator cannot be loaded', async () => {
    const user = userEvent.setup();
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    render(<Stepper prerendered={PRERENDERED} loader={{ current: () => null, load }} />);
    await user.selectOptions(screen.getByLabelText('Scenario'), 'all-live');
    expect(await screen.findByText(SIMULATOR_LOAD_FAILED)).toBeInTheDocument();
  });
});
