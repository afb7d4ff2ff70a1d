/**
 * The parser of the Lua 5.1 engine: Lua 5.1's `lparser.c` grammar and checks,
 * building the tree of `ast.ts`.
 *
 * It follows the real parser's order of work token by token, so that a
 * malformed script fails at the same token, on the same line, with the same
 * words as on a real Redis 7.0 server: the expected-token errors, the
 * "to close 'x' at line N" form, `no loop to break`, `'...'` outside a vararg
 * function, the 200-level nesting limit, the 200-locals and 60-upvalues
 * limits, the `(function call x new statement)` ambiguity, and the code
 * generator's limits: 250 registers, jumps of at most 131,071 instructions
 * (whose register moves and instructions `registers.ts` and `code-buffer.ts`
 * replay), 32,767 declarations and 262,143 constants or functions.
 */
import type * as A from './ast.ts';
import { Lexer, LuaSyntaxError, T, tokenText, type Token } from './lexer.ts';
import {
  desc,
  hasMultRet,
  K,
  MULTRET,
  NO_JUMP,
  Op,
  Registers,
  type Constructor,
  type Desc,
} from './registers.ts';

export { LuaSyntaxError };

const MAX_LEVELS = 200; // LUAI_MAXCCALLS
const MAX_VARS = 200; // LUAI_MAXVARS
const MAX_UPVALUES = 60; // LUAI_MAXUPVALUES
const MAX_DECLARED = 32767; // SHRT_MAX, the size limit of a function's locvars
const UNARY_PRIORITY = 8;

type Loc = A.SourceLocation;
/** An expression's node and its `expdesc`. */
type Exp = [A.Expression, Desc];
const isVar = (d: Desc) => d.k >= K.LOCAL && d.k <= K.INDEXED;

/** A block of one function (`BlockCnt`): where its locals start, whether `break` may leave it. */
interface Block {
  prev: Block | null;
  nactvar: number;
  loop: boolean;
  /** The `break` jumps out of this loop. */
  breaklist: number;
  /** Whether a function inside captures one of its locals (it then ends with CLOSE). */
  upval: boolean;
}

/** Per-function state (`FuncState`): what the limits and `...` checks need. */
interface Func {
  prev: Func | null;
  line: number; // linedefined: 0 for the main chunk
  vararg: boolean;
  /** Declared locals: the active ones first, then those being declared. */
  vars: object[];
  names: string[];
  nactvar: number;
  /** Locals declared so far in the whole function (`nlocvars`). */
  declared: number;
  block: Block | null;
  upvalues: Map<object, object>;
  regs: Registers;
}

const BINARY: Partial<Record<number, [A.BinaryOperator | 'and' | 'or', number, number]>> = {
  43: ['+', 6, 6],
  45: ['-', 6, 6],
  42: ['*', 7, 7],
  47: ['/', 7, 7],
  37: ['%', 7, 7],
  94: ['^', 10, 9],
  [T.CONCAT]: ['..', 5, 4],
  [T.NE]: ['~=', 3, 3],
  [T.EQ]: ['==', 3, 3],
  60: ['<', 3, 3],
  [T.LE]: ['<=', 3, 3],
  62: ['>', 3, 3],
  [T.GE]: ['>=', 3, 3],
  [T.AND]: ['and', 2, 2],
  [T.OR]: ['or', 1, 1],
};
const UNARY: Partial<Record<number, A.UnaryExpression['operator']>> = {
  [T.NOT]: 'not',
  45: '-',
  35: '#',
};

/**
 * Parses a chunk (a byte string, as Redis hands the script to Lua) into its
 * tree, or throws {@link LuaSyntaxError} with the message Lua 5.1 gives for
 * chunkname `@user_script`, e.g. `user_script:1: unexpected symbol near '<eof>'`.
 * `cCalls` is Lua's count of nested C calls where the parse starts, which its
 * syntax levels add to (the 200 of `chunk has too many syntax levels` is one
 * limit for both): 0 for a script's own text, which Redis compiles outside any
 * call, more for a chunk `loadstring` reads while the script runs.
 */
export function parseChunk(
  source: string,
  onToken?: (bytes: number, line: number) => void,
  cCalls = 0,
): A.Chunk {
  return new Parser(source, onToken, cCalls).chunk();
}

