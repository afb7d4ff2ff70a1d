/**
 * The register accounting of Lua 5.1's code generator (`lcode.c`), and only
 * that: no instructions are made. A real server refuses a script whose
 * function needs 250 registers or more ("function or expression too complex",
 * e.g. a call with 250 arguments), at the exact token where the generator
 * reserves the 250th; to fail at the same token the parser replays every
 * register move the generator makes, through an expression descriptor that
 * mirrors `expdesc` (its kind, register, constant index, whether it carries
 * jumps). Constants matter too: one past index 255 no longer fits an
 * instruction's operand and goes through a register.
 */
import { LuaSyntaxError } from './lexer.ts';

/** `expkind`, the kinds `lcode.c` tells apart. */
export const enum K {
  VOID,
  NIL,
  TRUE,
  FALSE,
  K, // a constant, `info` its index
  KNUM, // a number not yet a constant, `nval`
  LOCAL, // `info` its register
  UPVAL,
  GLOBAL,
  INDEXED, // `info` the table's register, `aux` the key's RK
  JMP,
  RELOCABLE, // an instruction whose target is not fixed yet; `op` says which
  NONRELOC, // a value in register `info`
  CALL, // `info` the call's base register
  VARARG,
}

/** `expdesc`, without code positions: `t`/`f` only say whether jump lists are pending. */
export interface Desc {
  k: K;
  info: number;
  aux: number;
  nval: number;
  t: boolean;
  f: boolean;
  /** For RELOCABLE: the instruction, when `lcode.c` looks at it later. */
  op: 'not' | 'concat' | '';
}

const MAXSTACK = 250;
const MAXARG_BX = 262143;
const BITRK = 256; // an RK operand at or above this is a constant
const MAXINDEXRK = BITRK - 1;
const LFIELDS_PER_FLUSH = 50;

/** A fresh expression descriptor (`expdesc`) of kind `k`. */
export function desc(k: K, info = 0): Desc {
  return { k, info, aux: 0, nval: 0, t: false, f: false, op: '' };
}

const hasJumps = (e: Desc) => e.t || e.f;
const isNumeral = (e: Desc) => e.k === K.KNUM && !e.t && !e.f;
/** Whether an expression may yield many values (a call or `...`), as lparser.c's `hasmultret`. */
export const hasMultRet = (e: Desc) => e.k === K.CALL || e.k === K.VARARG;

/** One function's registers and constants (`FuncState`'s `freereg`, `nk` and `h`). */
export class Registers {
  freereg = 0;
  private nk = 0;
  private readonly k = new Map<string, number>();

  constructor(
    /** Active locals: they hold the registers below it. */
    private readonly nactvar: () => number,
    /** Raises "function or expression too complex" at the current token. */
    private readonly tooComplex: () => never,
  ) {}

  private addk(key: string): number {
    let i = this.k.get(key);
    if (i === undefined) {
      // luaM_growvector's limit (MAXARG_Bx); raised as a run-time error, so with no position
      if (this.nk >= MAXARG_BX) throw new LuaSyntaxError('constant table overflow');
      this.k.set(key, (i = this.nk++));
    }
    return i;
  }

  stringK(s: string): number {
    return this.addk('s' + s);
  }

  numberK(n: number): number {
    return this.addk('n' + String(n)); // 0 and -0 are one table key, as in Lua
  }

  checkStack(n: number): void {
    if (this.freereg + n >= MAXSTACK) this.tooComplex();
  }

  reserve(n: number): void {
    this.checkStack(n);
    this.freereg += n;
  }

  private free(reg: number): void {
    if (reg < BITRK && reg >= this.nactvar()) this.freereg--;
  }

  freeExp(e: Desc): void {
    if (e.k === K.NONRELOC) this.free(e.info);
  }

  setReturns(e: Desc): void {
    if (e.k === K.VARARG) this.reserve(1);
  }

  setOneRet(e: Desc): void {
    if (e.k === K.CALL) e.k = K.NONRELOC;
    else if (e.k === K.VARARG) this.relocable(e, '');
  }

  private relocable(e: Desc, op: Desc['op']): void {
    e.k = K.RELOCABLE;
    e.op = op;
  }

  dischargeVars(e: Desc): void {
    switch (e.k) {
      case K.LOCAL:
        e.k = K.NONRELOC;
        break;
      case K.UPVAL:
      case K.GLOBAL:
        this.relocable(e, '');
        break;
      case K.INDEXED:
        this.free(e.aux);
        this.free(e.info);
        this.relocable(e, '');
        break;
      case K.VARARG:
      case K.CALL:
        this.setOneRet(e);
        break;
    }
  }

