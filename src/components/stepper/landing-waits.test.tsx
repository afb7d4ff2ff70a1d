// @vitest-environment jsdom
/**
 * While the stepper moves in a burst (a scrub, a held key), the panel a step brings into view is
 * left at the step it showed when it is out of view and its landing waits for the burst to pause
 * (keep-in-view.ts). When the landing is due, it sends the panel LANDING_EVENT; the panels take
 * it, show the step the stepper is on, and land only then, so the landing measures that. jsdom has no layout,
 * no IntersectionObserver and no glides, so the observer is a fake the test drives and whether a
 * landing waits is said by the test.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultScenario } from '../../scenario/index.ts';
import { selectPointer } from '../../stepper/index.ts';
import { buildRunIndex } from '../../stepper/runs/run-index.ts';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { LANDING_EVENT } from './keep-in-view.ts';
import { RunPanels } from './RunPanels.tsx';

const waits = vi.hoisted(() => ({ now: true }));
// the panels (data-panel) and parts of one (data-panel-part) the fake observer says are out of view
const hidden = vi.hoisted(() => ({ names: new Set(['argv']) }));
// what the panels hold in place at rest (jsdom has no layout to hold it in: only what is asked)
const held = vi.hoisted(() => ({ els: [] as Element[] }));
vi.mock('./keep-in-view.ts', async (original) => ({
  ...(await original<typeof import('./keep-in-view.ts')>()),
  landingWouldWait: () => waits.now,
  holdPanelAt: (el: Element) => held.els.push(el),
}));

// An IntersectionObserver whose reports the test makes: all is in view but `hidden.names`.
class FakeObserver {
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    const { panel, panelPart } = (target as HTMLElement).dataset;
    const entry = {
      target,
      isIntersecting: !hidden.names.has(panel ?? panelPart ?? ''),
    } as IntersectionObserverEntry;
    queueMicrotask(() => this.report([entry], this as unknown as IntersectionObserver));
  }
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

beforeAll(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(cleanup);

const scenario = defaultScenario();
const run = createSimTraceSource()(scenario, 'script');
if (run.status !== 'ready') throw new Error('the default scenario did not run');
const ix = buildRunIndex(run);
// two steps whose ARGV panels differ: the loop pointer on another pair
const steps = Array.from({ length: ix.n }, (_, k) => k + 1);
const a = steps.find((k) => selectPointer(ix, k)?.i != null)!;
const b = steps.find(
  (k) =>
    (selectPointer(ix, k)?.i ?? null) !== null &&
    k > a &&
    selectPointer(ix, k)?.i !== selectPointer(ix, a)?.i,
)!;
const pointer = (k: number) => `i = ${selectPointer(ix, k)!.i}`;

async function renderAt(k: number, out: readonly string[] = ['argv']) {
  hidden.names = new Set(out);
  const gridRef = createRef<HTMLDivElement>();
  const props = { ix, scenario, executor: 'script' as const, gridRef, moving: true };
  const view = render(<RunPanels {...props} k={k} followed={null} />);
  // the observer's first reports arrive: ARGV is out of view
  await act(async () => {});
  const argv = () => view.container.querySelector<HTMLElement>('[data-panel="argv"]')!;
  return { view, props, argv };
}

describe('the panel a burst brings into view, out of view', () => {
  it('keeps its step while its landing waits, and shows step k when the landing comes', async () => {
    waits.now = true;
    const { view, props, argv } = await renderAt(a);
    expect(argv()).toHaveTextContent(pointer(a));
    view.rerender(<RunPanels {...props} k={b} followed="argv" />);
    expect(argv()).toHaveTextContent(pointer(a));
    // the landing is due: the panel takes it, shows step b, and only then lands
    const land = vi.fn(() => {
      // what the landing measures: the panel at the step the stepper is on
      expect(argv()).toHaveTextContent(pointer(b));
    });
    const due = new CustomEvent(LANDING_EVENT, {
      bubbles: true,
      cancelable: true,
      detail: { land },
    });
    await act(async () => {
      argv().dispatchEvent(due);
    });
    expect(due.defaultPrevented).toBe(true);
    expect(land).toHaveBeenCalledTimes(1);
    expect(argv()).toHaveTextContent(pointer(b));
  });

  it('shows step k at once when its landing would not wait (a lone step, less motion)', async () => {
    waits.now = false;
    const { view, props, argv } = await renderAt(a);
    view.rerender(<RunPanels {...props} k={b} followed="argv" />);
    expect(argv()).toHaveTextContent(pointer(b));
  });

  it('keeps its step out of view when another panel is followed, landing or not', async () => {
    waits.now = false;
    const { view, props, argv } = await renderAt(a);
    view.rerender(<RunPanels {...props} k={b} followed="members" />);
    expect(argv()).toHaveTextContent(pointer(a));
  });
});

describe('the keyspace panel, part by part', () => {
  // from the start to the end: the active set is re-scored and the failed list filled
  const [a, b] = [1, ix.n];
  const part = (view: ReturnType<typeof render>, name: string) =>
    view.container.querySelector<HTMLElement>(`[data-panel-part="${name}"]`)!.textContent;
  async function shownAt(k: number) {
    const { view } = await renderAt(k, []);
    const text = { active: part(view, 'active'), failed: part(view, 'failed') };
    view.unmount();
    return text;
  }

  it('keeps the step in a part out of view, and shows step k in a part in view', async () => {
    const [atA, atB] = [await shownAt(a), await shownAt(b)];
    expect(atA.active).not.toBe(atB.active);
    expect(atA.failed).not.toBe(atB.failed);
    waits.now = true;
    const { view, props } = await renderAt(a, ['active', 'rows']);
    view.rerender(<RunPanels {...props} k={b} followed="members" />);
    expect(part(view, 'active')).toBe(atA.active);
    expect(part(view, 'failed')).toBe(atB.failed);
    // followed, with a landing that would not wait: the whole panel shows step k
    waits.now = false;
    view.rerender(<RunPanels {...props} k={b} followed="keyspace" />);
    expect(part(view, 'active')).toBe(atB.active);
  });

  it('shows step k in every part before a landing on the panel measures it', async () => {
    const atB = await shownAt(b);
    waits.now = true;
    const { view, props } = await renderAt(a, ['active', 'rows']);
    view.rerender(<RunPanels {...props} k={b} followed="keyspace" />);
    expect(part(view, 'active')).not.toBe(atB.active);
    const land = vi.fn(() => expect(part(view, 'active')).toBe(atB.active));
    const panel = view.container.querySelector<HTMLElement>('[data-panel="keyspace"]')!;
    await act(async () => {
      panel.dispatchEvent(
        new CustomEvent(LANDING_EVENT, { bubbles: true, cancelable: true, detail: { land } }),
      );
    });
    expect(land).toHaveBeenCalledTimes(1);
  });

  it('holds its first part in view in place when the parts above it catch up at rest', async () => {
    waits.now = true;
    const { view, props } = await renderAt(a, ['active', 'rows']);
    // the panel the stepper follows, said on the grid by an earlier step (this one changes none)
    props.gridRef.current!.dataset.follow = 'keyspace';
    view.rerender(<RunPanels {...props} k={b} followed={null} />);
    held.els = [];
    // the stepper rests: the parts under the deck show step k, and may change their heights
    view.rerender(<RunPanels {...props} k={b} followed={null} moving={false} />);
    expect(held.els).toEqual([
      view.container.querySelector('[data-panel="keyspace"] [data-panel-part="failed"]'),
    ]);
  });
});
