// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FATES,
  ILL_FORMED_ID,
  answersFor,
  leadRun,
  toAnswersData,
  type CellKey,
  type FateId,
} from '../../fates/index.ts';
import { FatePicker as Picker } from './index.ts';
import { reconstructedWords } from '../../../content/reconstructed.ts';

afterEach(cleanup);

// what the build hands the island: every fate computed on the simulated server
const ANSWERS = FATES.map((f) => toAnswersData(answersFor(f.id)));
const FatePicker = () => <Picker answers={ANSWERS} />;

const CELLS: CellKey[] = ['single.script', 'single.native', 'batch.script', 'batch.native'];

const panel = () => document.querySelector<HTMLElement>('[data-fate]')!;
const cell = (key: CellKey) => panel().querySelector<HTMLElement>(`[data-cell="${key}"]`)!;
/** The four lead answers as the page shows them, in reading order. */
function shownAnswers(): string[] {
  return CELLS.map((k) => cell(k).querySelector('[data-part="lead"] [data-verdict]')!.textContent!);
}

describe('FatePicker', () => {
  it('shows BullMQ’s own scripts beside them, and no counterpart where the fate is EchoMQ’s own', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    const bull = (row: 'single' | 'batch') =>
      panel().querySelector<HTMLElement>(`[data-cell="${row}.bullmq"]`)!;
    expect(bull('single')).toHaveTextContent('lock renewed');
    expect(bull('single')).toHaveTextContent('(integer) 1');
    expect(bull('batch')).toHaveTextContent('(empty array)');
    await user.click(screen.getByRole('radio', { name: 'not in active (reaped)' }));
    expect(bull('batch')).toHaveTextContent('joins failed');
    expect(panel().querySelector('[data-part="bullmq-why"]')).toHaveTextContent(
      'without any membership check',
    );
    // a space breaks none of BullMQ's id rules: the id is an ordinary one there
    await user.click(screen.getByRole('radio', { name: 'ill-formed id' }));
    expect(bull('batch')).toHaveTextContent('lock renewed');
    expect(panel().querySelector('[data-part="bullmq-why"]')).toHaveTextContent(
      'a space breaks neither rule',
    );
    await user.click(screen.getByRole('radio', { name: 'read-only caller' }));
    expect(bull('single')).toHaveTextContent('no counterpart');
    expect(bull('batch')).toHaveTextContent('no counterpart');
  });

  it('labels the single script’s wire classes as reconstructed where an answer shows one', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    const note = () => panel().querySelector('[data-part="reconstructed"]');
    // the live fate answers :ok and 1: no wire class, no note
    expect(note()).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'no row' }));
    expect(cell('single.script')).toHaveTextContent('EMQGONE');
    expect(note()).toHaveTextContent(reconstructedWords.label);
    expect(note()).toHaveTextContent('EchoMQ names only EMQSTALE');
  });

  it('opens on the live fate with its computed answers', () => {
    render(<FatePicker />);
    expect(screen.getByRole('radio', { name: 'live' })).toBeChecked();
    expect(panel()).toHaveAttribute('data-fate', 'live');
    expect(shownAnswers()).toEqual([':ok', '(integer) 1', '{:ok, []}', '(empty array)']);
    expect(within(cell('batch.script')).getByText('re-scored')).toBeInTheDocument();
    expect(panel().querySelector('[data-part="epoch"]')).toHaveTextContent(
      /stamped with the server's run_id .* by EMQ\.EXTEND and EMQ\.EXTENDS/,
    );
  });

  it('shows every fate’s four answers, its epoch line and why when it is picked', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    for (const f of FATES) {
      await user.click(screen.getByRole('radio', { name: f.label }));
      expect(screen.getByRole('radio', { name: f.label })).toBeChecked();
      expect(panel()).toHaveAttribute('data-fate', f.id);
      const a = answersFor(f.id);
      expect(shownAnswers()).toEqual(CELLS.map((k) => leadRun(a.cells[k]).lead.shown));
      expect(panel().querySelector('[data-part="epoch"]')).toHaveTextContent(
        a.stampedBy.length > 0 ? 'stamped with' : 'not stamped',
      );
      expect(panel().querySelector('[data-part="why"]')!.textContent).toBe(f.why.replace(/`/g, ''));
    }
  });

  it('answers the brief’s fates with their literal terms and replies', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    const expectAnswers = async (id: FateId, label: string, answers: (string | RegExp)[]) => {
      await user.click(screen.getByRole('radio', { name: label }));
      expect(panel()).toHaveAttribute('data-fate', id);
      shownAnswers().forEach((text, n) => expect(text).toMatch(answers[n]!));
    };
    await expectAnswers('stale-token', 'stale token', [
      '{:error, :stale}',
      '(error) EMQSTALE the token does not match the row attempts',
      '{:ok, ["JOB0KHTP2xVbQe"]}',
      '1) "JOB0KHTP2xVbQe"',
    ]);
    expect(within(cell('batch.script')).getByText('joins failed')).toBeInTheDocument();
    await expectAnswers('read-only', 'read-only caller', [
      /NOPERM/,
      /^\(error\) NOPERM/,
      '{:ok, []}',
      /^\(error\) NOPERM/,
    ]);
    await expectAnswers('ill-formed-id', 'ill-formed id', [
      /^\*\* \(ArgumentError\) invalid job id/,
      '(integer) 1',
      /^\*\* \(ArgumentError\) invalid job id/,
      '(empty array)',
    ]);
    expect(within(cell('single.script')).getByText('raises · nothing sent')).toBeInTheDocument();
  });

  it('moves between fates with the arrow keys, as a radio group does', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'live' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'no row' })).toBeChecked();
    expect(panel()).toHaveAttribute('data-fate', 'no-row');
    await user.keyboard('{ArrowDown}');
    expect(panel()).toHaveAttribute('data-fate', 'stale-token');
    await user.keyboard('{ArrowLeft}');
    expect(panel()).toHaveAttribute('data-fate', 'no-row');
    // Tab leaves the group for the step-it link
    await user.tab();
    expect(screen.getByRole('link', { name: /Step it/ })).toHaveFocus();
  });

  it('is a labelled group and tells a screen reader what the pick changed', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    expect(screen.getByRole('group', { name: 'Pick a job’s fate' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /A job’s fate, two verbs/ })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(FATES.length);
    await user.click(screen.getByRole('radio', { name: 'stale token' }));
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live).toHaveTextContent(
      'stale token. single: refused · EMQSTALE; batch: joins failed; EMQ.EXTEND: refused · EMQSTALE; EMQ.EXTENDS: joins failed; lease_epoch not stamped.',
    );
  });

  it('links each fate to the stepper, except an id the stepper refuses', async () => {
    const user = userEvent.setup();
    render(<FatePicker />);
    const link = screen.getByRole('link', { name: /Step it/ });
    expect(link.getAttribute('href')).toMatch(
      /^#stepper\?s=[A-Za-z0-9_-]+&x=script&k=0&compare=1$/,
    );
    await user.click(screen.getByRole('radio', { name: 'ill-formed id' }));
    expect(screen.queryByRole('link', { name: /Step it/ })).toBeNull();
    expect(panel().querySelector('[data-part="no-step"]')).toHaveTextContent(
      `invalid job id "${ILL_FORMED_ID}": an id must not contain whitespace`,
    );
  });

  it('prerenders the live fate with real answers and hydrates without a mismatch', async () => {
    const html = renderToString(<FatePicker />);
    expect(html).toContain('id="fate-picker"');
    expect(html).toContain('(integer) 1');
    expect(html).toContain('{:ok, []}');
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    const host = document.createElement('div');
    host.innerHTML = html;
    document.body.append(host);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable: unknown[] = [];
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(host, <FatePicker />, { onRecoverableError: (e) => recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    // once hydrated, the fates can be picked
    expect(host.querySelector('fieldset')).not.toBeDisabled();
    await act(async () => root?.unmount());
    host.remove();
  });
});

describe('FatePicker without the simulator', () => {
  it('shows only what it is given, and says so when a fate’s answers are missing', () => {
    const some = ANSWERS.filter((a) => a.fate === 'live');
    render(<Picker answers={some} />);
    expect(shownAnswers()).toEqual([':ok', '(integer) 1', '{:ok, []}', '(empty array)']);
    cleanup();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Picker answers={some} initial="stale-token" />)).toThrow(
      'the fate picker was given no answers for stale-token',
    );
    errors.mockRestore();
  });
});