  private discharge2reg(e: Desc, reg: number): void {
    this.dischargeVars(e);
    if (e.k === K.VOID || e.k === K.JMP) return;
    if (e.k === K.KNUM) this.numberK(e.nval);
    e.info = reg;
    e.k = K.NONRELOC;
  }

  private discharge2anyreg(e: Desc): void {
    if (e.k !== K.NONRELOC) {
      this.reserve(1);
      this.discharge2reg(e, this.freereg - 1);
    }
  }

  private exp2reg(e: Desc, reg: number): void {
    this.discharge2reg(e, reg);
    e.t = e.f = false;
    e.info = reg;
    e.k = K.NONRELOC;
  }

  exp2nextreg(e: Desc): void {
    this.dischargeVars(e);
    this.freeExp(e);
    this.reserve(1);
    this.exp2reg(e, this.freereg - 1);
  }

  exp2anyreg(e: Desc): number {
    this.dischargeVars(e);
    if (e.k === K.NONRELOC) {
      if (!hasJumps(e)) return e.info;
      if (e.info >= this.nactvar()) {
        this.exp2reg(e, e.info);
        return e.info;
      }
    }
    this.exp2nextreg(e);
    return e.info;
  }

  exp2val(e: Desc): void {
    if (hasJumps(e)) this.exp2anyreg(e);
    else this.dischargeVars(e);
  }

  exp2RK(e: Desc): number {
    this.exp2val(e);
    switch (e.k) {
      case K.KNUM:
      case K.TRUE:
      case K.FALSE:
      case K.NIL:
        if (this.nk <= MAXINDEXRK) {
          const key =
            e.k === K.NIL
              ? 'nil'
              : e.k === K.KNUM
                ? 'n' + String(e.nval)
                : e.k === K.TRUE
                  ? 'b1'
                  : 'b0';
          e.info = this.addk(key);
          e.k = K.K;
          return e.info + BITRK;
        }
        break;
      case K.K:
        if (e.info <= MAXINDEXRK) return e.info + BITRK;
        break;
    }
    return this.exp2anyreg(e);
  }

  storeVar(v: Desc, ex: Desc): void {
    if (v.k === K.LOCAL) {
      this.freeExp(ex);
      this.exp2reg(ex, v.info);
      return;
    }
    if (v.k === K.INDEXED) this.exp2RK(ex);
    else this.exp2anyreg(ex);
    this.freeExp(ex);
  }

  self(e: Desc, key: Desc): void {
    this.exp2anyreg(e);
    this.freeExp(e);
    const func = this.freereg;
    this.reserve(2);
    this.exp2RK(key);
    this.freeExp(key);
    e.info = func;
    e.k = K.NONRELOC;
  }

  indexed(t: Desc, key: Desc): void {
    t.aux = this.exp2RK(key);
    t.k = K.INDEXED;
  }

  private jumpOnCond(e: Desc): void {
    if (e.k === K.RELOCABLE && e.op === 'not') return; // the NOT is dropped for a TEST
    this.discharge2anyreg(e);
    this.freeExp(e);
  }

  /** `luaK_goiftrue`: go on when `e` is true, jump away when false. */
  goIfTrue(e: Desc): void {
    this.goIf(e, true);
  }

  /** `luaK_goiftrue` (`whenTrue`) and `luaK_goiffalse`: only a non-constant costs a test. */
  private goIf(e: Desc, whenTrue: boolean): void {
    this.dischargeVars(e);
    const constant = whenTrue
      ? e.k === K.K || e.k === K.KNUM || e.k === K.TRUE
      : e.k === K.NIL || e.k === K.FALSE;
    if (!constant) {
      if (e.k !== K.JMP) this.jumpOnCond(e);
      if (whenTrue) e.f = true;
      else e.t = true;
    }
    if (whenTrue) e.t = false;
    else e.f = false;
  }

  private codeNot(e: Desc): void {
    this.dischargeVars(e);
    if (e.k === K.NIL || e.k === K.FALSE) e.k = K.TRUE;
    else if (e.k === K.K || e.k === K.KNUM || e.k === K.TRUE) e.k = K.FALSE;
    else if (e.k === K.RELOCABLE || e.k === K.NONRELOC) {
      this.discharge2anyreg(e);
      this.freeExp(e);
      this.relocable(e, 'not');
    }
    [e.t, e.f] = [e.f, e.t];
  }

