/**
 * Where the simulator is known to answer otherwise than a real Redis 7.0.15, named and
 * explained, so the Lua suites hold everything else to exact agreement. A listed case is
 * still run and must still differ: when the simulator learns it, the test fails until the
 * entry is removed, so this list can only shrink honestly.
 */
import type { LuaOutcome } from './lua-compare.ts';

/** The reasons, declared once. */
export const DIVERGENCE_REASONS = {
  bytes:
    'the simulated keyspace and replies hold Unicode text, not bytes: a string that is not ' +
    'valid UTF-8 (string.char(200), cmsgpack/struct output, half of a multi-byte character) ' +
    'becomes U+FFFD where a real server keeps its bytes',
  resp3: 'redis.setresp(3) is refused: the simulator speaks RESP2 only',
  coroutines: 'the coroutine library is not implemented',
} as const;
export type DivergenceReason = keyof typeof DIVERGENCE_REASONS;

/** Named cases (panel and pinned regressions) that are known to differ, with the reason. */
export const KNOWN_DIVERGENT_CASES: Readonly<Record<string, DivergenceReason>> = {
  'replies: return string.char(200, 255, 0)': 'bytes',
  'cmsgpack: return cmsgpack.pack({1, 2, {a = 1}})': 'bytes',
  'cmsgpack: return cmsgpack.pack("abc")': 'bytes',
  'cmsgpack: return cmsgpack.pack(1.5)': 'bytes',
  'cmsgpack: return cmsgpack.pack(-1, 127, 128, 65536, 2^40)': 'bytes',
  'cmsgpack: return cmsgpack.pack(nil, true, false)': 'bytes',
  'struct: return struct.pack("<h B", -2, 200)': 'bytes',
  'a reply that is not UTF-8 is sent as its bytes': 'bytes',
};

/** Name prefixes of panel cases known to differ (cases whose names carry a running text). */
export const KNOWN_DIVERGENT_PREFIXES: ReadonlyArray<[string, DivergenceReason]> = [
  ['redis library: redis.setresp(3)', 'resp3'],
  ['base library: local co = coroutine.', 'coroutines'],
];

/** Why the named case is expected to differ, or null when it must agree. */
export function knownDivergence(name: string): DivergenceReason | null {
  const named = KNOWN_DIVERGENT_CASES[name];
  if (named) return named;
  return KNOWN_DIVERGENT_PREFIXES.find(([p]) => name.startsWith(p))?.[1] ?? null;
}

/** True when the real server's side of a run holds a string that is not UTF-8. */
export function realSideHasBytes(o: LuaOutcome): boolean {
  // replies mark such a string as {bytes: hex}, keyspace dumps as \ufffdbytes:hex\ufffd
  const text = JSON.stringify(o.real);
  return text.includes('"bytes"') || text.includes('\u{FFFD}bytes:');
}
