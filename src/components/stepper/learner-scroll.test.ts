// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { learnerHasScrolled, watchLearnerScroll } from './learner-scroll.ts';

// A page with a stepper (a button and a text field inside it) and a link outside it.
function page() {
  document.body.innerHTML = `
    <section data-stepper tabindex="0">
      <button type="button">line ›</button>
      <input type="text" aria-label="lease_ms" />
    </section>
    <a href="#x">outside</a>`;
  return {
    button: document.querySelector('button')!,
    field: document.querySelector('input')!,
    outside: document.querySelector('a')!,
  };
}
const command = (el: Element) =>
  el.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, composed: true }));
const key = (el: Element, k: string, taken = false) => {
  const e = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true });
  // a stepper (or a field) that answers the key takes it on the way
  if (taken) el.addEventListener('keydown', (ev) => ev.preventDefault(), { once: true });
  el.dispatchEvent(e);
};

describe('learnerHasScrolled', () => {
  watchLearnerScroll(window);
  beforeEach(() => {
    const { button } = page();
    command(button);
  });

  it('is false after a command to a stepper', () => {
    expect(learnerHasScrolled()).toBe(false);
  });

  it('turns true on the wheel or a finger moving the page, and false again on a command', () => {
    const { button, outside } = page();
    outside.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 120 }));
    expect(learnerHasScrolled()).toBe(true);
    command(button);
    expect(learnerHasScrolled()).toBe(false);
    outside.dispatchEvent(new Event('touchmove', { bubbles: true }));
    expect(learnerHasScrolled()).toBe(true);
  });

  it('counts a scrolling key nobody took, not one the stepper took', () => {
    const { button, outside } = page();
    key(button, ' ', true); // the stepper's Space: play
    expect(learnerHasScrolled()).toBe(false);
    key(button, 'ArrowDown'); // not a stepper key: the page scrolls
    expect(learnerHasScrolled()).toBe(true);
    command(button);
    key(outside, 'PageDown');
    expect(learnerHasScrolled()).toBe(true);
  });

  it('leaves typing alone: a space in a field is no scroll', () => {
    const { field } = page();
    key(field, ' ');
    expect(learnerHasScrolled()).toBe(false);
  });

  it('a pointer outside every stepper is no command', () => {
    const { outside, button } = page();
    outside.dispatchEvent(new WheelEvent('wheel', { bubbles: true }));
    command(outside);
    expect(learnerHasScrolled()).toBe(true);
    command(button);
  });
});
