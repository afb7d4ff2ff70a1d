/**
 * The instruction half of Lua 5.1's code generator (`lcode.c`): one function's
 * instructions, encoded as Lua 5.1 encodes them (`lopcodes.h`), and its lists
 * of pending jumps. Nothing ever runs these instructions; they are made so the
 * parser fails where a real server fails: a jump whose offset no longer fits
 * its 18-bit operand ("control structure too long", in `fixjump`) is found at
 * the same token only if every instruction before it was counted as Lua counts
 * it, including the ones the generator merges (LOADNIL), drops (a NOT before a
 * test) or adds to give a comparison's value (LOADBOOL).
 */

/** `NO_JUMP`: the end of a jump list, and a jump not yet aimed. */
export const NO_JUMP = -1;

/** Opcodes, in `lopcodes.h` order (an instruction's low 6 bits). */
export const enum Op {
  MOVE,
  LOADK,
  LOADBOOL,
  LOADNIL,
  GETUPVAL,
  GETGLOBAL,
  GETTABLE,
  SETGLOBAL,
  SETUPVAL,
  SETTABLE,
  NEWTABLE,
  SELF,
  ADD,
  SUB,
  MUL,
  DIV,
  MOD,
  POW,
  UNM,
  NOT,
  LEN,
  CONCAT,
  JMP,
  EQ,
  LT,
  LE,
  TEST,
  TESTSET,
  CALL,
  TAILCALL,
  RETURN,
  FORLOOP,
  FORPREP,
  TFORLOOP,
  SETLIST,
  CLOSE,
  CLOSURE,
  VARARG,
}

const MAXARG_SBX = 131071; // (2^18 - 1) >> 1
/** `NO_REG`: a test's target register when the value is not kept. */
export const NO_REG = 255;
const MAXARG_C = 511;
const LFIELDS_PER_FLUSH = 50;

// field layout (lopcodes.h): op 6 bits at 0, A 8 at 6, C 9 at 14, B 9 at 23, Bx 18 at 14
const opOf = (i: number) => i & 0x3f;
/** Argument A of an instruction. */
export const argA = (i: number) => (i >>> 6) & 0xff;
/** Argument B of an instruction. */
export const argB = (i: number) => (i >>> 23) & 0x1ff;
const argBx = (i: number) => (i >>> 14) & 0x3ffff;
const abc = (o: number, a: number, b: number, c: number) =>
  (o | ((a & 0xff) << 6) | ((b & 0x1ff) << 23) | ((c & 0x1ff) << 14)) >>> 0;
const abx = (o: number, a: number, bx: number) =>
  (o | ((a & 0xff) << 6) | ((bx & 0x3ffff) << 14)) >>> 0;
const withA = (i: number, a: number) => ((i & ~(0xff << 6)) | ((a & 0xff) << 6)) >>> 0;
const withB = (i: number, b: number) => ((i & ~(0x1ff << 23)) | ((b & 0x1ff) << 23)) >>> 0;
const withC = (i: number, c: number) => ((i & ~(0x1ff << 14)) | ((c & 0x1ff) << 14)) >>> 0;
const withBx = (i: number, bx: number) => ((i & ~(0x3ffff << 14)) | ((bx & 0x3ffff) << 14)) >>> 0;

/**
 * `testTMode`: the opcodes a jump after them belongs to. A word that is no
 * opcode (SETLIST's extra count) reads past the table in C; it is taken as
 * no test here.
 */
const isTest = (op: number) => (op >= Op.EQ && op <= Op.TESTSET) || op === Op.TFORLOOP;

/** One function's instructions and pending jumps (`FuncState`'s `pc`, `lasttarget`, `jpc`). */
export class CodeBuffer {
  /** The instructions, as 32-bit words. */
  protected readonly code: number[] = [];
  pc = 0;
  /** The last position something jumps to: LOADNIL merges only after it. */
  protected lasttarget = -1;
  /** Jumps to the next instruction, aimed when it is made. */
  private jpc = NO_JUMP;
  /**
   * The last jump found in each list (by its first jump), so that appending
   * to a long list is not a walk of it. Lua walks the whole list each time
   * (an `elseif` chain is quadratic in C); the jump it reaches is the same.
   */
  private readonly tails = new Map<number, number>();

  constructor(
    /** Raises "control structure too long" at the current token. */
    private readonly tooLong: () => never,
  ) {}

  /** `luaK_code`: a new instruction, after aiming the jumps waiting for it. */
  protected emit(i: number): number {
    this.dischargeJpc();
    this.code[this.pc] = i;
    return this.pc++;
  }

  /** The instruction at `pc`. */
  protected at(pc: number): number {
    return this.code[pc]!;
  }

  protected opAt(pc: number): Op {
    return opOf(this.code[pc]!);
  }

  protected setA(pc: number, a: number): void {
    this.code[pc] = withA(this.code[pc]!, a);
  }

  protected setB(pc: number, b: number): void {
    this.code[pc] = withB(this.code[pc]!, b);
  }

  protected setC(pc: number, c: number): void {
    this.code[pc] = withC(this.code[pc]!, c);
  }

