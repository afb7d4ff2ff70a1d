/**
 * The listings the code view shows, as the build highlighted them (the same tokens and palette
 * as the lesson's listings; no highlighter reaches the browser). Read from content/ at build
 * time, never pasted twice.
 */
import { lines } from 'virtual:stepper-listings';
import type { Token } from '../../content/listing-types.ts';
import type { ListingId } from '../../machines/trace-source.ts';

const of = (id: ListingId): readonly Token[][] => {
  const found = lines[id];
  if (!found) throw new Error(`the build highlighted no listing ${id}`);
  return found;
};

/** Each listing's token lines, 1-based line n at index n - 1. */
export const LISTING_LINES: Record<ListingId, readonly Token[][]> = {
  'extend_locks2.lua': of('extend_locks2.lua'),
  'extend_lock2.lua': of('extend_lock2.lua'),
  'emq_extends.rs': of('emq_extends.rs'),
  'emq_extend.rs': of('emq_extend.rs'),
};

/** The plain text of a token line. */
export const lineText = (tokens: readonly Token[]): string => tokens.map(([t]) => t).join('');