class Parser {
  private readonly lx: Lexer;
  private fs: Func;
  /** the syntax levels entered, counted on from the C calls the parse started under */
  private level: number;

  constructor(
    private readonly src: string,
    onToken: ((bytes: number, line: number) => void) | undefined,
    cCalls: number,
  ) {
    this.level = cCalls;
    this.lx = new Lexer(src, onToken);
    this.fs = this.openFunc(0);
    this.fs.vararg = true;
  }

  chunk(): A.Chunk {
    const lx: Lexer = this.lx;
    lx.next();
    const first = lx.t;
    const body = this.statements();
    this.check(T.EOS);
    this.regs.ret(0, 0); // close_func's final return
    const loc = body.length ? this.loc(first) : this.loc(first, first);
    return { type: 'Chunk', body, loc, tokens: lx.count };
  }

  // ---- helpers over the token stream ----------------------------------

  private at(): number {
    return this.lx.t.tok;
  }

  /** From a start token to the end of the last consumed one (luaparse's `loc`). */
  private loc(from: Token, to: Token = this.lx.prev): Loc {
    return {
      start: { line: from.line, column: from.column },
      end: { line: to.endLine, column: to.endColumn },
    };
  }

  private testNext(tok: number): boolean {
    if (this.at() !== tok) return false;
    this.lx.next();
    return true;
  }

  private check(tok: number): void {
    if (this.at() !== tok) this.lx.error(`'${tokenText(tok)}' expected`);
  }

  private checkNext(tok: number): void {
    this.check(tok);
    this.lx.next();
  }

  private checkMatch(what: number, who: number, where: number): void {
    if (this.testNext(what)) return;
    if (where === this.lx.line) this.check(what);
    this.lx.error(`'${tokenText(what)}' expected (to close '${tokenText(who)}' at line ${where})`);
  }

  private name(): A.Identifier {
    this.check(T.NAME);
    const t = this.lx.t;
    this.lx.next();
    return { type: 'Identifier', name: t.value as string, loc: this.loc(t) };
  }

  private enterLevel(): void {
    if (++this.level > MAX_LEVELS) throw this.lx.fail('chunk has too many syntax levels');
  }

  private limit(fs: Func, limit: number, what: string): never {
    const where = fs.line === 0 ? 'main function' : `function at line ${fs.line}`;
    throw this.lx.fail(`${where} has more than ${limit} ${what}`);
  }

  // ---- scopes: only what the limits need -----------------------------

  private openFunc(line: number): Func {
    const fs: Func = {
      prev: this.fs ?? null,
      line,
      vararg: false,
      vars: [],
      names: [],
      nactvar: 0,
      declared: 0,
      block: null,
      upvalues: new Map(),
      regs: new Registers(
        () => fs.nactvar,
        () => this.lx.error('function or expression too complex'),
        () => this.lx.error('control structure too long'),
      ),
    };
    return fs;
  }

  private get regs(): Registers {
    return this.fs.regs;
  }

  /** `new_localvar`: declares the n-th pending local of a statement. */
  private newLocal(name: string, n: number): void {
    const fs = this.fs;
    if (fs.nactvar + n + 1 > MAX_VARS) this.limit(fs, MAX_VARS, 'local variables');
    // registerlocalvar: a function's debug info holds at most SHRT_MAX declarations, hidden ones included
    if (++fs.declared > MAX_DECLARED) throw new LuaSyntaxError('too many local variables');
    fs.vars[fs.nactvar + n] = {};
    fs.names[fs.nactvar + n] = name;
  }

  private activate(n: number): void {
    this.fs.nactvar += n;
  }

  private enterBlock(loop: boolean): void {
    const fs = this.fs;
    fs.block = { prev: fs.block, nactvar: fs.nactvar, loop, breaklist: NO_JUMP, upval: false };
  }

  /** `leaveblock`: its locals go (closed first if captured), its `break`s land here. */
  private leaveBlock(): void {
    const fs = this.fs;
    const bl = fs.block!;
    fs.block = bl.prev;
    fs.nactvar = bl.nactvar;
    if (bl.upval) fs.regs.codeABC(Op.CLOSE, bl.nactvar, 0, 0);
    fs.regs.freereg = fs.nactvar;
    fs.regs.patchToHere(bl.breaklist);
  }

