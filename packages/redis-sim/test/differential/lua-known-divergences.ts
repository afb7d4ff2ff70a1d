/**
 * Where the simulator is known to answer otherwise than a real Redis 7.0.15, named and
 * explained, so the Lua suites hold everything else to exact agreement. A listed case is
 * still run and must still differ: when the simulator learns it, the test fails until the
 * entry is removed, so this list can only shrink honestly.
 */
/** The reasons, declared once. */
export const DIVERGENCE_REASONS: Readonly<Record<string, string>> = {};
export type DivergenceReason = keyof typeof DIVERGENCE_REASONS;

/** Named cases (panel and pinned regressions) that are known to differ, with the reason. */
export const KNOWN_DIVERGENT_CASES: Readonly<Record<string, DivergenceReason>> = {};

/** Name prefixes of panel cases known to differ (cases whose names carry a running text). */
export const KNOWN_DIVERGENT_PREFIXES: ReadonlyArray<[string, DivergenceReason]> = [];

/** Why the named case is expected to differ, or null when it must agree. */
export function knownDivergence(name: string): DivergenceReason | null {
  const named = KNOWN_DIVERGENT_CASES[name];
  if (named) return named;
  return KNOWN_DIVERGENT_PREFIXES.find(([p]) => name.startsWith(p))?.[1] ?? null;
}
