/**
 * cosh, sinh, tanh and log10 by the classic fdlibm formulas that glibc's dbl-64
 * versions keep, evaluated on this engine's correctly rounded exp and log
 * (where glibc calls its own, nearly correctly rounded, exp and log) and
 * the JS engine's expm1 (an fdlibm port, like glibc's). The JS engine's own
 * cosh/sinh/log10 use fdlibm's less exact exp and log underneath, which is
 * where they part from glibc's.
 */
import { exactExp, exactLog } from './libm-exact.ts';

/** A double from its high and low 32-bit words. */
function fromWords(hi: number, lo: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, hi);
  view.setUint32(4, lo);
  return view.getFloat64(0);
}

/** The high word's threshold as a value: |x| < it ⇔ highword(|x|) < hi. */
const below = (hi: number) => fromWords(hi, 0);

const HALF_LN2 = below(0x3fd62e43);
const LOG_MAX = below(0x40862e42);
const OVERFLOW = fromWords(0x408633ce, 0x8fb9f87d);

/** cosh(x) for a finite or infinite x. */
export function fdlibmCosh(x: number): number {
  const a = Math.abs(x);
  if (Number.isNaN(x)) return x;
  if (a < 22) {
    if (a < HALF_LN2) {
      if (a < 2 ** -55) return 1;
      const t = Math.expm1(a);
      const w = 1 + t;
      return 1 + (t * t) / (w + w);
    }
    const t = exactExp(a);
    return 0.5 * t + 0.5 / t;
  }
  if (a < LOG_MAX) return 0.5 * exactExp(a);
  if (a <= OVERFLOW) {
    const w = exactExp(0.5 * a);
    const t = 0.5 * w;
    return t * w;
  }
  return Infinity;
}

/** sinh(x) for a finite or infinite x. */
export function fdlibmSinh(x: number): number {
  if (Number.isNaN(x) || !Number.isFinite(x)) return x;
  const a = Math.abs(x);
  const h = x < 0 ? -0.5 : 0.5;
  if (a < 22) {
    if (a < 2 ** -28) return x;
    const t = Math.expm1(a);
    if (a < 1) return h * (2 * t - (t * t) / (t + 1));
    return h * (t + t / (t + 1));
  }
  if (a < LOG_MAX) return h * exactExp(a);
  if (a <= OVERFLOW) {
    const w = exactExp(0.5 * a);
    const t = h * w;
    return t * w;
  }
  return x * Infinity;
}

const IVLN10 = fromWords(0x3fdbcb7b, 0x1526e50e);
const LOG10_2HI = fromWords(0x3fd34413, 0x509f6000);
const LOG10_2LO = fromWords(0x3d59fef3, 0x11f12b36);

/** log10(x) for a finite x > 0. */
export function fdlibmLog10(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  let k = 0;
  if (x < 2 ** -1022) {
    k -= 54;
    x *= 2 ** 54;
  }
  view.setFloat64(0, x);
  const hx = view.getUint32(0);
  k += (hx >>> 20) - 1023;
  const i = k < 0 ? 1 : 0;
  // x's mantissa with exponent 0 (or -1 when k < 0): log10 x = y·log10 2 + log10 of it
  view.setUint32(0, (hx & 0x000fffff) | ((0x3ff - i) << 20));
  const y = k + i;
  const z = y * LOG10_2LO + IVLN10 * logOf(view.getFloat64(0));
  return z + y * LOG10_2HI;
}

function logOf(m: number): number {
  return m === 1 ? 0 : exactLog(m);
}

/** tanh(x) by fdlibm's formula on expm1 (the JS engine's own returns x early for small x). */
export function fdlibmTanh(x: number): number {
  if (Number.isNaN(x)) return x;
  const a = Math.abs(x);
  let z: number;
  if (a < 22) {
    if (a < 2 ** -55) return x * (1 + x);
    if (a >= 1) {
      const t = Math.expm1(2 * a);
      z = 1 - 2 / (t + 2);
    } else {
      const t = Math.expm1(-2 * a);
      z = -t / (t + 2);
    }
  } else {
    z = 1;
  }
  return x >= 0 ? z : -z;
}
