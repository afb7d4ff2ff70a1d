import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

// Each panel (and the narration, and the listing under the controls) paints inside its own box
// (stepper.module.css, .panelSlot): what a step did not touch keeps its display list. Anything
// drawn past such a box would be cut off, so nothing in one may reach past it: no element that
// is not inside a scrolling box of its own, and no focus ring.

/** Every way something in a contained box reaches past it, in words a failure can show. */
function overflowsOf(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('[data-stepper]')!;
    const boxes = [
      ...root.querySelectorAll<HTMLElement>('[data-panel], [data-testid="narration"]'),
    ];
    const problems: string[] = [];
    let rings = 0;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? ` "${el.getAttribute('aria-label')}"` : ''}`;
    const rect = (r: DOMRect) =>
      `(${[r.left, r.top, r.right, r.bottom].map((x) => Math.round(x * 10) / 10).join(', ')})`;
    // inside a box that scrolls, the scroller cuts its content off already
    const scrolled = (el: Element, box: Element) => {
      for (let p = el.parentElement; p && p !== box; p = p.parentElement) {
        const o = getComputedStyle(p);
        if (o.overflowX !== 'visible' || o.overflowY !== 'visible') return true;
      }
      return false;
    };
    for (const box of boxes) {
      if (!getComputedStyle(box).contain.includes('paint'))
        problems.push(`${name(box)} does not contain its paint`);
      const b = box.getBoundingClientRect();
      const inside = (r: DOMRect, pad: number) =>
        r.left - pad >= b.left - 0.5 &&
        r.top - pad >= b.top - 0.5 &&
        r.right + pad <= b.right + 0.5 &&
        r.bottom + pad <= b.bottom + 0.5;
      for (const el of box.querySelectorAll<HTMLElement>('*')) {
        if (scrolled(el, box)) continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        // visually hidden text (1 px, clipped) draws nothing
        if (getComputedStyle(el).clip === 'rect(0px, 0px, 0px, 0px)') continue;
        if (!inside(r, 0))
          problems.push(`${name(el)} ${rect(r)} reaches past ${name(box)} ${rect(b)}`);
        if (el.tabIndex < 0) continue;
        // (without scrolling: the boxes were measured where they are)
        el.focus({ preventScroll: true, focusVisible: true } as FocusOptions);
        rings++;
        const s = getComputedStyle(el);
        const ring =
          s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset);
        if (!inside(r, ring))
          problems.push(`the focus ring of ${name(el)} reaches past ${name(box)}`);
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return { boxes: boxes.length, rings, problems };
  });
}

for (const [label, viewport] of [
  ['on a desktop', { width: 1366, height: 900 }],
  ['on a phone', { width: 390, height: 844 }],
] as const) {
  test.describe(label, () => {
    test.use({ viewport });

    test('nothing in a panel or the narration reaches past its box', async ({ stepper, page }) => {
      await stepper.goto();
      for (const at of ['first', 'middle', 'last'] as const) {
        if (at === 'middle') for (let i = 0; i < 6; i++) await stepper.forwardLine();
        if (at === 'last') await stepper.last();
        const { boxes, rings, problems } = await overflowsOf(page);
        expect(boxes).toBeGreaterThan(3);
        expect(rings).toBeGreaterThan(0);
        expect(problems, `at the ${at} step`).toEqual([]);
      }
    });
  });
}
