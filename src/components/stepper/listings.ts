/**
 * The listings the code view shows, as the build highlighted them (the same tokens and palette
 * as the lesson's listings; no highlighter reaches the browser). Read from content/ at build
 * time, never pasted twice.
 */
import { lines } from 'virtual:stepper-listings';
import type { Token } from '../../content/listing-types.ts';
import type { ListingId } from '../../stepper/index.ts';

const of = (id: ListingId): readonly Token[][] => {
  const found = lines[id];
  if (!found) throw new Error(`the build highlighted no listing ${id}`);
  return found;
};

/**
 * The token lines of the listings a stepper run stands on, the batch script and its native twin,
 * 1-based line n at index n - 1; a single-verb listing never reaches the stepper, and has none.
 */
const LISTING_LINES: Partial<Record<ListingId, readonly Token[][]>> = {
  'extend_locks2.lua': of('extend_locks2.lua'),
  'emq_extends.rs': of('emq_extends.rs'),
};

/** The token lines of `id` (none for a listing the stepper never steps). */
export const linesOf = (id: ListingId): readonly Token[][] => LISTING_LINES[id] ?? [];
