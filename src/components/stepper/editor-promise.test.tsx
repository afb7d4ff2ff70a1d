// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { SHARE_CAPS } from '../../scenario/caps.ts';
import { encodeHash } from '../../scenario/codec.ts';
import { presetById } from '../../scenario/presets.ts';
import { forgetDrafts, readDraft } from './draft-store.ts';
import { Stepper } from './index.ts';
import { stepperWords as T } from '../../../content/stepper.ts';

// "Nothing you typed is lost": the editor's promise, held to across everything that used to
// drop an unapplied edit.
const sim = createSimTraceSource();

beforeAll(async () => {
  await import('./ScenarioEditor.tsx');
});
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  forgetDrafts();
  sessionStorage.clear();
});

const editor = () => screen.getByText(/^Edit the scenario/);
const lease = () => screen.findByLabelText('lease_ms');

async function typeLease(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(editor());
  const input = await lease();
  await user.clear(input);
  await user.type(input, value);
}

describe('unapplied edits', () => {
  it('survive closing and reopening the editor', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await typeLease(user, '12345');
    await user.click(editor()); // close
    expect(screen.queryByLabelText('lease_ms')).toBeNull();
    // the stepper reads the store once the editor closes, through its lazily loaded module
    await waitFor(() => expect(editor()).toHaveTextContent(T.drawers.unappliedKept));
    await user.click(editor()); // reopen
    expect(await lease()).toHaveValue('12345');
    expect(screen.getByTestId('draft-kept')).toHaveTextContent('Unapplied edits');
  });

  it('survive a preset change, and say the stepper now runs another scenario', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await typeLease(user, '12345');
    await user.selectOptions(screen.getByLabelText('Scenario'), 'reaped');
    expect(await lease()).toHaveValue('12345');
    expect(screen.getByTestId('draft-kept')).toHaveTextContent('now runs another scenario');
    // discarding is the learner's choice, and takes up the scenario now running
    await user.click(screen.getByRole('button', { name: 'Discard my edits' }));
    expect(await lease()).toHaveValue(String(presetById('reaped').build().leaseMs));
    expect(screen.queryByTestId('draft-kept')).toBeNull();
    expect(readDraft('stepper')).toBeNull();
  });

  it('survive a hash change (a "try it" link)', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await typeLease(user, '777');
    const hash = encodeHash('stepper', {
      scenario: presetById('all-live').build(),
      executor: 'script',
      step: 0,
      compare: false,
    });
    await act(async () => {
      window.location.hash = hash;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(screen.getByLabelText('Scenario')).toHaveValue('all-live');
    expect(await lease()).toHaveValue('777');
  });

  it('survive a reload, through session storage', async () => {
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await typeLease(user, '4242');
    first.unmount(); // the page goes away; its draft is flushed on the way out
    forgetDrafts(); // a new page has nothing in memory
    expect(sessionStorage.length).toBe(1);
    render(<Stepper traceSource={sim} />);
    await user.click(editor());
    expect(await lease()).toHaveValue('4242');
  });

  it('are gone once run, and the run uses them', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await typeLease(user, '12345');
    await user.click(screen.getByRole('button', { name: 'Run this scenario' }));
    expect(screen.getByLabelText('Scenario')).toHaveValue('custom');
    expect(screen.queryByTestId('draft-kept')).toBeNull();
    expect(readDraft('stepper')).toBeNull();
    expect(await lease()).toHaveValue('12345');
  });
});

/**
 * Gives session storage a small quota, as a browser's full store answers: a write longer than
 * `limit` characters throws QuotaExceededError and stores nothing.
 */
function smallQuota(limit: number): { limit: number } {
  const quota = { limit };
  const setItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
    this: Storage,
    key: string,
    value: string,
  ) {
    if (key.length + value.length > quota.limit)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem.call(this, key, value);
  });
  return quota;
}

