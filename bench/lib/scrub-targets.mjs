// The steps a scrub of the timeline visits, the same in every walk that scrubs (the timed
// scrub, its DOM-mutation count, the profiler's trace, the selectors' cost in Node), so their
// figures describe one walk: jumps spread over the whole run, far apart as a dragged thumb's.

/** `count` steps spread over a run of `n` steps, each far from the one before. */
export const scrubTargets = (n, count) =>
  Array.from({ length: count }, (_, i) => Math.floor(((((i + 1) * 7919) % 1009) / 1009) * n));

/** How many steps the page's first stepper has (its timeline's max). */
export const timelineLength = (page) =>
  page.evaluate(() => Number(document.querySelector('[data-stepper] input[type=range]').max));
