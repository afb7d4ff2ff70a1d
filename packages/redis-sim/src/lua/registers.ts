/**
 * The expression half of Lua 5.1's code generator (`lcode.c`): where each
 * value goes, which registers it takes and which instructions it costs. A
 * real server refuses a script whose function needs 250 registers or more
 * ("function or expression too complex", e.g. a call with 250 arguments), at
 * the exact token where the generator reserves the 250th, and a jump longer
 * than its operand holds ("control structure too long", `code-buffer.ts`); to
 * fail at the same token the parser replays every register move and every
 * instruction the generator makes, through an expression descriptor that
 * mirrors `expdesc`. Constants matter too: one past index 255 no longer fits
 * an instruction's operand and goes through a register.
 */
import { argA, argB, CodeBuffer, NO_JUMP, NO_REG, Op } from './code-buffer.ts';
import { LuaSyntaxError } from './lexer.ts';
import { pow } from './lib/c-pow.ts';

export { NO_JUMP, Op };

/** `expkind`, the kinds `lcode.c` tells apart. */
export const enum K {
  VOID,
  NIL,
  TRUE,
  FALSE,
  K, // a constant, `info` its index
  KNUM, // a number not yet a constant, `nval`
  LOCAL, // `info` its register
  UPVAL, // `info` its upvalue index
  GLOBAL, // `info` its name's constant
  INDEXED, // `info` the table's register, `aux` the key's RK
  JMP, // `info` the jump's position
  RELOCABLE, // `info` the instruction whose target register is not fixed yet
  NONRELOC, // a value in register `info`
  CALL, // `info` the CALL instruction
  VARARG, // `info` the VARARG instruction
}

/** `expdesc`: `t` and `f` are the lists of jumps taken when the value is true or false. */
export interface Desc {
  k: K;
  info: number;
  aux: number;
  nval: number;
  t: number;
  f: number;
}

const MAXSTACK = 250;
const MAXARG_BX = 262143;
const BITRK = 256; // an RK operand at or above this is a constant
const MAXINDEXRK = BITRK - 1;
const LFIELDS_PER_FLUSH = 50;
/** `LUA_MULTRET`. */
export const MULTRET = -1;

/** A fresh expression descriptor (`init_exp`) of kind `k`. */
export function desc(k: K, info = 0): Desc {
  return { k, info, aux: 0, nval: 0, t: NO_JUMP, f: NO_JUMP };
}

const hasJumps = (e: Desc) => e.t !== e.f;
const isNumeral = (e: Desc) => e.k === K.KNUM && e.t === NO_JUMP && e.f === NO_JUMP;
/** Whether an expression may yield many values (a call or `...`), as lparser.c's `hasmultret`. */
export const hasMultRet = (e: Desc) => e.k === K.CALL || e.k === K.VARARG;

/** One function's registers, constants and code (`FuncState`). */
export class Registers extends CodeBuffer {
  freereg = 0;
  private nk = 0;
  /** Functions defined directly in this one (`np`). */
  private np = 0;
  private readonly k = new Map<string, number>();

  constructor(
    /** Active locals: they hold the registers below it. */
    private readonly nactvar: () => number,
    /** Raises "function or expression too complex" at the current token. */
    private readonly tooComplex: () => never,
    /** Raises "control structure too long" at the current token. */
    tooLong: () => never,
  ) {
    super(tooLong);
  }

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

  /** `luaK_nil`: LOADNIL for `n` registers, merged into the one before when it can be. */
  nil(from: number, n: number): void {
    if (this.pc > this.lasttarget) {
      if (this.pc === 0) {
        if (from >= this.nactvar()) return; // a function's registers start nil
      } else {
        const previous = this.at(this.pc - 1);
        if (this.opAt(this.pc - 1) === Op.LOADNIL) {
          const pfrom = argA(previous);
          const pto = argB(previous);
          if (pfrom <= from && from <= pto + 1) {
            if (from + n - 1 > pto) this.setB(this.pc - 1, from + n - 1);
            return;
          }
        }
      }
    }
    this.codeABC(Op.LOADNIL, from, from + n - 1, 0);
  }

