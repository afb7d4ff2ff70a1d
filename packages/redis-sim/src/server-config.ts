/**
 * The configuration the simulator models: `maxmemory` and `maxmemory-policy`, what CONFIG GET
 * and CONFIG SET read and write (commands/config.ts). A real server's `maxmemory` is 0 (no
 * limit) unless configured; the simulator's starts at a limit of its own, as a server
 * configured with `maxmemory 64mb` would, so a keyspace filled in a browser tab meets the
 * real server's OOM answer long before the tab runs out of memory.
 */

/** The `maxmemory` a simulated server starts with (and comes back with after SHUTDOWN): 64 MB. */
export const DEFAULT_MAXMEMORY = 64 * 1024 * 1024;
/** The largest `maxmemory` CONFIG SET accepts here: 256 MB (a real server takes any, 0 for none). */
export const MAXMEMORY_CEILING = 256 * 1024 * 1024;
/**
 * The estimate past which nothing may add to the keyspace, whatever `maxmemory` says: a script
 * that started under `maxmemory` may write past it on a real server (the check is only before
 * its first write), and here it may too, up to this much, where the simulator stops it.
 */
export const KEYSPACE_CEILING = 2 * MAXMEMORY_CEILING;

/** maxmemory-policy's values, in the order 7.0.15's error lists them. */
export const MAXMEMORY_POLICIES = [
  'volatile-lru',
  'volatile-lfu',
  'volatile-random',
  'volatile-ttl',
  'allkeys-lru',
  'allkeys-lfu',
  'allkeys-random',
  'noeviction',
] as const;

/** The parameters a server holds (mutable: CONFIG SET writes them). */
export interface ServerConfig {
  /** bytes of the memory estimate past which denyoom commands are refused */
  maxmemory: number;
  /** always `noeviction`: the only policy modelled (the simulator never evicts) */
  maxmemoryPolicy: 'noeviction';
}

/** A server's configuration at start. */
export function defaultConfig(): ServerConfig {
  return { maxmemory: DEFAULT_MAXMEMORY, maxmemoryPolicy: 'noeviction' };
}

const UNITS: Record<string, bigint> = {
  '': 1n,
  b: 1n,
  k: 1000n,
  kb: 1024n,
  m: 1000n * 1000n,
  mb: 1024n * 1024n,
  g: 1000n * 1000n * 1000n,
  gb: 1024n * 1024n * 1024n,
};
const ULLONG_MAX = 2n ** 64n - 1n;

/**
 * A memory value as 7.0.15's memtoull reads it: digits then an optional unit (b, k, kb, m, mb,
 * g, gb in any case; k is 1000, kb 1024), saturating at 2^64-1 as strtoull does and wrapping
 * when the unit multiplies past it; null when it is not one.
 */
export function parseMemoryValue(text: string): bigint | null {
  const m = /^([0-9]*)(.*)$/s.exec(text);
  const digits = m?.[1] ?? '';
  const unit = UNITS[(m?.[2] ?? '').toLowerCase()];
  if (unit === undefined || digits.length >= 128) return null;
  const value = digits === '' ? 0n : BigInt(digits);
  return ((value > ULLONG_MAX ? ULLONG_MAX : value) * unit) % 2n ** 64n;
}
