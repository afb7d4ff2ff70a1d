// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { Stepper } from './index.ts';
import { tabButton } from './stage.test-helper.ts';

// What a step writes to the page, counted, not timed: a step that touches more of the DOM than
// it changes shows here on any machine, however noisy its timings (the bench times the same
// walks in chromium). Issue 9 item 13 and issue 11: a step and a scrub must stay in one frame.
const sim = createSimTraceSource();

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

/** The writes one action made to `root`, as MutationRecords (taken before React is done). */
function recordWrites(root: HTMLElement, action: () => void): MutationRecord[] {
  const mo = new MutationObserver(() => {});
  mo.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    characterData: true,
    characterDataOldValue: true,
  });
  act(action);
  const records = mo.takeRecords();
  mo.disconnect();
  return records;
}

/** The element a record wrote to (a text node's parent). */
const elementOf = (r: MutationRecord): Element | null =>
  r.target instanceof Element ? r.target : r.target.parentElement;

/**
 * Writes that left an attribute or a text as it was before the step: the value it ended with
 * equals the value it had before the step's first write to it (React rewriting an unchanged
 * input's name and type, a class set again to itself).
 */
function writesThatChangedNothing(records: readonly MutationRecord[]): string[] {
  const first = new Map<string, { node: Node; name: string | null; old: string | null }>();
  const keyOf = (r: MutationRecord) => r.attributeName ?? '#text';
  const ids = new Map<Node, number>();
  const idOf = (n: Node) => ids.get(n) ?? (ids.set(n, ids.size), ids.size - 1);
  for (const r of records) {
    if (r.type === 'childList') continue;
    const key = `${idOf(r.target)} ${keyOf(r)}`;
    if (!first.has(key)) first.set(key, { node: r.target, name: r.attributeName, old: r.oldValue });
  }
  const unchanged: string[] = [];
  for (const { node, name, old } of first.values()) {
    const now =
      name === null ? node.textContent : node instanceof Element ? node.getAttribute(name) : null;
    if (now === old) {
      const el = node instanceof Element ? node : node.parentElement;
      unchanged.push(`${el?.tagName.toLowerCase()}${name ? ` @${name}` : ' text'} = ${old}`);
    }
  }
  return unchanged;
}

// the rows of the windows over long lists: members, active set, job rows, ARGV slots (not the
// "… 843 pairs" lines that say what the window leaves out)
const WINDOWED = 'tr[data-member], tr[data-active], tr[data-row], li[data-slot]';

/** The windowed rows an action put in the page that were not in it before. */
function rowsBuilt(root: HTMLElement, action: () => void): [MutationRecord[], number] {
  const isRow = (n: Node): n is Element => n instanceof Element && n.matches(WINDOWED);
  const before = new Set(root.querySelectorAll(WINDOWED));
  const records = recordWrites(root, action);
  const added = records
    .flatMap((r) => (r.type === 'childList' ? [...r.addedNodes] : []))
    .filter(isRow)
    .filter((row) => !before.has(row));
  return [records, new Set(added).size];
}

/** The rows moved or replaced: each removal of a row from its table or list. */
const rowsTakenOut = (records: readonly MutationRecord[]) =>
  records
    .flatMap((r) => (r.type === 'childList' ? [...r.removedNodes] : []))
    .filter((n) => n instanceof Element && n.matches(WINDOWED)).length;

/** Text nodes added to or removed from inside a windowed row. */
const textNodesComeAndGone = (records: readonly MutationRecord[]) =>
  records
    .filter((r) => r.type === 'childList' && elementOf(r)?.closest(WINDOWED))
    .flatMap((r) => [...r.addedNodes, ...r.removedNodes])
    .filter((node) => node.nodeType === Node.TEXT_NODE).length;

const forward = () => fireEvent.click(screen.getByRole('button', { name: 'Forward one line' }));
const stepper = () => document.querySelector<HTMLElement>('[data-stepper]')!;
const scrubTo = (k: number) =>
  fireEvent.change(screen.getByRole('slider', { name: 'Timeline' }), {
    target: { value: String(k) },
  });

