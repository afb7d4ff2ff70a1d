// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepPanelInView, landingWouldWait } from './keep-in-view.ts';

// A stepper with one panel; jsdom has no layout and no glides, so a landing is never held for a
// burst here, and only the learner's own scrolling keeps one from being taken at once.
function page() {
  document.body.innerHTML = `
    <section data-stepper tabindex="0">
      <button type="button">line ›</button>
      <div data-panel="argv"></div>
    </section>`;
  return {
    button: document.querySelector('button')!,
    panel: document.querySelector<HTMLElement>('[data-panel]')!,
  };
}

describe('landingWouldWait', () => {
  afterEach(() => {
    // a command to the stepper ends any scrolling of the learner's that a test left noted
    document
      .querySelector('button')
      ?.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, composed: true }));
    document.body.innerHTML = '';
  });

  it('is false when a landing would be taken at once', () => {
    const { panel } = page();
    expect(landingWouldWait(panel)).toBe(false);
  });

  it('is true while the learner has scrolled themselves, until their next command', () => {
    const { panel, button } = page();
    expect(landingWouldWait(panel)).toBe(false);
    window.dispatchEvent(new WheelEvent('wheel', { deltaY: 40 }));
    // no landing comes until the learner's next command: the panel can wait like any other
    expect(landingWouldWait(panel)).toBe(true);
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, composed: true }));
    expect(landingWouldWait(panel)).toBe(false);
  });

  it("reads no layout once it knows the panel's scroll box", () => {
    // a browser that says when a glide ended, so the answer asks which box the panel scrolls in
    Object.defineProperty(window, 'onscrollend', { value: null, configurable: true });
    try {
      document.body.innerHTML = `
        <section data-stepper tabindex="0">
          <div class="box" style="overflow-y: auto">
            <div class="deck"></div>
            <div data-panel="argv"></div>
          </div>
        </section>`;
      const box = document.querySelector<HTMLElement>('.box')!;
      const panel = document.querySelector<HTMLElement>('[data-panel]')!;
      let reads = 0;
      Object.defineProperty(box, 'scrollHeight', { get: () => (reads++, 900) });
      Object.defineProperty(box, 'clientHeight', { get: () => 300 });
      // a landing finds the box, and checks on each landing that it still scrolls
      keepPanelInView(panel, document.querySelector<HTMLElement>('.deck')!);
      expect(reads).toBeGreaterThan(0);
      reads = 0;
      // asked while the panels render, before the step's own layout: reading scrollHeight
      // then would lay the page out twice in the frame. A step a frame after that landing is in
      // its burst (the box's, not the window's), so a landing now would wait.
      expect(landingWouldWait(panel)).toBe(true);
      expect(reads).toBe(0);
    } finally {
      delete (window as { onscrollend?: unknown }).onscrollend;
    }
  });
});