describe('a draft over the storage quota', () => {
  it('is kept while the page is open, and the editor says a reload would lose it', async () => {
    smallQuota(4000);
    const user = userEvent.setup();
    const first = render(<Stepper traceSource={sim} />);
    await typeLease(user, '12345');
    // small enough: stored, and the promise covers a reload
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(screen.getByTestId('draft-kept')).toHaveTextContent('or the page reloads');
    await user.click(screen.getByRole('button', { name: 'Add 100 pairs' }));
    // too large now: the editor says so in plain words, and no longer promises a reload
    await waitFor(() =>
      expect(screen.getByTestId('draft-kept')).toHaveTextContent(
        'This draft is too large for the browser’s session storage: it is kept while this page is open, but a reload or closing the tab would lose it.',
      ),
    );
    expect(screen.getByTestId('draft-kept')).not.toHaveTextContent('or the page reloads');
    // the older, smaller copy is gone, so a reload cannot pass it off as these edits
    expect(sessionStorage.length).toBe(0);
    // a refused field says nothing is lost only while the page is open
    const input = await lease();
    await user.clear(input);
    await user.type(input, 'soon');
    expect(screen.getByText(/fields? (is|are) refused/)).toHaveTextContent(
      'Nothing you typed is lost while this page is open.',
    );
    expect(screen.queryByText(/Nothing you typed is lost\.$/)).toBeNull();
    // nothing is lost while the page is open: close and reopen the editor
    await user.click(editor());
    await user.click(editor());
    expect(await lease()).toHaveValue('soon');
    expect(screen.getAllByLabelText(/^pair \d+ group$/).length).toBeGreaterThan(0);
    expect(screen.getByText(/^held pairs · /)).toHaveTextContent('held pairs · 104');
    expect(screen.getByTestId('draft-kept')).toHaveTextContent(
      'a reload or closing the tab would lose it',
    );
    // and a reload does lose it, as the editor said: no draft comes back posing as it
    first.unmount();
    forgetDrafts();
    render(<Stepper traceSource={sim} />);
    await user.click(editor());
    expect(await lease()).toHaveValue(String(presetById('default').build().leaseMs));
    expect(screen.queryByTestId('draft-kept')).toBeNull();
  });

  it('is stored again once the store has room, and the promise of a reload comes back', async () => {
    const quota = smallQuota(4000);
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(editor());
    await user.click(await screen.findByRole('button', { name: 'Add 100 pairs' }));
    await waitFor(() => expect(screen.getByTestId('draft-kept')).toHaveTextContent('too large'));
    expect(sessionStorage.length).toBe(0);
    quota.limit = Infinity; // room again (another tab let go of its storage)
    await user.type(await lease(), '1');
    await waitFor(() => expect(sessionStorage.length).toBe(1));
    expect(screen.getByTestId('draft-kept')).toHaveTextContent('or the page reloads');
    expect(screen.getByTestId('draft-kept')).not.toHaveTextContent('too large');
  });
});

describe('where session storage cannot keep a draft', () => {
  it('a custom element keeps it in memory and says a reload would lose it', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} hashKey={null} />);
    await typeLease(user, '555');
    const kept = screen.getByTestId('draft-kept');
    expect(kept).toHaveTextContent('kept while this page is open, not across a reload');
    expect(kept).not.toHaveTextContent('or the page reloads');
    expect(sessionStorage.length).toBe(0);
  });

  it('a browser that refuses storage gets the same honest words', async () => {
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await typeLease(user, '556');
    await waitFor(() =>
      expect(screen.getByTestId('draft-kept')).toHaveTextContent(
        'The browser refuses to store them here, so they are kept while this page is open, but a reload or closing the tab would lose them.',
      ),
    );
    expect(screen.getByTestId('draft-kept')).not.toHaveTextContent('or the page reloads');
  });
});

describe('the caps a link holds to, stated where they apply', () => {
  it('states the pair cap, and says when a scenario is past it (it still runs)', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(editor());
    expect(await screen.findByTestId('pair-cap')).toHaveTextContent(
      `A link to this scenario carries up to ${SHARE_CAPS.pairs} pairs`,
    );
    await user.click(screen.getByRole('button', { name: 'Add 100 pairs' }));
    await user.click(screen.getByRole('button', { name: 'Add 100 pairs' }));
    expect(screen.getByTestId('pair-cap')).toHaveTextContent(
      'This scenario is too large to share as a link',
    );
    await user.click(screen.getByRole('button', { name: 'Run this scenario' }));
    expect(await screen.findByTestId('too-large')).toHaveTextContent(
      `it holds 204 pairs; a link carries at most ${SHARE_CAPS.pairs}`,
    );
    expect(screen.getByTestId('step-counter')).toHaveTextContent('step 0 of');
  });

  it('refuses a group name over its cap at the field, keeping what was typed', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(editor());
    const group = await screen.findByLabelText('pair 1 group');
    const long = 'g'.repeat(SHARE_CAPS.group + 1);
    await user.type(group, long);
    expect(group).toHaveValue(long);
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        `a group name travels in the link: at most ${SHARE_CAPS.group} characters (this one has ${SHARE_CAPS.group + 1})`,
      ),
    ).toBeInTheDocument();
  });
});