  /** `pushclosure`: a function defined here, its upvalues copied in after it. */
  closure(nups: number): Desc {
    // luaM_growvector's limit on `p`, with constant's words and no position
    if (this.np >= MAXARG_BX) throw new LuaSyntaxError('constant table overflow');
    const e = desc(K.RELOCABLE, this.codeABx(Op.CLOSURE, 0, this.np++));
    for (let i = 0; i < nups; i++) this.codeABC(Op.MOVE, 0, 0, 0); // or GETUPVAL: one each
    return e;
  }

  private free(reg: number): void {
    if (reg < BITRK && reg >= this.nactvar()) this.freereg--;
  }

  freeExp(e: Desc): void {
    if (e.k === K.NONRELOC) this.free(e.info);
  }

  /** `luaK_setreturns`: an open call or `...` made to give `n` values. */
  setReturns(e: Desc, n: number): void {
    if (e.k === K.CALL) this.setC(e.info, n + 1);
    else if (e.k === K.VARARG) {
      this.setB(e.info, n + 1);
      this.setA(e.info, this.freereg);
      this.reserve(1);
    }
  }

  /** `luaK_setmultret`. */
  setMultRet(e: Desc): void {
    this.setReturns(e, MULTRET);
  }

  setOneRet(e: Desc): void {
    if (e.k === K.CALL) {
      e.k = K.NONRELOC;
      e.info = argA(this.at(e.info));
    } else if (e.k === K.VARARG) {
      this.setB(e.info, 2);
      e.k = K.RELOCABLE;
    }
  }

  /** A call statement keeps no result; a returned call becomes a tail call. */
  callResults(e: Desc, tail: boolean): void {
    if (tail) this.setOp(e.info, Op.TAILCALL);
    else this.setC(e.info, 1);
  }

  dischargeVars(e: Desc): void {
    switch (e.k) {
      case K.LOCAL:
        e.k = K.NONRELOC;
        break;
      case K.UPVAL:
        e.info = this.codeABC(Op.GETUPVAL, 0, e.info, 0);
        e.k = K.RELOCABLE;
        break;
      case K.GLOBAL:
        e.info = this.codeABx(Op.GETGLOBAL, 0, e.info);
        e.k = K.RELOCABLE;
        break;
      case K.INDEXED:
        this.free(e.aux);
        this.free(e.info);
        e.info = this.codeABC(Op.GETTABLE, 0, e.info, e.aux);
        e.k = K.RELOCABLE;
        break;
      case K.VARARG:
      case K.CALL:
        this.setOneRet(e);
        break;
    }
  }

  private codeLabel(a: number, b: number, jump: number): number {
    this.getLabel(); // those instructions may be jump targets
    return this.codeABC(Op.LOADBOOL, a, b, jump);
  }

  private discharge2reg(e: Desc, reg: number): void {
    this.dischargeVars(e);
    switch (e.k) {
      case K.NIL:
        this.nil(reg, 1);
        break;
      case K.FALSE:
      case K.TRUE:
        this.codeABC(Op.LOADBOOL, reg, e.k === K.TRUE ? 1 : 0, 0);
        break;
      case K.K:
        this.codeABx(Op.LOADK, reg, e.info);
        break;
      case K.KNUM:
        this.codeABx(Op.LOADK, reg, this.numberK(e.nval));
        break;
      case K.RELOCABLE:
        this.setA(e.info, reg);
        break;
      case K.NONRELOC:
        if (reg !== e.info) this.codeABC(Op.MOVE, reg, e.info, 0);
        break;
      default:
        return; // VOID or JMP: nothing to do
    }
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
    if (e.k === K.JMP) e.t = this.concat(e.t, e.info);
    if (hasJumps(e)) {
      let pf = NO_JUMP; // an eventual LOADBOOL false
      let pt = NO_JUMP; // an eventual LOADBOOL true
      if (this.needValue(e.t) || this.needValue(e.f)) {
        const fj = e.k === K.JMP ? NO_JUMP : this.jump();
        pf = this.codeLabel(reg, 0, 1);
        pt = this.codeLabel(reg, 1, 0);
        this.patchToHere(fj);
      }
      const final = this.getLabel();
      this.patchListAux(e.f, final, reg, pf);
      this.patchListAux(e.t, final, reg, pt);
    }
    e.f = e.t = NO_JUMP;
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
    switch (v.k) {
      case K.LOCAL:
        this.freeExp(ex);
        this.exp2reg(ex, v.info);
        return;
      case K.UPVAL:
        this.codeABC(Op.SETUPVAL, this.exp2anyreg(ex), v.info, 0);
        break;
      case K.GLOBAL:
        this.codeABx(Op.SETGLOBAL, this.exp2anyreg(ex), v.info);
        break;
      default: // INDEXED
        this.codeABC(Op.SETTABLE, v.info, v.aux, this.exp2RK(ex));
    }
    this.freeExp(ex);
  }

