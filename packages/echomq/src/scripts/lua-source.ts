import batchSource from '../../lua/extend_locks2.lua?raw';
import singleSource from '../../lua/extend_lock2.lua?raw';

/** The batch script's exact file text, the single source the lesson shows and the tests load. */
export const BATCH_SOURCE: string = batchSource;
/** The single script's exact file text. */
export const SINGLE_SOURCE: string = singleSource;

/**
 * The 1-based line of the one line in `source` that contains `needle`. Throws
 * when no line or several lines contain it, so a model never points at a line
 * the listing does not have.
 */
export function lineOf(source: string, needle: string): number {
  const lines = source.split('\n');
  const hits: number[] = [];
  lines.forEach((text, i) => {
    if (text.includes(needle)) hits.push(i + 1);
  });
  if (hits.length === 0) throw new Error(`lineOf: ${JSON.stringify(needle)} is not in the listing`);
  if (hits.length > 1) {
    throw new Error(
      `lineOf: ${JSON.stringify(needle)} is on lines ${hits.join(', ')}; be more specific`,
    );
  }
  return hits[0] as number;
}