  /**
   * `singlevaraux` above the current function: the variable a name denotes in
   * `fs` (null: a global), adding upvalues; a local found is marked captured.
   */
  private resolve(fs: Func | null, name: string): { up: object; index: number } | null {
    if (!fs) return null;
    for (let i = fs.nactvar - 1; i >= 0; i--) {
      if (fs.names[i] !== name) continue;
      // markupval: the block that declared it must close it
      let bl = fs.block;
      while (bl && bl.nactvar > i) bl = bl.prev;
      if (bl) bl.upval = true;
      return { up: fs.vars[i]!, index: i };
    }
    const outer = this.resolve(fs.prev, name);
    return outer && this.upvalue(fs, outer.up);
  }

  /** `indexupvalue`: the upvalue of `fs` that holds `outer`, added when new. */
  private upvalue(fs: Func, outer: object): { up: object; index: number } {
    let up = fs.upvalues.get(outer);
    if (!up) {
      if (fs.upvalues.size + 1 > MAX_UPVALUES) this.limit(fs, MAX_UPVALUES, 'upvalues');
      fs.upvalues.set(outer, (up = { index: fs.upvalues.size }));
    }
    return { up, index: (up as { index: number }).index };
  }

  /** `singlevar`: a name as a local (its register), an upvalue or a global (its name a constant). */
  private singleVar(): Exp {
    const id = this.name();
    const fs = this.fs;
    for (let i = fs.nactvar - 1; i >= 0; i--)
      if (fs.names[i] === id.name) return [id, desc(K.LOCAL, i)];
    const outer = this.resolve(fs.prev, id.name);
    if (!outer) return [id, desc(K.GLOBAL, fs.regs.stringK(id.name))];
    return [id, desc(K.UPVAL, this.upvalue(fs, outer.up).index)];
  }

  // ---- statements -------------------------------------------------------

  /** `chunk`: statements up to a block end; `return` and `break` must be last. */
  private statements(): A.Statement[] {
    const body: A.Statement[] = [];
    this.enterLevel();
    let last = false;
    while (!last && !blockFollow(this.at())) {
      const start = this.lx.t;
      const s = this.statement();
      last = s.type === 'ReturnStatement' || s.type === 'BreakStatement';
      if (this.testNext(59) && s.type === 'ReturnStatement') s.loc = this.loc(start);
      this.regs.freereg = this.fs.nactvar;
      body.push(s);
    }
    this.level--;
    return body;
  }

  private block(loop = false): A.Statement[] {
    this.enterBlock(loop);
    const body = this.statements();
    this.leaveBlock();
    return body;
  }

