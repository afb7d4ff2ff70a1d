/**
 * The arithmetic behind Lua 5.1's tables (ltable.c, lstring.c, lobject.c as
 * bundled in Redis 7.0.15), kept apart from the table itself so each piece can
 * be tested on its own. Every function here depends only on its arguments.
 */

/** Largest array part Lua 5.1 counts keys for: 2^MAXBITS with MAXBITS = 26. */
export const MAXBITS = 26;
/** 2^MAXBITS. */
export const MAXASIZE = 1 << MAXBITS;

/**
 * `luaS_hash` as Redis 7.0 patched it (redis#9449 hashes every byte, where
 * stock 5.1 skips bytes of long strings; the seed is still the length).
 * The string holds one byte per char.
 */
export function stringHash(s: string): number {
  let h = s.length >>> 0;
  for (let i = s.length - 1; i >= 0; i--) {
    // the sum wraps at 2^32 in C; `^` reduces it modulo 2^32 here
    h = (h ^ ((h << 5) + (h >>> 2) + s.charCodeAt(i))) >>> 0;
  }
  return h;
}

const scratch = new DataView(new ArrayBuffer(8));

/**
 * The 32-bit sum `hashnum` folds a double into: its two 32-bit words as the
 * x86-64 memory holds them (low word first), added with wrap-around. The
 * caller treats 0 and -0 specially, as ltable.c does, before calling this.
 */
export function numberHash(n: number): number {
  scratch.setFloat64(0, n, true);
  return (scratch.getUint32(0, true) + scratch.getUint32(4, true)) >>> 0;
}

/** `ceil(log2(x))` for x ≥ 1, as ltable.c's `ceillog2` (0 for 1, 1 for 2, 2 for 3 and 4). */
export function ceilLog2(x: number): number {
  return x <= 1 ? 0 : 32 - Math.clz32(x - 1);
}

/**
 * `arrayindex`: the key as a C int when it is a number with an integral value
 * that fits one, else -1. On x86-64, `(int)d` of an out-of-range double gives
 * INT_MIN, which only compares equal back for -2^31 itself: the int32 test
 * below is the same rule (and reads -0 as 0, as `luai_numeq` does).
 */
export function arrayIndex(key: unknown): number {
  if (typeof key === 'number' && (key | 0) === key) return key | 0;
  return -1;
}

/** `luaO_int2fb`: a count as the "floating point byte" OP_NEWTABLE stores its size hints in. */
export function int2fb(x: number): number {
  let e = 0;
  let v = x >>> 0;
  while (v >= 16) {
    v = (v + 1) >>> 1;
    e++;
  }
  return v < 8 ? v : ((e + 1) << 3) | (v - 8);
}

/** `luaO_fb2int`: the size a floating point byte stands for. */
export function fb2int(x: number): number {
  const e = (x >> 3) & 31;
  return e === 0 ? x : ((x & 7) + 8) * 2 ** (e - 1);
}
