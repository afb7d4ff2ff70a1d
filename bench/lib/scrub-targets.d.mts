/** `count` steps spread over a run of `n` steps, each far from the one before. */
export function scrubTargets(n: number, count: number): number[];
/** How many steps the page's first stepper has (its timeline's max). */
export function timelineLength(page: unknown): Promise<number>;
