/** The bench's parts, each with the keys of bench/results.json it writes. */
export const PART_KEYS: Record<string, string[]>;
/** The results to record after a run of the parts `ran`, the `previous` record's for the rest. */
export function mergeResults(
  previous: Record<string, unknown>,
  current: Record<string, unknown>,
  ran: string[],
): Record<string, unknown>;
/** The previous bench/results.json's text as an object, `{}` when there is none yet. */
export function parsePreviousResults(
  text: string | undefined,
  path: string,
): Record<string, unknown>;
