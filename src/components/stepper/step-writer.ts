/**
 * Writes what every step changes in the places that show it, outside React's render: the step
 * counter and the timeline's thumb with its words, the narration, and the listing's lit line with
 * its label. React renders those places
 * when the run changes (and for the prerendered page); between, a step is a handful of writes
 * here, as the page's own listings are lit (`src/page/page-line-marker.ts`), instead of React
 * rendering and diffing the controls, the narration and the listing on every step. The values
 * come from the same selectors React renders from (`narrate`, `selectStep`), so the two can never
 * disagree; each write is made only where the value changed.
 */
import { narrate, selectStep, type Narration, type RunIndex } from '../../stepper/index.ts';
import { isolatedParts } from '../isolated-parts.ts';

/** The places a step writes to (any may be absent: a phone's closed tab, a test's bare view). */
export interface StepPlaces {
  /** the step counter's element; its one text node is rewritten */
  counter: HTMLElement | null;
  /** the timeline's range input: its value and `aria-valuetext` */
  timeline: HTMLInputElement | null;
  /**
   * the narration's live region, holding the paragraphs `[data-part=member|failed|detail]` in a
   * block whose children the writer replaces (never React's own nodes)
   */
  narration: HTMLElement | null;
  /** the listing's `<pre>`, its lines `[data-line]` */
  code: HTMLElement | null;
}

/** What the writer says in those places, given by the components that render them. */
export interface StepWords {
  /** the counter's (and the timeline's) words at step k of n */
  position: (k: number, n: number) => string;
  /** the listing's accessible name, standing on `line` */
  codeLabel: (line: number | null) => string;
  /** the class of the lit line */
  litClass: string;
}

/** The narration's three paragraphs, by the part of `Narration` each shows. */
export const NARRATION_PARTS = ['member', 'failed', 'detail'] as const;

/** A run's writer: `write(k)` brings the places to step k; `stop()` drops its measures. */
export interface StepWriter {
  write(k: number): void;
  stop(): void;
}

/**
 * A writer for one run. `shownK` is the step React rendered the places at, so the first write
 * of a step already shown writes nothing. It only writes: the one layout read (is the lit line
 * inside its box?) waits for the next frame, after React has written the rest of the step, so a
 * step is still laid out once; and it is made only while the listing is longer than its box.
 */
export function stepWriter(
  places: StepPlaces,
  ix: RunIndex,
  shownK: number,
  words: StepWords,
): StepWriter {
  let k0 = shownK;
  let frame: number | null = null;
  let said: Narration = narrate(ix, shownK);
  let line = selectStep(ix, shownK)?.line ?? null;
  let placed = false;
  const measure = () => {
    frame = null;
    const lit = places.code?.querySelector<HTMLElement>('[data-line][aria-current]');
    if (places.code && lit) keepInBox(places.code, lit);
  };
  // Whether the listing is longer than its box, told by a ResizeObserver on the box and on the
  // lines (a lit line wraps where it is wider than the box), whose answer comes after layout, so
  // reading it there costs nothing; null until it first answers (or where there is none). A
  // listing that fits asks for no frame on a step: asked for after the step's writes, that frame
  // was about a third of the writer's time (0.3–0.5 ms at 1×).
  let overflows: boolean | null = null;
  const code = places.code;
  const sizes =
    code && typeof ResizeObserver !== 'undefined'
      ? new ResizeObserver(() => {
          overflows = code.scrollHeight > code.clientHeight;
          // a box that shrank, or a tab shown again, keeps the lit line in view
          if (overflows) measure();
        })
      : null;
  if (sizes && code) {
    sizes.observe(code);
    if (code.firstElementChild) sizes.observe(code.firstElementChild);
  }
  const stop = () => {
    if (frame !== null) cancelAnimationFrame(frame);
    frame = null;
    sizes?.disconnect();
  };
  const write = (k: number) => {
    const first = !placed;
    placed = true;
    if (k === k0 && !first) return;
    k0 = k;
    const position = words.position(k, ix.n);
    if (places.counter) setText(places.counter, position);
    const timeline = places.timeline;
    if (timeline) {
      if (timeline.value !== String(k)) timeline.value = String(k);
      if (timeline.getAttribute('aria-valuetext') !== position)
        timeline.setAttribute('aria-valuetext', position);
    }
    const now = narrate(ix, k);
    if (places.narration) {
      // words the learner scrolled down to read (a box shorter than a what-if's step) belong to
      // the step before: the new step's are read from their start (use-more-below.ts marks it)
      if (places.narration.hasAttribute('data-scrolled')) places.narration.scrollTop = 0;
      // From the first part whose words changed, every paragraph is made anew: a paragraph
      // below a line that grew or shrank would otherwise be the same box moved (a layout shift
      // at each of the walk's members), where a new one is the step's words put in place. A
      // step's detail is new whenever the lines above it change, so no words the learner is
      // reading are moved; the paragraphs above the first change are left as they stand.
      const first = NARRATION_PARTS.findIndex((part) => now[part] !== said[part]);
      if (first >= 0)
        for (const part of NARRATION_PARTS.slice(first)) {
          const p = places.narration.querySelector<HTMLElement>(`[data-part="${part}"]`);
          if (p) p.replaceWith(isolatedParagraph(p, now[part]));
        }
    }
    said = now;
    const at = selectStep(ix, k)?.line ?? null;
    const moved = at !== line;
    line = at;
    if (!code || (!moved && !first)) return;
    const lit = light(code, at, words.litClass);
    const label = words.codeLabel(at);
    if (code.getAttribute('aria-label') !== label) code.setAttribute('aria-label', label);
    if (lit && frame === null && overflows !== false) frame = requestAnimationFrame(measure);
  };
  return { write, stop };
}