  /** `SET_OPCODE`. */
  setOp(pc: number, op: Op): void {
    this.code[pc] = ((this.code[pc]! & ~0x3f) | op) >>> 0;
  }

  codeABC(o: Op, a: number, b: number, c: number): number {
    return this.emit(abc(o, a, b, c));
  }

  codeABx(o: Op, a: number, bx: number): number {
    return this.emit(abx(o, a, bx));
  }

  codeAsBx(o: Op, a: number, sbx: number): number {
    return this.codeABx(o, a, sbx + MAXARG_SBX);
  }

  /** `luaK_jump`: an unaimed jump, carrying the jumps that were waiting for this position. */
  jump(): number {
    const jpc = this.jpc;
    this.jpc = NO_JUMP;
    return this.concat(this.codeAsBx(Op.JMP, 0, NO_JUMP), jpc);
  }

  /** `luaK_ret`. */
  ret(first: number, nret: number): void {
    this.codeABC(Op.RETURN, first, nret + 1, 0);
  }

  /** `condjump`: a test and the jump taken on its outcome. */
  protected condJump(op: Op, a: number, b: number, c: number): number {
    this.codeABC(op, a, b, c);
    return this.jump();
  }

  private fixJump(pc: number, dest: number): void {
    const offset = dest - (pc + 1);
    if (Math.abs(offset) > MAXARG_SBX) this.tooLong();
    this.code[pc] = withBx(this.code[pc]!, offset + MAXARG_SBX);
  }

  /** `luaK_getlabel`: the current position, marked as a jump target. */
  getLabel(): number {
    return (this.lasttarget = this.pc);
  }

  private getJump(pc: number): number {
    const offset = argBx(this.code[pc]!) - MAXARG_SBX;
    return offset === NO_JUMP ? NO_JUMP : pc + 1 + offset;
  }

  /** `getjumpcontrol`: the test a jump belongs to, or the jump itself. */
  protected control(pc: number): number {
    return pc >= 1 && isTest(opOf(this.code[pc - 1]!)) ? pc - 1 : pc;
  }

  /** `need_value`: whether a jump in the list is not a TESTSET (so cannot carry a value). */
  protected needValue(list: number): boolean {
    for (; list !== NO_JUMP; list = this.getJump(list)) {
      if (opOf(this.code[this.control(list)]!) !== Op.TESTSET) return true;
    }
    return false;
  }

  private patchTestReg(node: number, reg: number): boolean {
    const pc = this.control(node);
    const i = this.code[pc]!;
    if (opOf(i) !== Op.TESTSET) return false;
    if (reg !== NO_REG && reg !== argB(i)) this.code[pc] = withA(i, reg);
    else this.code[pc] = abc(Op.TEST, argB(i), 0, (i >>> 14) & 0x1ff);
    return true;
  }

  /** `removevalues`: the list's TESTSETs become TESTs. */
  protected removeValues(list: number): void {
    for (; list !== NO_JUMP; list = this.getJump(list)) this.patchTestReg(list, NO_REG);
  }

  /** `patchlistaux`: value-carrying tests to `vtarget` (into `reg`), the rest to `dtarget`. */
  protected patchListAux(list: number, vtarget: number, reg: number, dtarget: number): void {
    while (list !== NO_JUMP) {
      const next = this.getJump(list);
      this.fixJump(list, this.patchTestReg(list, reg) ? vtarget : dtarget);
      list = next;
    }
  }

  private dischargeJpc(): void {
    const jpc = this.jpc;
    this.jpc = NO_JUMP;
    this.patchListAux(jpc, this.pc, NO_REG, this.pc);
  }

  /** `luaK_patchlist`: aim a list at `target` (here, or behind). */
  patchList(list: number, target: number): void {
    if (target === this.pc) this.patchToHere(list);
    else this.patchListAux(list, target, NO_REG, target);
  }

  /** `luaK_patchtohere`: aim a list at the next instruction, once it is made. */
  patchToHere(list: number): void {
    this.getLabel();
    this.jpc = this.concat(this.jpc, list);
  }

  /** `luaK_concat`: `l1` with `l2` appended; answers the list's first jump. */
  concat(l1: number, l2: number): number {
    if (l2 === NO_JUMP) return l1;
    if (l1 === NO_JUMP) return l2;
    let list = this.tails.get(l1) ?? l1;
    for (let next = this.getJump(list); next !== NO_JUMP; next = this.getJump(list)) list = next;
    this.fixJump(list, l2);
    this.tails.set(l1, this.tails.get(l2) ?? l2);
    return l1;
  }

  /** `luaK_setlist`: stores a constructor's pending items; a count past 511 takes a word of its own. */
  protected setList(base: number, nelems: number, tostore: number): void {
    const c = Math.trunc((nelems - 1) / LFIELDS_PER_FLUSH) + 1;
    const b = tostore === -1 ? 0 : tostore;
    if (c <= MAXARG_C) this.codeABC(Op.SETLIST, base, b, c);
    else {
      this.codeABC(Op.SETLIST, base, b, 0);
      this.emit(c >>> 0);
    }
  }
}
