import { expect, test } from './fixtures/test.ts';
import { LAPTOP, NARROW_PHONE } from './fixtures/screens.ts';
import { expectShownWhole } from './fixtures/shown-whole.ts';

// The console's log wraps a long line at its width, as a terminal does, so a learner reads a
// script's error, a long value or the greeting whole without scrolling sideways (on a phone the
// greeting alone ran about 60 characters past the box's edge, and an error of the script's twice
// that). The log is windowed (only the lines near its view are in the page), so where each line
// starts is counted, not laid out: the claims that the newest line ends at the log's foot and
// that a scroll back finds a line where it was say the count agrees with what the browser drew.
// Seen 2026-12-07: every line stood on one row of its own, cut at the log's right edge.

/** Lines whose answers are long: a script's error, a long value, a reply cut under its note. */
const LINES = [
  'EVAL "local t = {} for i = 1, 10005 do t[i] = i end return t" 0',
  `EVAL "return redis.call('NOPE')" 0`,
  'SET note "a value of many words, longer than a phone’s row and than a laptop’s drawer by far, which the log wraps"',
  'GET note',
] as const;

/**
 * Lines whose characters are not one cell each: ideographs and emoji take two cells in a
 * terminal, a combining accent none, and a tab one here. Only a typed line's echo and an error
 * that repeats it can hold them (redis-cli escapes other bytes); a machine without a CJK font
 * draws its fallback boxes, so the count must not hang on the font.
 */
const WIDE_LINES = [
  `ECHO ${'你好世界'.repeat(12)}`,
  `${'词'.repeat(30)} x`,
  `SET ${'🙂👍🏽'.repeat(10)} ${'e\u0301'.repeat(20)}`,
  `ECHO a${'\t'}b ${'한국어 '.repeat(12)}`,
] as const;

/** The gap between the log's foot and the bottom of its newest row (0: placed as counted). */
function footGap(row: Element): number {
  const log = row.closest('[role="log"]')!;
  const box = log.getBoundingClientRect();
  return Math.round(
    box.top + log.clientTop + log.clientHeight - row.getBoundingClientRect().bottom,
  );
}

/**
 * Run on the log scrolled to its foot (its window of lines then runs to the newest): the height
 * the count gives the lines in the window (from where it places the window's first line to the
 * foot of every row counted), and the height they take as drawn. Equal when every line takes the
 * rows it was counted to take; a line drawn a row taller than counted leaves each line after it
 * a row below where the count places it, so a scroll back moves them.
 */
function countedAndDrawn(log: Element): { counted: number; drawn: number } {
  const rows = log.firstElementChild!.getBoundingClientRect();
  const window = log.firstElementChild!.lastElementChild!.getBoundingClientRect();
  return { counted: Math.round(rows.bottom - window.top), drawn: Math.round(window.height) };
}

/**
 * Run on the log: why its rows do not read whole inside its width (empty when they do): it
 * scrolls sideways, or some drawn character of a line stands past its right edge.
 */
function rowFaults(log: Element): string[] {
  const faults: string[] = [];
  if (log.scrollWidth > log.clientWidth) {
    faults.push(`the log scrolls sideways: ${log.scrollWidth} px in ${log.clientWidth}`);
  }
  const right = log.getBoundingClientRect().left + log.clientLeft + log.clientWidth;
  for (const row of log.querySelectorAll('[data-kind]')) {
    const range = document.createRange();
    range.selectNodeContents(row);
    const past = [...range.getClientRects()].filter((r) => r.width > 0 && r.right > right + 0.5);
    if (past.length > 0) {
      faults.push(
        `"${(row.textContent ?? '').slice(0, 40)}" runs ${past[0]!.right - right} px past`,
      );
    }
  }
  return faults;
}

for (const [name, screen] of [
  ['a laptop, 1280 × 900', LAPTOP],
  ['a narrow phone, 360 × 740', NARROW_PHONE],
] as const) {
  test.describe(`on ${name}`, () => {
    test.use(screen);

    test('long lines wrap inside the log: the greeting, an error, a long value and a cut reply’s note read whole, the newest line at the log’s foot', async ({
      stepperConsole: c,
    }) => {
      await c.open();
      await expect.poll(() => c.log.evaluate(rowFaults)).toEqual([]);
      for (const line of LINES.slice(0, -1)) await c.run(line);
      const answer = await c.answerTo(LINES.at(-1)!);
      expect(answer.at(-1)).toMatch(/which the log wraps"$/);
      await expect.poll(() => c.log.evaluate(rowFaults)).toEqual([]);
      // the newest line's last row is the log's last: every line's rows were counted as drawn
      await expect.poll(() => c.lastRow().evaluate(footGap)).toBe(0);
      // the script's error, read back to, reads whole
      const error = c.log.locator('[data-kind]', {
        hasText: 'Unknown Redis command called from script',
      });
      await c.scrollBackTo(error);
      await expect.poll(() => c.log.evaluate(rowFaults)).toEqual([]);
      // and further back the cut reply's note shows its Copy all whole inside the log
      const note = c.log.locator('[data-kind]', { hasText: 'showing the first' });
      await c.scrollBackTo(note);
      await expectShownWhole('the note’s Copy all', note.getByRole('button', { name: 'Copy all' }));
      await expect.poll(() => c.log.evaluate(rowFaults)).toEqual([]);
    });

    test('lines of ideographs, emoji and accents are placed as counted: each newest line ends at the log’s foot, and a line read back to stands where it was', async ({
      stepperConsole: c,
    }) => {
      await c.open();
      for (const line of WIDE_LINES) {
        await c.run(line);
        await expect.poll(() => c.lastRow().evaluate(footGap), { message: line }).toBe(0);
        const { counted, drawn } = await c.log.evaluate(countedAndDrawn);
        expect(drawn, `${line}: the lines take the rows they were counted to take`).toBe(counted);
        await expect.poll(() => c.log.evaluate(rowFaults), { message: line }).toEqual([]);
      }
      // scrolled back to the first line and down again, the rows meet the count both ways
      const first = c.log.locator('[data-kind]', { hasText: '你好世界你好世界' }).first();
      await c.scrollBackTo(first);
      await expect.poll(() => c.log.evaluate(rowFaults)).toEqual([]);
      await c.log.press('End');
      await expect.poll(() => c.lastRow().evaluate(footGap)).toBe(0);
    });
  });
}