  private statement(): A.Statement {
    const lx: Lexer = this.lx;
    const line = lx.line;
    const start = lx.t;
    switch (this.at()) {
      case T.IF:
        return this.ifStat(line, start);
      case T.WHILE: {
        lx.next();
        const whileInit = this.regs.getLabel();
        const [condition, condExit] = this.cond();
        this.enterBlock(true);
        this.checkNext(T.DO);
        const body = this.block();
        this.regs.patchList(this.regs.jump(), whileInit);
        this.checkMatch(T.END, T.WHILE, line);
        this.leaveBlock();
        this.regs.patchToHere(condExit); // a false condition ends the loop
        return { type: 'WhileStatement', condition, body, loc: this.loc(start) };
      }
      case T.DO: {
        lx.next();
        const body = this.block();
        this.checkMatch(T.END, T.DO, line);
        return { type: 'DoStatement', body, loc: this.loc(start) };
      }
      case T.FOR:
        return this.forStat(line, start);
      case T.REPEAT:
        return this.repeatStat(line, start);
      case T.FUNCTION: {
        lx.next();
        const nameStart = lx.t;
        const [name, v] = this.singleVar();
        let identifier: A.Identifier | A.MemberExpression = name as A.Identifier;
        let self = false;
        while (this.at() === 46 || this.at() === 58) {
          self = this.at() === 58;
          const key = this.field(v);
          identifier = {
            type: 'MemberExpression',
            indexer: self ? ':' : '.',
            identifier: key,
            base: identifier,
            loc: this.loc(nameStart),
          };
          if (self) break;
        }
        const [fn, closure] = this.body(start, identifier, false, self, line);
        this.regs.storeVar(v, closure);
        return fn;
      }
      case T.LOCAL: {
        lx.next();
        if (this.testNext(T.FUNCTION)) {
          const name = this.name();
          this.newLocal(name.name, 0);
          const v = desc(K.LOCAL, this.regs.freereg);
          this.regs.reserve(1);
          this.activate(1);
          const [fn, closure] = this.body(start, name, true, false, lx.line);
          this.regs.storeVar(v, closure);
          return fn;
        }
        const variables: A.Identifier[] = [];
        do {
          const v = this.name();
          this.newLocal(v.name, variables.length);
          variables.push(v);
        } while (this.testNext(44));
        let init: A.Expression[] = [];
        let last = desc(K.VOID);
        if (this.testNext(61)) [init, last] = this.exprList();
        this.regs.adjustAssign(variables.length, init.length, last);
        this.activate(variables.length);
        return { type: 'LocalStatement', variables, init, loc: this.loc(start) };
      }
      case T.RETURN: {
        lx.next();
        const regs = this.regs;
        let args: A.Expression[] = [];
        let first = 0;
        let nret = 0;
        if (!blockFollow(this.at()) && this.at() !== 59) {
          let e: Desc;
          [args, e] = this.exprList();
          nret = args.length;
          if (hasMultRet(e)) {
            regs.setMultRet(e);
            if (e.k === K.CALL && nret === 1) regs.callResults(e, true);
            first = this.fs.nactvar;
            nret = MULTRET;
          } else if (nret === 1) first = regs.exp2anyreg(e);
          else {
            regs.exp2nextreg(e);
            first = this.fs.nactvar;
          }
        }
        regs.ret(first, nret);
        return { type: 'ReturnStatement', arguments: args, loc: this.loc(start) };
      }
      case T.BREAK:
        lx.next();
        this.breakStat();
        return { type: 'BreakStatement', loc: this.loc(start) };
      default:
        return this.exprStat(start);
    }
  }

  /** `breakstat`: a jump out of the innermost loop, closing the captured locals it leaves. */
  private breakStat(): void {
    let b = this.fs.block;
    let upval = false;
    while (b && !b.loop) {
      upval ||= b.upval;
      b = b.prev;
    }
    if (!b) this.lx.error('no loop to break');
    if (upval) this.regs.codeABC(Op.CLOSE, b.nactvar, 0, 0);
    b.breaklist = this.regs.concat(b.breaklist, this.regs.jump());
  }

  /** `repeatstat`: the condition is read inside the body's scope. */
  private repeatStat(line: number, start: Token): A.RepeatStatement {
    const regs = this.regs;
    const repeatInit = regs.getLabel();
    this.enterBlock(true);
    this.enterBlock(false);
    const scope = this.fs.block!;
    this.lx.next();
    const body = this.statements();
    this.checkMatch(T.UNTIL, T.REPEAT, line);
    const [condition, condExit] = this.cond();
    if (!scope.upval) {
      this.leaveBlock();
      regs.patchList(condExit, repeatInit);
    } else {
      // a captured local must be closed on both ways out: `if cond then break end`, else repeat
      this.breakStat();
      regs.patchToHere(condExit);
      this.leaveBlock();
      regs.patchList(regs.jump(), repeatInit);
    }
    this.leaveBlock();
    return { type: 'RepeatStatement', condition, body, loc: this.loc(start) };
  }

  /** `cond`: a condition, jumping away when false; answers the list of those jumps. */
  private cond(): [A.Expression, number] {
    const [e, d] = this.expr();
    if (d.k === K.NIL) d.k = K.FALSE;
    this.regs.goIfTrue(d);
    return [e, d.f];
  }

