// A partial bench run (`--only=…` or `--no-…`) measures some parts; bench/results.json and the
// performance doc's figures are read as one record of every part, so the parts it did not run
// keep the figures they last recorded instead of vanishing from the file.

/** The bench's parts, each with the keys of bench/results.json it writes. */
export const PART_KEYS = {
  bytes: ['bytes', 'luaEngine'],
  lighthouse: ['lighthouse'],
  interaction: ['interaction'],
  engine: ['engine', 'traceMemory', 'loadToLastNode', 'selectors'],
  parse: ['luaParse'],
  limits: ['limits'],
};

/**
 * The results to record after a run of the parts `ran`: this run's figures for those parts
 * (and its date and Node), the `previous` record's for every other part. A key no part owns
 * is the run's own, so a full run leaves nothing stale behind.
 */
export function mergeResults(previous, current, ran) {
  const kept = {};
  for (const [part, keys] of Object.entries(PART_KEYS)) {
    if (ran.includes(part)) continue;
    for (const key of keys) if (previous && key in previous) kept[key] = previous[key];
  }
  return { ...kept, ...current };
}

/** The previous bench/results.json's text as an object, `{}` when there is none yet. */
export function parsePreviousResults(text, path) {
  if (text === undefined) return {};
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
  } catch {
    // reported below with the file's name
  }
  throw new Error(
    `${path} is not a JSON object, so the parts this run skips would lose their figures: fix or remove it, or run every part`,
  );
}
