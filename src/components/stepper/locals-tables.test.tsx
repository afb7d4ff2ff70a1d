// @vitest-environment jsdom
/**
 * Tables in the locals panel, as Python Tutor draws a frame's objects: a local holding a table
 * shows its entries (the sequence and the other keys), nested tables to a small depth with
 * "{ … }" beyond, a cycle marked, a long sequence cut with a gap; and a table the step wrote
 * into is marked, with the entry it wrote, even when the local still holds the same table.
 * Run on the real simulator.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { defaultScenario } from '../../scenario/presets.ts';
import { toBase64Url } from '../../scenario/base64url.ts';
import { Stepper } from './index.ts';
import { tabButton } from './stage.test-helper.ts';

const sim = createSimTraceSource();
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(cleanup);

const local = (name: string) =>
  screen.getByTestId('locals').querySelector<HTMLElement>(`[data-local="${name}"]`)!;
const entries = (el: HTMLElement) =>
  [...el.querySelector('ul')!.children].map((li) => li.textContent);

/** The first step count after which a write of `key` = `value` into some table is shown. */
function kAfterWrite(script: string | null, key: string | number, value: unknown): number {
  const run = sim(defaultScenario(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const at = run.steps.findIndex((s) =>
    (s.locals?.tables ?? []).some(
      ([, k, v]) => k === key && JSON.stringify(v) === JSON.stringify(value),
    ),
  );
  if (at < 0) throw new Error(`no write of ${key}`);
  return at + 1;
}

function open(k: number, script: string | null) {
  const lua = script === null ? '' : `&lua=${toBase64Url(script)}`;
  window.history.replaceState(null, '', `/#stepper?preset=default&x=script&k=${k}${lua}`);
  render(<Stepper traceSource={sim} />);
  // the locals are a tab of the third region, which holds nothing while it is closed
  fireEvent.click(tabButton('Locals'));
}

describe('tables in the locals panel', () => {
  it('shows the clock reply and the failed list, and marks failed when an id is collected into it', () => {
    // the default preset fails JOB0KHTP2xVbQe (a stale token), then JOB0KHTQ8mRsLd (its row
    // is gone): each collected by table.insert into the same table
    const k = kAfterWrite(null, 2, 'JOB0KHTQ8mRsLd');
    open(k, null);
    const failed = local('failed');
    expect(failed).toHaveAttribute('data-changed');
    expect(failed).toHaveTextContent('table written');
    expect(failed).toHaveTextContent('#failed = 2');
    const first = failed.querySelector('li[data-key="[1]"]')!;
    expect(first).toHaveTextContent(/^\[1\] = "JOB0KHTP2xVbQe"$/);
    expect(first).not.toHaveAttribute('data-changed');
    const item = failed.querySelector('li[data-key="[2]"]')!;
    expect(item).toHaveTextContent('[2] = "JOB0KHTQ8mRsLd"just written');
    expect(item).toHaveAttribute('data-changed');
    // TIME's reply: two strings in the sequence, not written at this step
    const t = local('t');
    expect(t).not.toHaveAttribute('data-changed');
    expect(t.querySelector('li[data-key="[1]"]')).toHaveTextContent('[1] = "1764504000"');
    expect(t.querySelector('li[data-key="[2]"]')).toHaveTextContent('[2] = "250000"');
    // one step back the list was still empty
    cleanup();
    open(k - 1, null);
    expect(local('failed').querySelector('li[data-key="[2]"]')).toBeNull();
    expect(local('failed')).toHaveTextContent('[1] = "JOB0KHTP2xVbQe"');
  });

  it('draws nested tables to a small depth, marks a cycle, cuts a long sequence, and marks a write', () => {
    const script = [
      "local a = {x = 1, 'one'}",
      'local b = {inner = {deep = {deeper = {4}}}}',
      'a.self = a',
      'a.b = b',
      'local long = {}',
      'for j = 1, 40 do long[j] = j * 10 end',
      'a.x = 2',
      'return 1',
    ].join('\n');
    const k = kAfterWrite(script, 'x', 2);
    open(k, script);
    const a = local('a');
    expect(a).toHaveTextContent('table written');
    const x = a.querySelector(':scope > dd > div > [data-table] > ul > li[data-key="x"]')!;
    expect(x).toHaveTextContent('x = 2just written');
    expect(a.querySelector('li[data-key="[1]"]')).toHaveTextContent('[1] = "one"');
    expect(a.querySelector('li[data-key="self"] [data-cycle]')).toHaveTextContent(
      '↺ a table this one is inside of',
    );
    // b drawn inside a (depth 1), its inner (depth 2), and beyond that "{ … }"
    const inA = a.querySelector('li[data-key="b"]')!;
    expect(inA.querySelector('li[data-key="inner"] li[data-key="deep"]')).toHaveTextContent(
      /deep = table: 0x[0-9a-f]+ \{ … \}/,
    );
    // the local b is drawn from its own row one level shallower, and was not written at this step
    expect(local('b')).not.toHaveAttribute('data-changed');
    expect(local('b').querySelector('li[data-key="deep"]')).toHaveTextContent(
      /deeper = table: 0x[0-9a-f]+ \{ … \}/,
    );
    // 40 entries: the first and last 8, and how many are left out between
    const long = local('long');
    const rows = entries(long);
    expect(rows).toHaveLength(17);
    expect(rows[0]).toBe('[1] = 10');
    expect(rows[8]).toBe('… 24 more in the sequence …');
    expect(rows[16]).toBe('[40] = 400');
  });
});