  private ifStat(line: number, start: Token): A.IfStatement {
    const lx: Lexer = this.lx;
    const regs = this.regs;
    const clauses: A.IfStatement['clauses'] = [];
    let from = start;
    let escapes = NO_JUMP;
    let flist = NO_JUMP;
    do {
      const type = from === start ? 'IfClause' : 'ElseifClause';
      if (type === 'ElseifClause') {
        escapes = regs.concat(escapes, regs.jump());
        regs.patchToHere(flist);
      }
      lx.next();
      let condition: A.Expression;
      [condition, flist] = this.cond();
      this.checkNext(T.THEN);
      const body = this.block();
      clauses.push({ type, condition, body, loc: this.loc(from) });
      from = lx.t;
    } while (this.at() === T.ELSEIF);
    if (this.at() === T.ELSE) {
      escapes = regs.concat(escapes, regs.jump());
      regs.patchToHere(flist);
      lx.next();
      const body = this.block();
      clauses.push({ type: 'ElseClause', body, loc: this.loc(from) });
    } else escapes = regs.concat(escapes, flist);
    regs.patchToHere(escapes);
    this.checkMatch(T.END, T.IF, line);
    return { type: 'IfStatement', clauses, loc: this.loc(start) };
  }

  private forStat(line: number, start: Token): A.ForNumericStatement | A.ForGenericStatement {
    const lx: Lexer = this.lx;
    this.enterBlock(true);
    lx.next();
    const first = this.name();
    let node: A.ForNumericStatement | A.ForGenericStatement;
    const base = this.regs.freereg;
    if (this.at() === 61) {
      for (let i = 0; i < 4; i++) this.newLocal(i === 3 ? first.name : '(for)', i);
      lx.next();
      const from = this.exp1();
      this.checkNext(44);
      const to = this.exp1();
      let step: A.Expression | null = null;
      if (this.testNext(44)) step = this.exp1();
      else {
        this.regs.codeABx(Op.LOADK, this.regs.freereg, this.regs.numberK(1));
        this.regs.reserve(1);
      }
      const body = this.forBody(base, 1, true);
      node = {
        type: 'ForNumericStatement',
        variable: first,
        start: from,
        end: to,
        step,
        body,
      } as A.ForNumericStatement;
    } else if (this.at() === 44 || this.at() === T.IN) {
      for (let i = 0; i < 3; i++) this.newLocal('(for)', i);
      this.newLocal(first.name, 3);
      const variables = [first];
      while (this.testNext(44)) {
        const v = this.name();
        this.newLocal(v.name, variables.length + 3);
        variables.push(v);
      }
      this.checkNext(T.IN);
      const [iterators, last] = this.exprList();
      this.regs.adjustAssign(3, iterators.length, last);
      this.regs.checkStack(3);
      const body = this.forBody(base, variables.length, false);
      node = { type: 'ForGenericStatement', variables, iterators, body } as A.ForGenericStatement;
    } else lx.error("'=' or 'in' expected");
    this.checkMatch(T.END, T.FOR, line);
    this.leaveBlock();
    node.loc = this.loc(start);
    return node;
  }

  /** `exp1`: a numeric for's bound, in the next register. */
  private exp1(): A.Expression {
    const [e, d] = this.expr();
    this.regs.exp2nextreg(d);
    return e;
  }

  /**
   * `forbody`: the three hidden control locals, `do`, then the declared ones in
   * an inner scope; the loop's instruction jumps back over the whole body.
   */
  private forBody(base: number, nvars: number, numeric: boolean): A.Statement[] {
    const regs = this.regs;
    this.activate(3);
    this.checkNext(T.DO);
    const prep = numeric ? regs.codeAsBx(Op.FORPREP, base, NO_JUMP) : regs.jump();
    this.enterBlock(false);
    this.activate(nvars);
    regs.reserve(nvars);
    const body = this.block();
    this.leaveBlock();
    regs.patchToHere(prep);
    const endFor = numeric
      ? regs.codeAsBx(Op.FORLOOP, base, NO_JUMP)
      : regs.codeABC(Op.TFORLOOP, base, 0, nvars);
    regs.patchList(numeric ? endFor : regs.jump(), prep + 1);
    return body;
  }