  private codeArith(op: string, e1: Desc, e2: Desc): void {
    if (foldable(op, e1, e2)) return;
    const o2 = op !== 'unm' && op !== '#' ? this.exp2RK(e2) : 0;
    const o1 = this.exp2RK(e1);
    if (o1 > o2) {
      this.freeExp(e1);
      this.freeExp(e2);
    } else {
      this.freeExp(e2);
      this.freeExp(e1);
    }
    this.relocable(e1, op === '..' ? 'concat' : '');
  }

  private codeComp(e1: Desc, e2: Desc): void {
    this.exp2RK(e1);
    this.exp2RK(e2);
    this.freeExp(e2);
    this.freeExp(e1);
    e1.k = K.JMP;
  }

  /** `luaK_prefix`. */
  prefix(op: 'not' | '-' | '#', e: Desc): void {
    if (op === 'not') return this.codeNot(e);
    if (op === '#' || !isNumeral(e)) this.exp2anyreg(e);
    this.codeArith(op === '-' ? 'unm' : '#', e, { ...desc(K.KNUM), nval: 0 });
  }

  /** `luaK_infix`: the left operand, before the right one is read. */
  infix(op: string, v: Desc): void {
    if (op === 'and') this.goIfTrue(v);
    else if (op === 'or') this.goIf(v, false);
    else if (op === '..') this.exp2nextreg(v);
    else if (ARITH.has(op)) {
      if (!isNumeral(v)) this.exp2RK(v);
    } else this.exp2RK(v);
  }

  /** `luaK_posfix`: both operands read; the result is left in `e1`. */
  posfix(op: string, e1: Desc, e2: Desc): void {
    if (op === 'and' || op === 'or') {
      this.dischargeVars(e2);
      if (op === 'and') e2.f ||= e1.f;
      else e2.t ||= e1.t;
      Object.assign(e1, e2);
    } else if (op === '..') {
      this.exp2val(e2);
      if (e2.k === K.RELOCABLE && e2.op === 'concat') {
        this.freeExp(e1);
        this.relocable(e1, 'concat');
      } else {
        this.exp2nextreg(e2);
        this.codeArith('..', e1, e2);
      }
    } else if (ARITH.has(op)) this.codeArith(op, e1, e2);
    else this.codeComp(e1, e2);
  }

  /** `closelistfield`: a table constructor's pending positional item goes to a register. */
  closeListField(cc: Constructor): void {
    if (cc.v.k === K.VOID) return;
    this.exp2nextreg(cc.v);
    cc.v = desc(K.VOID);
    if (cc.tostore === LFIELDS_PER_FLUSH) {
      this.freereg = cc.base + 1; // SETLIST frees the stored items
      cc.tostore = 0;
    }
  }

  /** `lastlistfield`. */
  lastListField(cc: Constructor): void {
    if (cc.tostore === 0) return;
    if (hasMultRet(cc.v)) this.setReturns(cc.v);
    else if (cc.v.k !== K.VOID) this.exp2nextreg(cc.v);
    this.freereg = cc.base + 1;
  }

  /** `adjust_assign`: `nvars` targets for `nexps` values, the last one `e`. */
  adjustAssign(nvars: number, nexps: number, e: Desc): void {
    let extra = nvars - nexps;
    if (hasMultRet(e)) {
      extra = Math.max(extra + 1, 0);
      this.setReturns(e);
      if (extra > 1) this.reserve(extra - 1);
    } else {
      if (e.k !== K.VOID) this.exp2nextreg(e);
      if (extra > 0) this.reserve(extra);
    }
  }
}

/** A table constructor being read (`ConsControl`). */
export interface Constructor {
  base: number;
  v: Desc;
  tostore: number;
}

const ARITH = new Set(['+', '-', '*', '/', '%', '^']);

/** `constfolding`: two numerals fold, unless the result would be NaN or a division by 0. */
function foldable(op: string, e1: Desc, e2: Desc): boolean {
  if (!isNumeral(e1) || !isNumeral(e2) || op === '#' || op === '..') return false;
  const a = e1.nval;
  const b = e2.nval;
  let r: number;
  if (op === '+') r = a + b;
  else if (op === '-') r = a - b;
  else if (op === '*') r = a * b;
  else if (op === '/' || op === '%') {
    if (b === 0) return false;
    r = op === '/' ? a / b : a - Math.floor(a / b) * b;
  } else if (op === '^') r = cPow(a, b);
  else r = -a; // unm
  if (Number.isNaN(r)) return false;
  e1.nval = r;
  return true;
}

/** C's `pow` where it differs from `Math.pow`: 1 to any power, and (-1)^±inf, are 1. */
function cPow(a: number, b: number): number {
  if (a === 1 || (a === -1 && Math.abs(b) === Infinity)) return 1;
  return Math.pow(a, b);
}
