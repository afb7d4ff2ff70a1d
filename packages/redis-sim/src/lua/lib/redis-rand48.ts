/**
 * Redis's own `lrand48` (src/rand.c): the 48-bit linear congruential generator
 * x' = (0x5DEECE66D·x + 0xB) mod 2^48, starting from 0x1234ABCD330E, so that
 * `math.random` gives the same sequence on every platform.
 *
 * Redis 7.0 keeps one generator for the whole server process: it is never
 * reseeded between scripts (only `math.randomseed` seeds it), so each EVAL
 * continues the sequence where the previous one stopped. The simulator keeps
 * one instance per simulated server for the same reason.
 */
const MULTIPLIER = 0x5deece66dn;
const INCREMENT = 0xbn;
const MASK = (1n << 48n) - 1n;
const INITIAL = 0x1234abcd330en;

/** Redis's `redisLrand48`: the deterministic generator behind `math.random` in scripts. */
export class RedisRand48 {
  private x = INITIAL;

  /** redisLrand48: the next value, 0 … 2^31 - 1 (the top 31 bits of the state). */
  next(): number {
    this.x = (MULTIPLIER * this.x + INCREMENT) & MASK;
    return Number(this.x >> 17n);
  }

  /** redisSrand48: the state becomes the seed's 32 bits above 0x330E. */
  seed(seed: number): void {
    this.x = (BigInt.asUintN(32, BigInt(seed)) << 16n) | 0x330en;
  }
}
