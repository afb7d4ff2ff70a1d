// @vitest-environment jsdom
/**
 * The member view tells a batch member by member, with tables for the active set, the job rows
 * and pending. A learner's edit that also writes elsewhere (here an audit hash and a row field
 * the tables have no column for) must not write unseen: those writes are listed under the
 * tables, step by step. The lesson's own script writes nothing else, so it shows no such list.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_SOURCE as lesson } from '@batch-lease/echomq';
import { panelWords } from '../../../content/panels.ts';
import { fill } from '../../content/template.ts';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { stepperWords } from '../../../content/stepper.ts';
import { showTab, tabButton } from './stage.test-helper.ts';
import { Stepper } from './index.ts';

const sim = createSimTraceSource();
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

// the lesson's script has non-ASCII in its comments: encode its UTF-8 bytes, as the link does
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const ZADD = "    redis.call('ZADD', KEYS[1], now + lease, id)\n";
const audited = lesson.replace(
  ZADD,
  `${ZADD}    redis.call('HSET', base .. 'audit', id, now)\n    redis.call('HSET', jk, 'extended_by', 'me')\n`,
);

function open(script: string | null) {
  const lua = script === null ? '' : `&lua=${base64url(script)}`;
  window.history.replaceState(null, '', `/#stepper?preset=default&x=script&k=0${lua}`);
  render(<Stepper traceSource={sim} />);
}

describe("the member view lists the writes its tables don't show", () => {
  it('lists an edited script’s audit writes, member by member, and keeps the member view', async () => {
    expect(audited).not.toBe(lesson);
    const user = userEvent.setup();
    open(audited);
    expect(await screen.findByRole('region', { name: panelWords.members.region })).toBeVisible();
    await showTab(user, stepperWords.stage.tab.changes);
    const changes = screen.getByTestId('changes');
    expect(changes).toHaveTextContent(fill(panelWords.changes.otherHeading, { count: 0 }));
    expect(changes).toHaveTextContent(panelWords.changes.none);
    // step line by line to the first audit write: the stage marks the tab of the list it is in
    const forward = screen.getByRole('button', { name: panelWords.controls.buttons.forward.name });
    while (!screen.getByTestId('changes').querySelector('li')) await user.click(forward);
    expect(tabButton(stepperWords.stage.tab.changes)).toHaveAttribute('data-changed');
    await user.click(screen.getByRole('button', { name: panelWords.controls.buttons.last.name }));
    const lines = [...screen.getByTestId('changes').querySelectorAll('li')].map(
      (li) => li.textContent ?? '',
    );
    // every re-scored member got an audit entry and a row field, listed at the line that wrote it
    const rescored = document.querySelectorAll('[data-verdict="rescored"]').length;
    expect(rescored).toBeGreaterThan(0);
    const audits = lines.filter((l) =>
      /^line 22: emq:\{q\}:audit · field \S+: \(absent\) → \d+$/.test(l),
    );
    expect(audits).toHaveLength(rescored);
    expect(
      lines.filter(
        (l) => l.startsWith('line 23: ') && l.endsWith('· field extended_by: (absent) → me'),
      ),
    ).toHaveLength(rescored);
    // what the tables show (the ZADDs on active) is not listed again
    expect(lines.some((l) => l.includes('emq:{q}:active'))).toBe(false);
  });

  it('shows no such list for the lesson’s own script', async () => {
    open(null);
    expect(await screen.findByRole('region', { name: panelWords.members.region })).toBeVisible();
    expect(screen.queryByTestId('changes')).toBeNull();
    expect(screen.queryByRole('button', { name: stepperWords.stage.tab.changes })).toBeNull();
  });
});
