// @vitest-environment jsdom
/**
 * A script that is not the lesson's keeps the lesson's colours on the lines it keeps: a what-if
 * reads like the listing it edits, and only its changed and added lines (which no tokenizer in
 * the page could colour) are plain. A script where a line may begin inside a long string or
 * comment is plain throughout: the lesson's colours of that line could be wrong there.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_SOURCE } from '@batch-lease/echomq';
import { variantSource } from '../../stepper/what-ifs/script-edits.ts';
import { CodeView } from './CodeView.tsx';

afterEach(cleanup);

/** The words of the listing's line that reads `text`, as drawn (their coloured spans). */
function wordsOf(text: string): HTMLElement {
  const line = [
    ...screen.getByTestId('code-view').querySelectorAll<HTMLElement>('[data-line]'),
  ].find((l) => l.querySelector('[data-part="words"]')?.textContent === text);
  if (!line) throw new Error(`no line reads ${text}`);
  return line.querySelector<HTMLElement>('[data-part="words"]')!;
}

/** How the lesson's own listing draws the line that reads `text`. */
function lessonDraws(text: string): string {
  render(<CodeView listing="extend_locks2.lua" line={null} />);
  const html = wordsOf(text).innerHTML;
  cleanup();
  return html;
}

const KEPT = 'local base = KEYS[2]';
const CHANGED = '  if att and att == token then';

describe('a script that is not the lesson’s', () => {
  it('draws each line it keeps in the lesson’s colours, and its changed line plain', () => {
    const kept = lessonDraws(KEPT);
    expect(kept).toContain('class="sk');
    const script = variantSource(BATCH_SOURCE, 'no-membership-guard')!;
    render(<CodeView listing="extend_locks2.lua" line={null} script={script} scriptName="x" />);
    expect(wordsOf(KEPT).innerHTML).toBe(kept);
    expect(wordsOf(CHANGED).querySelector('[class^="sk"]')).toBeNull();
  });

  it('is plain throughout where a line may begin inside a long comment', () => {
    const script = `--[[ a note\n${BATCH_SOURCE}`;
    render(<CodeView listing="extend_locks2.lua" line={null} script={script} scriptName="x" />);
    expect(wordsOf(KEPT).querySelector('[class^="sk"]')).toBeNull();
    expect(screen.getByTestId('code-view').querySelector('[class^="sk"]')).toBeNull();
  });
});