  /** `body`: `(params) chunk end` as a new function, and the closure made of it. */
  private body(
    start: Token,
    identifier: A.FunctionDeclaration['identifier'],
    isLocal: boolean,
    self: boolean,
    line: number,
  ): [A.FunctionDeclaration, Desc] {
    const lx: Lexer = this.lx;
    const first = lx.count;
    const fs = (this.fs = this.openFunc(line));
    this.checkNext(40);
    if (self) {
      this.newLocal('self', 0);
      this.activate(1);
    }
    const parameters: A.FunctionDeclaration['parameters'] = [];
    if (this.at() !== 41) {
      do {
        if (this.at() === T.NAME) {
          const p = this.name();
          this.newLocal(p.name, parameters.length);
          parameters.push(p);
        } else if (this.at() === T.DOTS) {
          const t = lx.t;
          lx.next();
          // LUA_COMPAT_VARARG: a vararg function also gets a local `arg`
          this.newLocal('arg', parameters.length);
          fs.vararg = true;
          parameters.push({ type: 'VarargLiteral', value: '...', raw: '...', loc: this.loc(t) });
        } else lx.error("<name> or '...' expected");
      } while (!fs.vararg && this.testNext(44));
    }
    this.activate(parameters.length);
    fs.regs.reserve(fs.nactvar);
    this.checkNext(41);
    const body = this.statements();
    this.checkMatch(T.END, T.FUNCTION, line);
    fs.regs.ret(0, 0); // close_func's final return
    this.fs = fs.prev!;
    const closure = this.regs.closure(fs.upvalues.size);
    const fn: A.FunctionDeclaration = {
      type: 'FunctionDeclaration',
      identifier,
      isLocal,
      parameters,
      body,
      loc: this.loc(start),
      tokens: lx.count - first,
    };
    return [fn, closure];
  }

  /** A call, or an assignment (`restassign`: targets right to left, then the values). */
  private exprStat(start: Token): A.Statement {
    const [first, d] = this.primaryExp();
    if (d.k === K.CALL) {
      this.regs.callResults(d, false);
      return {
        type: 'CallStatement',
        expression: first as A.CallStatement['expression'],
        loc: this.loc(start),
      };
    }
    const variables = [first] as A.AssignmentStatement['variables'];
    const descs = [d];
    let last = d;
    for (;;) {
      if (!isVar(last)) this.lx.error('syntax error');
      if (!this.testNext(44)) break;
      const [v, vd] = this.primaryExp();
      if (vd.k === K.LOCAL) this.conflict(descs, vd);
      const room = MAX_LEVELS - this.level;
      if (variables.length > room) this.limit(this.fs, room, 'variables in assignment');
      variables.push(v as A.Identifier);
      descs.push(vd);
      last = vd;
    }
    this.checkNext(61);
    const [init, e] = this.exprList();
    const regs = this.regs;
    let i = descs.length - 1;
    if (init.length === descs.length) {
      regs.setOneRet(e);
      regs.storeVar(descs[i--]!, e);
    } else {
      regs.adjustAssign(descs.length, init.length, e);
      if (init.length > descs.length) regs.freereg -= init.length - descs.length;
    }
    for (; i >= 0; i--) regs.storeVar(descs[i]!, desc(K.NONRELOC, regs.freereg - 1));
    return { type: 'AssignmentStatement', variables, init, loc: this.loc(start) };
  }

  /** `check_conflict`: a local assigned after a table indexed by it is copied first. */
  private conflict(previous: Desc[], v: Desc): void {
    const regs = this.regs;
    const extra = regs.freereg;
    let conflict = false;
    for (const lh of previous) {
      if (lh.k !== K.INDEXED) continue;
      if (lh.info === v.info) {
        conflict = true;
        lh.info = extra;
      }
      if (lh.aux === v.info) {
        conflict = true;
        lh.aux = extra;
      }
    }
    if (conflict) regs.copyLocal(v.info);
  }

  // ---- expressions --------------------------------------------------------

  /** `explist1`: every value but the last goes to the next register. */
  private exprList(): [A.Expression[], Desc] {
    let [e, d] = this.expr();
    const list = [e];
    while (this.testNext(44)) {
      this.regs.exp2nextreg(d);
      [e, d] = this.expr();
      list.push(e);
    }
    return [list, d];
  }

  private expr(): Exp {
    const [e, d] = this.subExpr(0);
    return [e, d];
  }

