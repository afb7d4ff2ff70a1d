// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchMovedClicks } from './moved-clicks.ts';

// jsdom has no layout: a "moved" button is one whose press and release land on different
// elements, as they do when the page slides under a still pointer.
function page() {
  document.body.innerHTML = `
    <section data-stepper>
      <button type="button" id="forward">line ›</button>
      <p id="below">narration</p>
    </section>
    <button type="button" id="outside">outside</button>`;
  const clicks: string[] = [];
  for (const id of ['forward', 'outside'])
    document.getElementById(id)!.addEventListener('click', () => clicks.push(id));
  return { clicks, el: (id: string) => document.getElementById(id)! };
}
const pointer = (type: string, el: Element, x: number, y: number, pointerType = 'mouse') =>
  el.dispatchEvent(
    Object.assign(new MouseEvent(type, { bubbles: true, composed: true, clientX: x, clientY: y }), {
      pointerType,
    }),
  );
const task = () => new Promise((r) => setTimeout(r, 5));

describe('watchMovedClicks', () => {
  watchMovedClicks(window);
  let p: ReturnType<typeof page>;
  beforeEach(() => {
    p = page();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('clicks a stepper button pressed and released at one spot the page moved it from', async () => {
    pointer('pointerdown', p.el('forward'), 40, 40);
    pointer('pointerup', p.el('below'), 40, 40);
    await task();
    expect(p.clicks).toEqual(['forward']);
  });

  it('adds nothing when the browser clicked the button itself', async () => {
    pointer('pointerdown', p.el('forward'), 40, 40);
    pointer('pointerup', p.el('forward'), 40, 40);
    p.el('forward').click();
    await task();
    expect(p.clicks).toEqual(['forward']);
  });

  it('leaves a press the pointer moved away from before its release (taken back)', async () => {
    pointer('pointerdown', p.el('forward'), 40, 40);
    pointer('pointerup', p.el('below'), 40, 90);
    await task();
    expect(p.clicks).toEqual([]);
  });

  it('leaves buttons outside a stepper, disabled buttons and touches alone', async () => {
    pointer('pointerdown', p.el('outside'), 40, 40);
    pointer('pointerup', p.el('below'), 40, 40);
    (p.el('forward') as HTMLButtonElement).disabled = true;
    pointer('pointerdown', p.el('forward'), 40, 40);
    pointer('pointerup', p.el('below'), 40, 40);
    (p.el('forward') as HTMLButtonElement).disabled = false;
    pointer('pointerdown', p.el('forward'), 40, 40, 'touch');
    pointer('pointerup', p.el('below'), 40, 40, 'touch');
    await task();
    expect(p.clicks).toEqual([]);
  });
});
