// @vitest-environment jsdom
/**
 * A what-if's listing, as the learner reads it: a comment of the lesson's that the edit made
 * false is struck and tagged where it stands; the lesson's own listing has no such tag.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { variantSource } from '../../stepper/what-ifs/script-edits.ts';
import { panelWords } from '../../../content/panels.ts';
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
