// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { glideWhenFree, isGliding, shiftGlide, type Landing } from './glide-hold.ts';

// A scroll box that records what was done to it: the browser's own glide is not in jsdom, so
// the landing's go/stay stand in for scrollTo, and scrollend is fired by the test.
function box() {
  const el = document.createElement('div');
  document.body.append(el);
  const done: string[] = [];
  const landing = (name: string, smooth = true): Landing => ({
    target: el,
    smooth,
    go: () => done.push(`go ${name}`),
    stay: () => done.push(`stay ${name}`),
  });
  return { el, done, landing };
}
const press = () => window.dispatchEvent(new MouseEvent('pointerdown'));
const release = () => window.dispatchEvent(new MouseEvent('pointerup'));
const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));

afterEach(() => {
  release();
  document.body.innerHTML = '';
});

describe('glideWhenFree', () => {
  it('glides at once when no pointer is pressed, and is gliding until scrollend', () => {
    const b = box();
    glideWhenFree(b.landing('a'));
    expect(b.done).toEqual(['go a']);
    expect(isGliding(b.el)).toBe(true);
    b.el.dispatchEvent(new Event('scrollend'));
    expect(isGliding(b.el)).toBe(false);
  });

  it('stops a glide under a press where it is, and takes it up again after the release', async () => {
    const b = box();
    glideWhenFree(b.landing('a'));
    press();
    expect(b.done).toEqual(['go a', 'stay a']);
    expect(isGliding(b.el)).toBe(false);
    release();
    // not within the release: the click it makes comes first
    expect(b.done).toEqual(['go a', 'stay a']);
    await frame();
    expect(b.done).toEqual(['go a', 'stay a', 'go a']);
  });

  it('holds a landing asked for during a press, instant ones too, until the release', async () => {
    const b = box();
    press();
    glideWhenFree(b.landing('a', false));
    expect(b.done).toEqual([]);
    release();
    await frame();
    expect(b.done).toEqual(['go a']);
  });

  it('drops a held landing that a newer one replaced (the step the click took aims anew)', async () => {
    const b = box();
    glideWhenFree(b.landing('old'));
    press();
    release();
    // the click's step lands before the next frame
    glideWhenFree(b.landing('new'));
    await frame();
    expect(b.done).toEqual(['go old', 'stay old', 'go new']);
  });

  it('keeps holding across a second press that comes before the frame', async () => {
    const b = box();
    press();
    glideWhenFree(b.landing('a'));
    release();
    press();
    await frame();
    expect(b.done).toEqual([]);
    release();
    await frame();
    expect(b.done).toEqual(['go a']);
  });
});

describe('shiftGlide', () => {
  // a landing that says whether it is still on its way, and records where it was aimed anew
  const aiming = (b: ReturnType<typeof box>, onItsWay: () => boolean): Landing => ({
    ...b.landing('a'),
    aimBy: (by) => b.done.push(`aim ${by}`),
    arrived: () => !onItsWay(),
  });

  it('aims the glide under way anew, even after a scrollend its own measuring made', () => {
    const b = box();
    glideWhenFree(aiming(b, () => true));
    b.el.dispatchEvent(new Event('scrollend'));
    expect(shiftGlide(b.el, -17)).toBe(true);
    expect(b.done).toEqual(['go a', 'aim -17']);
  });

  it('is gliding until a scrollend that finds it arrived, not one that came before', () => {
    const b = box();
    let onItsWay = true;
    glideWhenFree(aiming(b, () => onItsWay));
    b.el.dispatchEvent(new Event('scrollend'));
    expect(isGliding(b.el)).toBe(true);
    onItsWay = false;
    b.el.dispatchEvent(new Event('scrollend'));
    expect(isGliding(b.el)).toBe(false);
  });

  it('says false with no glide, once the glide has arrived, and after a press stopped it', () => {
    const b = box();
    expect(shiftGlide(b.el, 5)).toBe(false);
    let onItsWay = true;
    glideWhenFree(aiming(b, () => onItsWay));
    onItsWay = false;
    expect(shiftGlide(b.el, 5)).toBe(false);
    onItsWay = true;
    press();
    expect(shiftGlide(b.el, 5)).toBe(false);
    expect(b.done).toEqual(['go a', 'stay a']);
  });
});
