/**
 * Redis's pqsort.c (NetBSD's qsort, cut short outside a range): what SORT … BY … LIMIT sorts
 * with. It is not stable, so where the comparison ties (ALPHA by equal or missing values) the
 * order it leaves is its own; it is ported step for step so the simulator leaves the same one.
 */

type Compare<T> = (a: T, b: T) => number;

/** Sorts `v` so that at least the positions `lrange`..`rrange` hold what a full sort puts there. */
export function pqsort<T>(v: T[], cmp: Compare<T>, lrange: number, rrange: number): void {
  sortPart(v, 0, v.length, cmp, lrange, rrange);
}

function sortPart<T>(v: T[], base: number, n: number, cmp: Compare<T>, L: number, R: number) {
  const swap = (i: number, j: number) => {
    const t = v[i]!;
    v[i] = v[j]!;
    v[j] = t;
  };
  const vecswap = (i: number, j: number, k: number) => {
    for (let x = 0; x < k; x++) swap(i + x, j + x);
  };
  const med3 = (a: number, b: number, c: number) =>
    cmp(v[a]!, v[b]!) < 0
      ? cmp(v[b]!, v[c]!) < 0
        ? b
        : cmp(v[a]!, v[c]!) < 0
          ? c
          : a
      : cmp(v[b]!, v[c]!) > 0
        ? b
        : cmp(v[a]!, v[c]!) < 0
          ? a
          : c;
  // the part [lo, hi] holds none of the wanted range: no need to sort it
  const outside = (lo: number, hi: number) => (L < lo && R < lo) || (L > hi && R > hi);
  for (;;) {
    if (n < 7) {
      for (let pm = base + 1; pm < base + n; pm++)
        for (let pl = pm; pl > base && cmp(v[pl - 1]!, v[pl]!) > 0; pl--) swap(pl, pl - 1);
      return;
    }
    let pm = base + Math.floor(n / 2);
    if (n > 7) {
      let pl = base;
      let pn = base + n - 1;
      if (n > 40) {
        const d = Math.floor(n / 8);
        pl = med3(pl, pl + d, pl + 2 * d);
        pm = med3(pm - d, pm, pm + d);
        pn = med3(pn - 2 * d, pn - d, pn);
      }
      pm = med3(pl, pm, pn);
    }
    swap(base, pm);
    let pa = base + 1;
    let pb = pa;
    let pc = base + n - 1;
    let pd = pc;
    for (;;) {
      let c = 0;
      while (pb <= pc && (c = cmp(v[pb]!, v[base]!)) <= 0) {
        if (c === 0) swap(pa++, pb);
        pb++;
      }
      while (pb <= pc && (c = cmp(v[pc]!, v[base]!)) >= 0) {
        if (c === 0) swap(pc, pd--);
        pc--;
      }
      if (pb > pc) break;
      swap(pb++, pc--);
    }
    const pn = base + n;
    let r = Math.min(pa - base, pb - pa);
    vecswap(base, pb - r, r);
    r = Math.min(pd - pc, pn - pd - 1);
    vecswap(pb, pn - r, r);
    r = pb - pa;
    if (r > 1 && !outside(base, base + r - 1)) sortPart(v, base, r, cmp, L, R);
    r = pd - pc;
    if (r <= 1) return;
    // iterate rather than recurse, as the C does
    base = pn - r;
    n = r;
    if (outside(base, base + r - 1)) return;
  }
}
