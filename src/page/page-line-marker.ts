/**
 * Lights, in the page's own listings, the line the stepper stands on, writing only to the
 * listings the learner can see.
 *
 * The page's listings are static HTML far from the stepper. Marking a line in one of them
 * repaints the lesson section that holds it: about a millisecond of paint on every step of a
 * scrub, for a listing that is usually off screen. So a listing off screen keeps whatever it
 * showed, and is brought to the stepper's line when it comes near the view; a listing on screen
 * follows every step.
 */
import { lineId, listingManifest, type ListingName } from '../../content/listing-manifest.ts';

/** The stepper names a listing by its file; the page anchors it by its manifest name. */
const PAGE_LISTING: ReadonlyMap<string, ListingName> = new Map(
  listingManifest.map((l) => [l.file.slice(l.file.lastIndexOf('/') + 1), l.name]),
);

// Brought up to date a little before it shows, so a learner scrolling to a listing does not
// see the old line for a frame.
const NEAR = '160px 0px';

const LIT = '.line[aria-current="step"]';

/** What the stepper asks the page to light: a line of a listing, or nothing. */
export interface PageLineMarker {
  /** The stepper stands on `line` (1-based) of `listing` (its file name), or on no line. */
  mark(listing: string, line: number | null): void;
  /** Stops watching the listings; marks already made stay. */
  disconnect(): void;
}

/**
 * Watches the page's listings (`.page-lesson figure[data-listing]`) and keeps the ones near the
 * view lit at the stepper's line. Without IntersectionObserver every listing is treated as near.
 */
export function createPageLineMarker(doc: Document = document): PageLineMarker {
  const figures = [...doc.querySelectorAll<HTMLElement>('.page-lesson figure[data-listing]')];
  const near = new Set<HTMLElement>();
  let want: { name: ListingName; line: number } | null = null;

  // a listing shows the wanted line if it is the wanted listing, and no line otherwise; only
  // anchored lines (the listing's first copy on the page) are lit, as their ids are page-wide
  const sync = (fig: HTMLElement) => {
    const target =
      want && fig.dataset.listing === want.name
        ? doc.getElementById(lineId(want.name, want.line))
        : null;
    const on = target && fig.contains(target) ? target : null;
    for (const el of fig.querySelectorAll(LIT)) if (el !== on) el.removeAttribute('aria-current');
    if (on && on.getAttribute('aria-current') !== 'step') on.setAttribute('aria-current', 'step');
  };

  const io =
    typeof IntersectionObserver !== 'undefined'
      ? new IntersectionObserver(
          (entries) => {
            for (const e of entries) {
              const fig = e.target as HTMLElement;
              if (!e.isIntersecting) {
                near.delete(fig);
                continue;
              }
              near.add(fig);
              sync(fig);
            }
          },
          { rootMargin: NEAR },
        )
      : null;
  for (const fig of figures) {
    if (io) io.observe(fig);
    else near.add(fig);
  }

  return {
    mark(listing, line) {
      const name = PAGE_LISTING.get(listing);
      want = name && line !== null ? { name, line } : null;
      for (const fig of near) sync(fig);
    },
    disconnect() {
      io?.disconnect();
      near.clear();
    },
  };
}