  self(e: Desc, key: Desc): void {
    this.exp2anyreg(e);
    this.freeExp(e);
    const func = this.freereg;
    this.reserve(2);
    this.codeABC(Op.SELF, func, e.info, this.exp2RK(key));
    this.freeExp(key);
    e.info = func;
    e.k = K.NONRELOC;
  }

  indexed(t: Desc, key: Desc): void {
    t.aux = this.exp2RK(key);
    t.k = K.INDEXED;
  }

  /** `check_conflict`'s copy of a local a previous target of the assignment indexes by. */
  copyLocal(reg: number): void {
    this.codeABC(Op.MOVE, this.freereg, reg, 0);
    this.reserve(1);
  }

  private invertJump(e: Desc): void {
    const pc = this.control(e.info);
    this.setA(pc, argA(this.at(pc)) ? 0 : 1);
  }

  private jumpOnCond(e: Desc, cond: number): number {
    if (e.k === K.RELOCABLE) {
      const ie = this.at(e.info);
      if (this.opAt(e.info) === Op.NOT) {
        this.pc--; // the NOT is dropped for a TEST of its operand
        return this.condJump(Op.TEST, argB(ie), 0, cond ? 0 : 1);
      }
    }
    this.discharge2anyreg(e);
    this.freeExp(e);
    return this.condJump(Op.TESTSET, NO_REG, e.info, cond);
  }

  /** `luaK_goiftrue`: go on when `e` is true, jump away (its `f` list) when false. */
  goIfTrue(e: Desc): void {
    this.dischargeVars(e);
    let pc: number;
    if (e.k === K.K || e.k === K.KNUM || e.k === K.TRUE) pc = NO_JUMP;
    else if (e.k === K.JMP) {
      this.invertJump(e);
      pc = e.info;
    } else pc = this.jumpOnCond(e, 0);
    e.f = this.concat(e.f, pc);
    this.patchToHere(e.t);
    e.t = NO_JUMP;
  }

  /** `luaK_goiffalse`. */
  private goIfFalse(e: Desc): void {
    this.dischargeVars(e);
    let pc: number;
    if (e.k === K.NIL || e.k === K.FALSE) pc = NO_JUMP;
    else if (e.k === K.JMP) pc = e.info;
    else pc = this.jumpOnCond(e, 1);
    e.t = this.concat(e.t, pc);
    this.patchToHere(e.f);
    e.f = NO_JUMP;
  }

  private codeNot(e: Desc): void {
    this.dischargeVars(e);
    if (e.k === K.NIL || e.k === K.FALSE) e.k = K.TRUE;
    else if (e.k === K.K || e.k === K.KNUM || e.k === K.TRUE) e.k = K.FALSE;
    else if (e.k === K.JMP) this.invertJump(e);
    else if (e.k === K.RELOCABLE || e.k === K.NONRELOC) {
      this.discharge2anyreg(e);
      this.freeExp(e);
      e.info = this.codeABC(Op.NOT, 0, e.info, 0);
      e.k = K.RELOCABLE;
    }
    [e.t, e.f] = [e.f, e.t];
    this.removeValues(e.f);
    this.removeValues(e.t);
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
    e1.info = this.codeABC(ARITH_OP[op]!, 0, o1, o2);
    e1.k = K.RELOCABLE;
  }

