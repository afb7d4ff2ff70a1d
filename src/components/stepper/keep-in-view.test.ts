// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { landingWouldWait } from './keep-in-view.ts';

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
});
