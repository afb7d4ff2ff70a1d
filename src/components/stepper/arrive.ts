/**
 * Where a link into the stepper lands: its hash (`#stepper?…`) is no element id, so the browser
 * scrolls nowhere. The stepper's home is brought to the top of the window (unless it is there
 * already) and the stepper takes focus, so its keys work at once. A link is followed once; no
 * step ever scrolls the page.
 */
export function arriveAt(stepper: HTMLElement, home: HTMLElement | null): void {
  const target = home ?? stepper;
  const r = target.getBoundingClientRect();
  if (r.top < 0 || r.top > window.innerHeight * 0.25)
    target.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  stepper.focus({ preventScroll: true });
}