  /** `subexpr`: operators binding tighter than `limit`; answers the first one left over. */
  private subExpr(limit: number): [A.Expression, Desc, number] {
    const lx: Lexer = this.lx;
    this.enterLevel();
    const start = lx.t;
    let e: A.Expression;
    let d: Desc;
    const unary = UNARY[this.at()];
    if (unary) {
      lx.next();
      const [argument, ad] = this.subExpr(UNARY_PRIORITY);
      this.regs.prefix(unary, ad);
      e = { type: 'UnaryExpression', operator: unary, argument, loc: this.loc(start) };
      d = ad;
    } else [e, d] = this.simpleExp();
    let op = this.at();
    for (let b = BINARY[op]; b && b[1] > limit; b = BINARY[op]) {
      lx.next();
      const operator = b[0];
      this.regs.infix(operator, d);
      const [right, rd, next] = this.subExpr(b[2]);
      this.regs.posfix(operator, d, rd);
      e =
        operator === 'and' || operator === 'or'
          ? { type: 'LogicalExpression', operator, left: e, right, loc: this.loc(start) }
          : { type: 'BinaryExpression', operator, left: e, right, loc: this.loc(start) };
      op = next;
    }
    this.level--;
    return [e, d, op];
  }

  private simpleExp(): Exp {
    const lx: Lexer = this.lx;
    const t = lx.t;
    const at = this.loc(t, t);
    let e: Exp;
    switch (t.tok) {
      case T.NUMBER:
        e = [
          { type: 'NumericLiteral', value: t.value as number, raw: t.text, loc: at },
          { ...desc(K.KNUM), nval: t.value as number },
        ];
        break;
      case T.STRING:
        e = [this.stringLiteral(t), desc(K.K, this.regs.stringK(t.value as string))];
        break;
      case T.NIL:
        e = [{ type: 'NilLiteral', value: null, raw: 'nil', loc: at }, desc(K.NIL)];
        break;
      case T.TRUE:
      case T.FALSE:
        e = [
          { type: 'BooleanLiteral', value: t.tok === T.TRUE, raw: tokenText(t.tok), loc: at },
          desc(t.tok === T.TRUE ? K.TRUE : K.FALSE),
        ];
        break;
      case T.DOTS:
        if (!this.fs.vararg) lx.error("cannot use '...' outside a vararg function");
        e = [
          { type: 'VarargLiteral', value: '...', raw: '...', loc: at },
          desc(K.VARARG, this.regs.codeABC(Op.VARARG, 0, 1, 0)),
        ];
        break;
      case 123:
        return this.constructorExp();
      case T.FUNCTION:
        lx.next();
        return this.body(t, null, false, false, lx.line);
      default:
        return this.primaryExp();
    }
    lx.next();
    return e;
  }

  private stringLiteral(t: Token): A.StringLiteral {
    const raw = this.src.slice(t.start, t.end);
    return { type: 'StringLiteral', value: t.value as string, raw, loc: this.loc(t, t) };
  }

  /** `field`: `.name` or `:name` after `v` (already in a register); the key is a constant. */
  private field(v: Desc): A.Identifier {
    this.regs.exp2anyreg(v);
    this.lx.next();
    const key = this.name();
    this.regs.indexed(v, desc(K.K, this.regs.stringK(key.name)));
    return key;
  }

  /** `primaryexp`: a name or `(exp)`, then any run of `.k`, `[k]`, `:m(args)` and calls. */
  private primaryExp(): Exp {
    const lx: Lexer = this.lx;
    const regs = this.regs;
    const start = lx.t;
    let e: A.Expression;
    let d: Desc;
    if (this.at() === 40) {
      const line = lx.line;
      lx.next();
      [e, d] = this.expr();
      this.checkMatch(41, 40, line);
      regs.dischargeVars(d);
      e.inParens = true;
    } else if (this.at() === T.NAME) {
      [e, d] = this.singleVar();
    } else lx.error('unexpected symbol');
    for (;;) {
      switch (this.at()) {
        case 46: {
          const identifier = this.field(d);
          e = { type: 'MemberExpression', indexer: '.', identifier, base: e, loc: this.loc(start) };
          break;
        }
        case 91: {
          regs.exp2anyreg(d);
          lx.next();
          const [index, kd] = this.expr();
          regs.exp2val(kd);
          this.checkNext(93);
          regs.indexed(d, kd);
          e = { type: 'IndexExpression', base: e, index, loc: this.loc(start) };
          break;
        }
        case 58: {
          lx.next();
          const identifier = this.name();
          regs.self(d, desc(K.K, regs.stringK(identifier.name)));
          const base: A.MemberExpression = {
            type: 'MemberExpression',
            indexer: ':',
            identifier,
            base: e,
            loc: this.loc(start),
          };
          e = this.callArgs(base, d, start);
          break;
        }
        case 40:
        case T.STRING:
        case 123:
          regs.exp2nextreg(d);
          e = this.callArgs(e, d, start);
          break;
        default:
          return [e, d];
      }
    }
  }

