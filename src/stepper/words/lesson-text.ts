/**
 * The lesson's batch script as text, read from the build-time token lines the stepper already
 * carries (not a second copy of the file in the page's code). The counterfactuals are edits of
 * this text, and the listing's diff marks are against it.
 */
import { lines } from 'virtual:stepper-listings';

/** The exact text of packages/echomq/lua/extend_locks2.lua (a test holds the two equal). */
export const LESSON_SCRIPT: string = (lines['extend_locks2.lua'] ?? [])
  .map((tokens) => tokens.map(([text]) => text).join('') + '\n')
  .join('');