/** Rewrites an element's one text node (React's own, so React's later writes still land). */
function setText(el: HTMLElement, text: string): void {
  const node = el.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (el.textContent !== text) el.textContent = text;
}

/**
 * A new narration paragraph in the place of `was` (its class and part): hidden when empty, else
 * its text with each chosen part in a `<bdi>`, as `IsolatedText` renders it (one reading:
 * `isolatedParts`).
 */
function isolatedParagraph(was: HTMLElement, text: string | null): HTMLElement {
  const p = was.cloneNode(false) as HTMLElement;
  p.hidden = !text;
  const nodes = isolatedParts(text ?? '').map((part) => {
    if (typeof part === 'string') return p.ownerDocument.createTextNode(part);
    const bdi = p.ownerDocument.createElement('bdi');
    bdi.textContent = part.bdi;
    return bdi;
  });
  p.replaceChildren(...nodes);
  return p;
}

/** Lights line `at` (1-based) of a listing, and no other; the lit line, if any. */
function light(code: HTMLElement, at: number | null, litClass: string): HTMLElement | null {
  const want = at === null ? null : code.querySelector<HTMLElement>(`[data-line="${at}"]`);
  for (const el of code.querySelectorAll<HTMLElement>('[data-line][aria-current]')) {
    if (el === want) continue;
    el.removeAttribute('aria-current');
    el.classList.remove(litClass);
  }
  if (want && want.getAttribute('aria-current') !== 'step') {
    want.setAttribute('aria-current', 'step');
    want.classList.add(litClass);
  }
  return want;
}

/**
 * A script longer than its box scrolls inside it, and the lit line is kept in that box (the
 * box's own offset only: never the page's, never the stage's), as it reads lit: its copy
 * wrapped over the rows below (CodeView's `lit-copy`), which may be taller than its one row.
 * The lesson's scripts fit whole, so for them this reads the layout and writes nothing.
 */
function keepInBox(box: HTMLElement, lit: HTMLElement): void {
  if (box.scrollHeight <= box.clientHeight) return;
  const top = lit.offsetTop - box.offsetTop;
  const pad = lit.offsetHeight; // one line of context above and below
  const copy = lit.querySelector<HTMLElement>('[data-part="lit-copy"]');
  const tall = Math.max(pad, copy?.offsetHeight ?? 0);
  if (top - pad < box.scrollTop) box.scrollTop = Math.max(0, top - pad);
  else if (top + tall + pad > box.scrollTop + box.clientHeight)
    box.scrollTop = top + tall + pad - box.clientHeight;
}
