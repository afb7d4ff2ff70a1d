/**
 * The listings the code view shows, read from content/ at build time (never pasted twice).
 * Plain text until the page hands the stepper its build-time highlighted lines.
 */
import extendLocks2 from '../../../content/scripts/extend_locks2.lua?raw';
import extendLock2 from '../../../content/scripts/extend_lock2.lua?raw';
import emqExtends from '../../../content/native/emq_extends.rs?raw';
import emqExtend from '../../../content/native/emq_extend.rs?raw';
import type { ListingId } from '../../machines/trace-source.ts';

const split = (text: string) => text.replace(/\n$/, '').split('\n');

/** Each listing's lines, 1-based line n at index n - 1. */
export const LISTING_LINES: Record<ListingId, readonly string[]> = {
  'extend_locks2.lua': split(extendLocks2),
  'extend_lock2.lua': split(extendLock2),
  'emq_extends.rs': split(emqExtends),
  'emq_extend.rs': split(emqExtend),
};