describe('what a step writes to the page', () => {
  it('walks the four leases writing only what changed, and no more than the budget says', () => {
    render(<Stepper traceSource={sim} />);
    const root = stepper();
    const n = Number(screen.getByRole('slider', { name: 'Timeline' }).getAttribute('max'));
    expect(n).toBe(40);
    let total = 0;
    for (let k = 1; k <= n; k++) {
      const records = recordWrites(root, forward);
      total += records.length;
      expect(writesThatChangedNothing(records), `step ${k}`).toEqual([]);
      // the third region is hidden while none of its tabs is open: nothing is written into it
      const more = root.querySelector('[data-region=more]')!;
      expect(records.filter((r) => more.contains(r.target)).length, `step ${k}`).toBe(0);
      // the listing: the line left and the line reached, nothing else in it
      const lines = new Set(
        records.map((r) => elementOf(r)?.closest('[data-line]')).filter((l) => l != null),
      );
      expect(lines.size, `step ${k}`).toBeLessThanOrEqual(2);
      // the timeline's thumb and its words, and nothing React rewrites on every render
      const timeline = records.filter((r) => elementOf(r)?.matches('input[type=range]'));
      expect(timeline.map((r) => r.attributeName).sort(), `step ${k}`).toEqual(
        ['aria-valuetext'].concat(
          timeline.some((r) => r.attributeName === 'value') ? ['value'] : [],
        ),
      );
    }
    // 16 writes a step on average when this test was written (20 before the timeline stopped
    // being rewritten); the budget leaves room for a small addition, not for a panel rendered
    // again whole on every step
    expect(total / n).toBeLessThanOrEqual(18);
  });

  it('keeps the locals panel to the rows a step set', () => {
    render(<Stepper traceSource={sim} />);
    const root = stepper();
    // the locals are a tab of the third region, which holds nothing while it is closed
    fireEvent.click(tabButton('Locals'));
    expect(root.querySelector('[data-testid=locals]')).not.toBeNull();
    const locals = () => root.querySelector('[data-testid=locals]');
    const rowsOf = () =>
      [...(locals()?.querySelectorAll<HTMLElement>('[data-local]') ?? [])].map(
        (row) => `${row.dataset.local}|${row.textContent}|${row.dataset.changed ?? ''}`,
      );
    for (let k = 1; k <= 40; k++) {
      const before = rowsOf();
      const records = recordWrites(root, forward);
      const after = rowsOf();
      const touched = new Set(
        records
          .map((r) => elementOf(r)?.closest<HTMLElement>('[data-local]'))
          .filter((row) => row != null && locals()?.contains(row))
          .map((row) => row!.dataset.local),
      );
      const differing = new Set(
        after.filter((row, i) => row !== before[i]).map((row) => row.split('|')[0]),
      );
      // every row written to is a row that now reads differently (a row only added or dropped
      // is written to its list, not inside it)
      for (const name of touched) expect(differing, `step ${k}: ${name}`).toContain(name);
    }
  });

  it('scrubs the thousand leases reusing the windowed rows: none built, none dropped', () => {
    window.history.replaceState(null, '', '/#stepper?preset=thousand&x=script&k=0');
    render(<Stepper traceSource={sim} />);
    const root = stepper();
    const n = Number(screen.getByRole('slider', { name: 'Timeline' }).getAttribute('max'));
    expect(n).toBeGreaterThan(5_000);
    // jumps far apart, as a scrub makes them: each moves every window past where it was
    let built = 0;
    let moved = 0;
    let texts = 0;
    for (let i = 1; i <= 12; i++) {
      const k = Math.floor((((i * 7919) % 1009) / 1009) * n);
      const [records, fresh] = rowsBuilt(root, () => scrubTo(k));
      expect(screen.getByTestId('step-counter')).toHaveTextContent(`step ${k} of`);
      expect(writesThatChangedNothing(records), `scrub to ${k}`).toEqual([]);
      built += fresh;
      moved += rowsTakenOut(records);
      texts += textNodesComeAndGone(records);
    }
    // (before, keyed by id, each scrub built and dropped about forty rows)
    expect(built).toBe(0);
    expect(moved).toBe(0);
    // a row's words are rewritten in place: no text node is added or dropped in one (the active
    // set's "→ " once came and went as a node of its own beside the score)
    expect(texts).toBe(0);
  });

  it('slides the windows a member at a time by rewriting each row in its place, never building or moving one', () => {
    window.history.replaceState(null, '', '/#stepper?preset=thousand&x=script&k=0');
    render(<Stepper traceSource={sim} />);
    const root = stepper();
    const member = () =>
      fireEvent.click(screen.getByRole('button', { name: 'Forward one member' }));
    // into the middle of the list, where every window slides with the member
    for (let i = 0; i < 20; i++) act(member);
    for (let i = 0; i < 10; i++) {
      const [records, fresh] = rowsBuilt(root, member);
      expect(writesThatChangedNothing(records)).toEqual([]);
      // each row stays where it stands and shows the member now at its place: a row moved from
      // one end to the other moved every row between (a layout shift), and none is built
      expect(fresh).toBe(0);
      expect(rowsTakenOut(records)).toBe(0);
    }
  });
});