  /** `funcargs`: `(explist)`, a table constructor or a string; `f` becomes the call. */
  private callArgs(base: A.Expression, f: Desc, start: Token): A.Expression {
    const lx: Lexer = this.lx;
    const regs = this.regs;
    const line = lx.line;
    const t = lx.t;
    let call: A.Expression;
    let args: Desc;
    if (t.tok === 40) {
      if (line !== lx.lastLine) lx.error('ambiguous syntax (function call x new statement)');
      lx.next();
      let list: A.Expression[] = [];
      args = desc(K.VOID);
      if (this.at() !== 41) {
        [list, args] = this.exprList();
        regs.setMultRet(args);
      }
      this.checkMatch(41, 40, line);
      call = { type: 'CallExpression', base, arguments: list, loc: this.loc(start) };
    } else if (t.tok === 123) {
      let table: A.TableConstructorExpression;
      [table, args] = this.constructorExp();
      call = { type: 'TableCallExpression', base, arguments: table, loc: this.loc(start) };
    } else {
      if (t.tok !== T.STRING) lx.error('function arguments expected');
      args = desc(K.K, regs.stringK(t.value as string));
      lx.next();
      const argument = this.stringLiteral(t);
      call = { type: 'StringCallExpression', base, argument, loc: this.loc(start) };
    }
    const callBase = f.info;
    let nparams = MULTRET;
    if (!hasMultRet(args)) {
      if (args.k !== K.VOID) regs.exp2nextreg(args);
      nparams = regs.freereg - (callBase + 1);
    }
    Object.assign(f, desc(K.CALL, regs.codeABC(Op.CALL, callBase, nparams + 1, 2)));
    regs.freereg = callBase + 1;
    return call;
  }

  /** `constructor`: `{ field {sep field} [sep] }`. */
  private constructorExp(): [A.TableConstructorExpression, Desc] {
    const lx: Lexer = this.lx;
    const regs = this.regs;
    const start = lx.t;
    const line = lx.line;
    const t = regs.newTable();
    const cc: Constructor = { base: t.info, v: desc(K.VOID), na: 0, tostore: 0 };
    this.checkNext(123);
    const fields: A.TableConstructorExpression['fields'] = [];
    do {
      if (this.at() === 125) break;
      regs.closeListField(cc);
      const from = lx.t;
      if (this.at() === 91 || (this.at() === T.NAME && lx.peek().tok === 61)) {
        const reg = regs.freereg;
        let key: A.Expression;
        let kd: Desc;
        if (this.at() === T.NAME) {
          key = this.name();
          kd = desc(K.K, regs.stringK(key.name));
        } else {
          lx.next();
          [key, kd] = this.expr();
          regs.exp2val(kd);
          this.checkNext(93);
        }
        this.checkNext(61);
        const rkkey = regs.exp2RK(kd);
        const [value, vd] = this.expr();
        regs.setField(t, rkkey, vd);
        regs.freereg = reg;
        fields.push(
          key.type === 'Identifier' && from.tok === T.NAME
            ? { type: 'TableKeyString', key, value, loc: this.loc(from) }
            : { type: 'TableKey', key, value, loc: this.loc(from) },
        );
      } else {
        const [value, vd] = this.expr();
        cc.v = vd;
        cc.na++;
        cc.tostore++;
        fields.push({ type: 'TableValue', value, loc: this.loc(from) });
      }
    } while (this.testNext(44) || this.testNext(59));
    this.checkMatch(125, 123, line);
    regs.lastListField(cc);
    return [{ type: 'TableConstructorExpression', fields, loc: this.loc(start) }, t];
  }
}

function blockFollow(tok: number): boolean {
  return tok === T.ELSE || tok === T.ELSEIF || tok === T.END || tok === T.UNTIL || tok === T.EOS;
}