  private codeComp(op: string, e1: Desc, e2: Desc): void {
    let o1 = this.exp2RK(e1);
    let o2 = this.exp2RK(e2);
    this.freeExp(e2);
    this.freeExp(e1);
    const cond = op === '~=' ? 0 : 1;
    if (op === '>' || op === '>=') [o1, o2] = [o2, o1]; // `a > b` is `b < a`
    const code = op === '==' || op === '~=' ? Op.EQ : op === '<' || op === '>' ? Op.LT : Op.LE;
    e1.info = this.condJump(code, cond, o1, o2);
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
    else if (op === 'or') this.goIfFalse(v);
    else if (op === '..') this.exp2nextreg(v);
    else if (ARITH.has(op)) {
      if (!isNumeral(v)) this.exp2RK(v);
    } else this.exp2RK(v);
  }

  /** `luaK_posfix`: both operands read; the result is left in `e1`. */
  posfix(op: string, e1: Desc, e2: Desc): void {
    if (op === 'and' || op === 'or') {
      this.dischargeVars(e2);
      if (op === 'and') e2.f = this.concat(e2.f, e1.f);
      else e2.t = this.concat(e2.t, e1.t);
      Object.assign(e1, e2);
    } else if (op === '..') {
      this.exp2val(e2);
      if (e2.k === K.RELOCABLE && this.opAt(e2.info) === Op.CONCAT) {
        this.freeExp(e1);
        this.setB(e2.info, e1.info);
        e1.k = K.RELOCABLE;
        e1.info = e2.info;
      } else {
        this.exp2nextreg(e2);
        this.codeArith('..', e1, e2);
      }
    } else if (ARITH.has(op)) this.codeArith(op, e1, e2);
    else this.codeComp(op, e1, e2);
  }

  /** `constructor`'s NEWTABLE, fixed at the stack's top. */
  newTable(): Desc {
    const t = desc(K.RELOCABLE, this.codeABC(Op.NEWTABLE, 0, 0, 0));
    this.exp2nextreg(t);
    return t;
  }

  /** `recfield`'s store, the key already an RK operand. */
  setField(t: Desc, rkkey: number, value: Desc): void {
    this.codeABC(Op.SETTABLE, t.info, rkkey, this.exp2RK(value));
  }

  /** `closelistfield`: a table constructor's pending positional item goes to a register. */
  closeListField(cc: Constructor): void {
    if (cc.v.k === K.VOID) return;
    this.exp2nextreg(cc.v);
    cc.v = desc(K.VOID);
    if (cc.tostore === LFIELDS_PER_FLUSH) {
      this.setList(cc.base, cc.na, cc.tostore);
      this.freereg = cc.base + 1; // SETLIST frees the stored items
      cc.tostore = 0;
    }
  }

  /** `lastlistfield`. */
  lastListField(cc: Constructor): void {
    if (cc.tostore === 0) return;
    if (hasMultRet(cc.v)) {
      this.setMultRet(cc.v);
      this.setList(cc.base, cc.na, MULTRET);
    } else {
      if (cc.v.k !== K.VOID) this.exp2nextreg(cc.v);
      this.setList(cc.base, cc.na, cc.tostore);
    }
    this.freereg = cc.base + 1;
  }

  /** `adjust_assign`: `nvars` targets for `nexps` values, the last one `e`. */
  adjustAssign(nvars: number, nexps: number, e: Desc): void {
    let extra = nvars - nexps;
    if (hasMultRet(e)) {
      extra = Math.max(extra + 1, 0);
      this.setReturns(e, extra);
      if (extra > 1) this.reserve(extra - 1);
    } else {
      if (e.k !== K.VOID) this.exp2nextreg(e);
      if (extra > 0) {
        const reg = this.freereg;
        this.reserve(extra);
        this.nil(reg, extra);
      }
    }
  }
}

/** A table constructor being read (`ConsControl`). */
export interface Constructor {
  base: number;
  v: Desc;
  /** Positional items so far. */
  na: number;
  tostore: number;
}

const ARITH = new Set(['+', '-', '*', '/', '%', '^']);
const ARITH_OP: Record<string, Op> = {
  '+': Op.ADD,
  '-': Op.SUB,
  '*': Op.MUL,
  '/': Op.DIV,
  '%': Op.MOD,
  '^': Op.POW,
  unm: Op.UNM,
  '#': Op.LEN,
  '..': Op.CONCAT,
};

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
  } else if (op === '^') r = pow(a, b);
  else r = -a; // unm
  if (Number.isNaN(r)) return false;
  e1.nval = r;
  return true;
}
