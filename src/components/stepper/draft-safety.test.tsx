// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { forgetDrafts } from './draft-store.ts';
import { forgetScriptDrafts } from './script-draft-store.ts';
import { Stepper } from './index.ts';
import { editorWords as E } from '../../../content/editors.ts';
import { SHARE_CAPS } from '../../scenario/index.ts';

// What the learner typed in either editor survives a refused store, a damaged store and a run
// that never got as far as writing the link.
const sim = createSimTraceSource();
const SCRIPT_KEY = 'lesson-script-draft:stepper';
const SCENARIO_KEY = 'lesson-editor-draft:stepper';

beforeAll(async () => {
  await Promise.all([import('./ScenarioEditor.tsx'), import('./ScriptEditor.tsx')]);
});
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  forgetDrafts();
  forgetScriptDrafts();
  sessionStorage.clear();
});

const scriptBox = () => screen.findByLabelText(/^Lua script/);
const openScript = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByText(/^Edit the script/));
  return scriptBox();
};
/** Types into the lesson's script and runs it; answers the text that ran. */
async function typeAndRun(user: ReturnType<typeof userEvent.setup>): Promise<string> {
  render(<Stepper traceSource={sim} />);
  const box = await openScript(user);
  await user.type(box, '-- mine');
  const typed = (box as HTMLTextAreaElement).value;
  await user.click(screen.getByRole('button', { name: 'Run this script' }));
  return typed;
}
/** What a reload does: the page's memory goes, session storage and the URL stay. */
const reload = () => {
  cleanup();
  forgetDrafts();
  forgetScriptDrafts();
};

/** The browser refuses session storage (a sandboxed frame, storage turned off). */
const refuseStorage = () =>
  vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });

describe('the script editor', () => {
  it('says when the browser refuses to store the edit, as the scenario editor does', async () => {
    refuseStorage();
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    const box = await openScript(user);
    await user.type(box, '-- mine');
    expect(screen.getByText(/^Not run yet/)).toHaveTextContent(E.scenario.reload.noStorage);
  });

  it('keeps a run text until the link carries it: a reload before that brings it back', async () => {
    const user = userEvent.setup();
    const typed = await typeAndRun(user);
    await screen.findByText(E.script.running);
    // the link is written later, once the steps rest; the text is kept meanwhile
    expect(JSON.parse(sessionStorage.getItem(SCRIPT_KEY)!)).toMatchObject({ text: typed });

    // the tab ends before the link is written: the URL still names no script
    reload();
    window.history.replaceState(null, '', '/');
    render(<Stepper traceSource={sim} />);
    expect(await openScript(user)).toHaveValue(typed);
    expect(screen.getByTestId('script-kept-note')).toHaveTextContent(E.script.restored);
  });

  it('forgets the run text once the link carries it', async () => {
    const user = userEvent.setup();
    const typed = await typeAndRun(user);
    await waitFor(() => expect(window.location.hash).toContain('lua='), { timeout: 5_000 });
    reload();
    render(<Stepper traceSource={sim} />);
    expect(await openScript(user)).toHaveValue(typed);
    await screen.findByText(E.script.running);
    expect(screen.queryByTestId('script-kept-note')).toBeNull();
    expect(sessionStorage.getItem(SCRIPT_KEY)).toBeNull();
  });

  it('discards a damaged kept edit with a note, and shows the script that runs', async () => {
    sessionStorage.setItem(SCRIPT_KEY, '{"text": 42');
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    const box = await openScript(user);
    expect((box as HTMLTextAreaElement).value).toMatch(/^-- extend_locks2|local /m);
    expect(screen.getByTestId('script-kept-note')).toHaveTextContent(E.script.discarded);
    expect(sessionStorage.getItem(SCRIPT_KEY)).toBeNull();
    await user.type(box, '-- works');
    expect(screen.getByText(/^Not run yet/)).toBeInTheDocument();
  });
});

describe('a script that ran, which nothing outside the page holds', () => {
  /** The editor's status line while the learner's script runs. */
  const runningStatus = () => screen.findByText((_, el) => el?.id.endsWith('-state') === true);

  it('says a reload would lose it where the stepper has no link (a custom element)', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} hashKey={null} />);
    const box = await openScript(user);
    await user.type(box, '-- mine');
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    await screen.findByText(E.script.running, { exact: false });
    expect(await runningStatus()).toHaveTextContent(E.script.runNotKept);
  });

  it('says so on the lesson page too, for a script past what a link carries, storage refused', async () => {
    refuseStorage();
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    const box = await openScript(user);
    await user.click(box);
    await user.paste(`-- ${'x'.repeat(SHARE_CAPS.scriptChars)}\n`);
    await user.click(screen.getByRole('button', { name: 'Run this script' }));
    await screen.findByText(E.script.running, { exact: false });
    expect(await runningStatus()).toHaveTextContent(E.script.runNotKept);
  });

  it('says nothing of the kind where the link will carry it', async () => {
    const user = userEvent.setup();
    await typeAndRun(user);
    await screen.findByText(E.script.running, { exact: false });
    expect(await runningStatus()).not.toHaveTextContent(E.script.runNotKept);
  });
});

describe('the scenario editor', () => {
  it.each([
    ['not JSON', '{"draft":'],
    ['a pair that is not one', JSON.stringify({ base: '{}', draft: { pairs: [null] } })],
    [
      'a field of the wrong kind',
      JSON.stringify({
        base: '{}',
        draft: {
          pairs: [],
          lease: 5,
          clock: '0',
          caller: 'full',
          client: 'verb',
          trailing: '',
          extraJobs: [],
          queue: 'q',
          activeKeyOverride: null,
          nextKey: 0,
        },
      }),
    ],
  ])('discards a damaged kept draft (%s) with a note, and still edits', async (_, stored) => {
    sessionStorage.setItem(SCENARIO_KEY, stored);
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByText(/^Edit the scenario/));
    const lease = await screen.findByLabelText('lease_ms');
    expect(lease).toHaveValue('30000');
    expect(screen.getByTestId('draft-discarded')).toHaveTextContent(E.scenario.discarded);
    await user.clear(lease);
    await user.type(lease, '12345');
    expect(screen.getByTestId('draft-kept')).toHaveTextContent('Unapplied edits');
    expect(screen.queryByTestId('draft-discarded')).toBeNull();
  });
});
