// @vitest-environment jsdom
/**
 * The page's listings follow the stepper's line, but only those near the view are written to.
 * jsdom has no layout and no IntersectionObserver, so the observer is a fake whose reports the
 * test makes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPageLineMarker } from './page-line-marker.ts';

let observers: FakeObserver[] = [];

class FakeObserver {
  readonly targets: Element[] = [];
  constructor(private readonly report: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
  /** The browser's report that `name`'s listing came near the view, or left it. */
  say(name: string, isIntersecting: boolean) {
    const target = this.targets.find((t) => (t as HTMLElement).dataset.listing === name);
    if (!target) throw new Error(`${name} is not observed`);
    this.report(
      [{ target, isIntersecting } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
}

const listing = (name: string, lines: number, anchors = true) =>
  `<figure class="listing" data-listing="${name}"><pre><code>${Array.from(
    { length: lines },
    (_, i) =>
      `<span class="line" data-line="${i + 1}"${anchors ? ` id="L-${name}-${i + 1}"` : ''}>x</span>`,
  ).join('')}</code></pre></figure>`;

const lit = () =>
  [...document.querySelectorAll('.line[aria-current="step"]')].map(
    (el) => `${el.closest('figure')!.getAttribute('data-listing')}:${el.getAttribute('data-line')}`,
  );

beforeEach(() => {
  document.body.innerHTML = `<article class="page-lesson">${listing('extend_locks2', 30)}${listing(
    'emq_extends',
    30,
  )}${listing('extend_locks2', 30, false)}</article>`;
});
afterEach(() => {
  observers = [];
  vi.unstubAllGlobals();
  // the next component file in this worker renders into the same body (vitest.config.ts)
  document.body.replaceChildren();
});

describe('with an IntersectionObserver', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));

  it('lights a listing near the view at once and leaves one off screen alone', () => {
    const marker = createPageLineMarker();
    const [io] = observers;
    io!.say('extend_locks2', true);
    io!.say('emq_extends', false);
    marker.mark('extend_locks2.lua', 7);
    expect(lit()).toEqual(['extend_locks2:7']);
    marker.mark('emq_extends.rs', 4);
    // the Lua listing is on screen: its line goes out; the Rust one is off screen: not written
    expect(lit()).toEqual([]);
  });

  it('brings a listing to the current line when it comes near the view', () => {
    const marker = createPageLineMarker();
    const [io] = observers;
    marker.mark('extend_locks2.lua', 7);
    marker.mark('extend_locks2.lua', 19);
    expect(lit()).toEqual([]);
    io!.say('extend_locks2', true);
    expect(lit()).toEqual(['extend_locks2:19']);
  });

  it('clears a stale line in a listing that comes back into view', () => {
    const marker = createPageLineMarker();
    const [io] = observers;
    io!.say('extend_locks2', true);
    marker.mark('extend_locks2.lua', 7);
    io!.say('extend_locks2', false);
    marker.mark('extend_locks2.lua', 8);
    marker.mark('emq_extends.rs', 3);
    // left where it was while off screen
    expect(lit()).toEqual(['extend_locks2:7']);
    io!.say('extend_locks2', true);
    expect(lit()).toEqual([]);
    io!.say('emq_extends', true);
    expect(lit()).toEqual(['emq_extends:3']);
    marker.mark('emq_extends.rs', null);
    expect(lit()).toEqual([]);
  });

  it('stops following the stepper once disconnected, keeping the marks made', () => {
    const marker = createPageLineMarker();
    const [io] = observers;
    io!.say('extend_locks2', true);
    marker.mark('extend_locks2.lua', 5);
    marker.disconnect();
    marker.mark('extend_locks2.lua', 6);
    expect(lit()).toEqual(['extend_locks2:5']);
  });
});

describe('without an IntersectionObserver', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', undefined));

  it('treats every listing as near and lights only the anchored copy', () => {
    const marker = createPageLineMarker();
    marker.mark('extend_locks2.lua', 12);
    expect(lit()).toEqual(['extend_locks2:12']);
    expect(document.getElementById('L-extend_locks2-12')!.getAttribute('aria-current')).toBe(
      'step',
    );
    marker.mark('emq_extends.rs', 2);
    expect(lit()).toEqual(['emq_extends:2']);
    marker.mark('unknown.lua', 2);
    expect(lit()).toEqual([]);
  });
});
