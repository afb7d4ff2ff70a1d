// @vitest-environment jsdom
/**
 * The notes on a listing, as the learner reads them: a comment of the lesson's that a what-if's
 * edit made false is struck and tagged where it stands, and a listing EchoMQ does not print
 * whole says what of it is reconstructed.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { variantSource } from '../../stepper/what-ifs/script-edits.ts';
import { panelWords } from '../../../content/panels.ts';
import { reconstructedWords } from '../../../content/reconstructed.ts';
import { CodeView } from './CodeView.tsx';

afterEach(cleanup);

/** The line of the code view that reads `text`. */
const lineReading = (text: string) =>
  [...screen.getByTestId('code-view').querySelectorAll<HTMLElement>('[data-line]')].find((l) =>
    l.textContent?.includes(text),
  )!;

describe('a what-if’s listing', () => {
  it('tags the three-gates comment above the guard-less if as no longer true', () => {
    const script = variantSource(BATCH_SOURCE, 'no-membership-guard')!;
    render(<CodeView listing="extend_locks2.lua" line={null} script={script} scriptName="x" />);
    const gates = lineReading('three gates in order');
    expect(gates).toHaveTextContent(panelWords.code.untrue);
    expect(gates.querySelector('s')).toHaveTextContent('three gates in order');
    expect(lineReading('if att and att == token then')).not.toHaveTextContent(
      panelWords.code.untrue,
    );
  });

  it('tags "under one clock read" in the per-member clock variant', () => {
    const script = variantSource(BATCH_SOURCE, 'clock-per-member')!;
    render(<CodeView listing="extend_locks2.lua" line={null} script={script} scriptName="x" />);
    expect(lineReading('under one clock read')).toHaveTextContent(panelWords.code.untrue);
  });

  it('tags nothing in the lesson’s own listing', () => {
    render(<CodeView listing="extend_locks2.lua" line={null} />);
    expect(screen.getByTestId('code-view')).not.toHaveTextContent(panelWords.code.untrue);
  });
});

describe('a reconstructed listing in the stepper', () => {
  it('says what of EMQ.EXTENDS is reconstructed, and nothing for the lesson’s script', () => {
    render(<CodeView listing="emq_extends.rs" line={null} />);
    expect(screen.getByTestId('code-view')).toHaveTextContent(
      `${reconstructedWords.label} ${reconstructedWords.listings['emq_extends.rs']}`,
    );
    cleanup();
    render(<CodeView listing="extend_locks2.lua" line={null} />);
    expect(screen.getByTestId('code-view')).not.toHaveTextContent(reconstructedWords.label);
  });
});
