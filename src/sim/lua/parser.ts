/**
 * The parser of the Lua 5.1 engine: Lua 5.1's `lparser.c` grammar and checks,
 * building the tree of `ast.ts`.
 *
 * It follows the real parser's order of work token by token, so that a
 * malformed script fails at the same token, on the same line, with the same
 * words as on a real Redis 7.0 server: the expected-token errors, the
 * "to close 'x' at line N" form, `no loop to break`, `'...'` outside a vararg
 * function, the 200-level nesting limit, the 200-locals and 60-upvalues
 * limits and the `(function call x new statement)` ambiguity. Only the code
 * generator's register limit ("function or expression too complex") is not
 * modelled (see the README).
 */
import type * as A from './ast.ts';
import { Lexer, LuaSyntaxError, T, tokenText, type Token } from './lexer.ts';

export { LuaSyntaxError };

const MAX_LEVELS = 200; // LUAI_MAXCCALLS
const MAX_VARS = 200; // LUAI_MAXVARS
const MAX_UPVALUES = 60; // LUAI_MAXUPVALUES
const UNARY_PRIORITY = 8;

type Loc = A.SourceLocation;
/** What the real parser's `expdesc.k` tells the statement rules: assignable, a call, or neither. */
type Kind = 'var' | 'call' | 'value';

/** A block of one function: where its locals start, and whether `break` may leave it. */
interface Block {
  prev: Block | null;
  nactvar: number;
  loop: boolean;
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
  block: Block | null;
  upvalues: Map<object, object>;
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
 */
export function parseChunk(source: string): A.Chunk {
  return new Parser(source).chunk();
}

class Parser {
  private readonly lx: Lexer;
  private fs: Func;
  private level = 0;

  constructor(private readonly src: string) {
    this.lx = new Lexer(src);
    this.fs = this.openFunc(0);
    this.fs.vararg = true;
  }

  chunk(): A.Chunk {
    const lx: Lexer = this.lx;
    lx.next();
    const first = lx.t;
    const body = this.statements();
    this.check(T.EOS);
    return { type: 'Chunk', body, loc: body.length ? this.loc(first) : this.loc(first, first) };
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
    return {
      prev: this.fs ?? null,
      line,
      vararg: false,
      vars: [],
      names: [],
      nactvar: 0,
      block: null,
      upvalues: new Map(),
    };
  }

  /** `new_localvar`: declares the n-th pending local of a statement. */
  private newLocal(name: string, n: number): void {
    const fs = this.fs;
    if (fs.nactvar + n + 1 > MAX_VARS) this.limit(fs, MAX_VARS, 'local variables');
    fs.vars[fs.nactvar + n] = {};
    fs.names[fs.nactvar + n] = name;
  }

  private activate(n: number): void {
    this.fs.nactvar += n;
  }

  private enterBlock(loop: boolean): void {
    const fs = this.fs;
    fs.block = { prev: fs.block, nactvar: fs.nactvar, loop };
  }

  private leaveBlock(): void {
    const fs = this.fs;
    fs.nactvar = fs.block!.nactvar;
    fs.block = fs.block!.prev;
  }

  /** `singlevaraux`: the variable a name denotes in `fs` (null: a global), adding upvalues. */
  private resolve(fs: Func | null, name: string): object | null {
    if (!fs) return null;
    for (let i = fs.nactvar - 1; i >= 0; i--) if (fs.names[i] === name) return fs.vars[i]!;
    const outer = this.resolve(fs.prev, name);
    if (!outer) return null;
    let up = fs.upvalues.get(outer);
    if (!up) {
      if (fs.upvalues.size + 1 > MAX_UPVALUES) this.limit(fs, MAX_UPVALUES, 'upvalues');
      fs.upvalues.set(outer, (up = {}));
    }
    return up;
  }

  private singleVar(): A.Identifier {
    const id = this.name();
    this.resolve(this.fs, id.name);
    return id;
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
        const condition = this.expr();
        this.enterBlock(true);
        this.checkNext(T.DO);
        const body = this.statements();
        this.checkMatch(T.END, T.WHILE, line);
        this.leaveBlock();
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
      case T.REPEAT: {
        this.enterBlock(true);
        this.enterBlock(false);
        lx.next();
        const body = this.statements();
        this.checkMatch(T.UNTIL, T.REPEAT, line);
        const condition = this.expr();
        this.leaveBlock();
        this.leaveBlock();
        return { type: 'RepeatStatement', condition, body, loc: this.loc(start) };
      }
      case T.FUNCTION: {
        lx.next();
        const nameStart = lx.t;
        let identifier: A.Identifier | A.MemberExpression = this.singleVar();
        let self = false;
        while (this.at() === 46 || this.at() === 58) {
          self = this.at() === 58;
          lx.next();
          const key = this.name();
          identifier = {
            type: 'MemberExpression',
            indexer: self ? ':' : '.',
            identifier: key,
            base: identifier,
            loc: this.loc(nameStart),
          };
          if (self) break;
        }
        return this.body(start, identifier, false, self, line);
      }
      case T.LOCAL: {
        lx.next();
        if (this.testNext(T.FUNCTION)) {
          const name = this.name();
          this.newLocal(name.name, 0);
          this.activate(1);
          return this.body(start, name, true, false, lx.line);
        }
        const variables: A.Identifier[] = [];
        do {
          const v = this.name();
          this.newLocal(v.name, variables.length);
          variables.push(v);
        } while (this.testNext(44));
        const init = this.testNext(61) ? this.exprList() : [];
        this.activate(variables.length);
        return { type: 'LocalStatement', variables, init, loc: this.loc(start) };
      }
      case T.RETURN: {
        lx.next();
        const args = blockFollow(this.at()) || this.at() === 59 ? [] : this.exprList();
        return { type: 'ReturnStatement', arguments: args, loc: this.loc(start) };
      }
      case T.BREAK: {
        lx.next();
        let b = this.fs.block;
        while (b && !b.loop) b = b.prev;
        if (!b) lx.error('no loop to break');
        return { type: 'BreakStatement', loc: this.loc(start) };
      }
      default:
        return this.exprStat(start);
    }
  }

  private ifStat(line: number, start: Token): A.IfStatement {
    const lx: Lexer = this.lx;
    const clauses: A.IfStatement['clauses'] = [];
    let from = start;
    do {
      const type = from === start ? 'IfClause' : 'ElseifClause';
      lx.next();
      const condition = this.expr();
      this.checkNext(T.THEN);
      const body = this.block();
      clauses.push({ type, condition, body, loc: this.loc(from) });
      from = lx.t;
    } while (this.at() === T.ELSEIF);
    if (this.at() === T.ELSE) {
      lx.next();
      const body = this.block();
      clauses.push({ type: 'ElseClause', body, loc: this.loc(from) });
    }
    this.checkMatch(T.END, T.IF, line);
    return { type: 'IfStatement', clauses, loc: this.loc(start) };
  }

  private forStat(line: number, start: Token): A.ForNumericStatement | A.ForGenericStatement {
    const lx: Lexer = this.lx;
    this.enterBlock(true);
    lx.next();
    const first = this.name();
    let node: A.ForNumericStatement | A.ForGenericStatement;
    if (this.at() === 61) {
      for (let i = 0; i < 4; i++) this.newLocal(i === 3 ? first.name : '(for)', i);
      lx.next();
      const from = this.expr();
      this.checkNext(44);
      const to = this.expr();
      const step = this.testNext(44) ? this.expr() : null;
      const body = this.forBody(1);
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
      const iterators = this.exprList();
      const body = this.forBody(variables.length);
      node = { type: 'ForGenericStatement', variables, iterators, body } as A.ForGenericStatement;
    } else lx.error("'=' or 'in' expected");
    this.checkMatch(T.END, T.FOR, line);
    this.leaveBlock();
    node.loc = this.loc(start);
    return node;
  }

  /** `forbody`: the three hidden control locals, `do`, then the declared ones in an inner scope. */
  private forBody(nvars: number): A.Statement[] {
    this.activate(3);
    this.checkNext(T.DO);
    this.enterBlock(false);
    this.activate(nvars);
    const body = this.block();
    this.leaveBlock();
    return body;
  }

  /** `body`: `(params) chunk end` as a new function. */
  private body(
    start: Token,
    identifier: A.FunctionDeclaration['identifier'],
    isLocal: boolean,
    self: boolean,
    line: number,
  ): A.FunctionDeclaration {
    const lx: Lexer = this.lx;
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
    this.checkNext(41);
    const body = this.statements();
    this.checkMatch(T.END, T.FUNCTION, line);
    this.fs = fs.prev!;
    return {
      type: 'FunctionDeclaration',
      identifier,
      isLocal,
      parameters,
      body,
      loc: this.loc(start),
    };
  }

  private exprStat(start: Token): A.Statement {
    const [first, kind] = this.primaryExp();
    if (kind === 'call') {
      return {
        type: 'CallStatement',
        expression: first as A.CallStatement['expression'],
        loc: this.loc(start),
      };
    }
    const variables = [first] as A.AssignmentStatement['variables'];
    let k: Kind = kind;
    for (;;) {
      if (k !== 'var') this.lx.error('syntax error');
      if (!this.testNext(44)) break;
      const [v, vk] = this.primaryExp();
      const room = MAX_LEVELS - this.level;
      if (variables.length > room) this.limit(this.fs, room, 'variables in assignment');
      variables.push(v as A.Identifier);
      k = vk;
    }
    this.checkNext(61);
    const init = this.exprList();
    return { type: 'AssignmentStatement', variables, init, loc: this.loc(start) };
  }

  // ---- expressions --------------------------------------------------------

  private exprList(): A.Expression[] {
    const list = [this.expr()];
    while (this.testNext(44)) list.push(this.expr());
    return list;
  }

  private expr(): A.Expression {
    return this.subExpr(0)[0];
  }

  /** `subexpr`: operators binding tighter than `limit`; answers the first one left over. */
  private subExpr(limit: number): [A.Expression, number] {
    const lx: Lexer = this.lx;
    this.enterLevel();
    const start = lx.t;
    let e: A.Expression;
    const unary = UNARY[this.at()];
    if (unary) {
      lx.next();
      const argument = this.subExpr(UNARY_PRIORITY)[0];
      e = { type: 'UnaryExpression', operator: unary, argument, loc: this.loc(start) };
    } else e = this.simpleExp();
    let op = this.at();
    for (let b = BINARY[op]; b && b[1] > limit; b = BINARY[op]) {
      lx.next();
      const [right, next] = this.subExpr(b[2]);
      const operator = b[0];
      e =
        operator === 'and' || operator === 'or'
          ? { type: 'LogicalExpression', operator, left: e, right, loc: this.loc(start) }
          : { type: 'BinaryExpression', operator, left: e, right, loc: this.loc(start) };
      op = next;
    }
    this.level--;
    return [e, op];
  }

  private simpleExp(): A.Expression {
    const lx: Lexer = this.lx;
    const t = lx.t;
    let e: A.Expression;
    switch (t.tok) {
      case T.NUMBER:
        e = { type: 'NumericLiteral', value: t.value as number, raw: t.text, loc: this.loc(t, t) };
        break;
      case T.STRING:
        e = {
          type: 'StringLiteral',
          value: t.value as string,
          raw: this.raw(t),
          loc: this.loc(t, t),
        };
        break;
      case T.NIL:
        e = { type: 'NilLiteral', value: null, raw: 'nil', loc: this.loc(t, t) };
        break;
      case T.TRUE:
      case T.FALSE:
        e = {
          type: 'BooleanLiteral',
          value: t.tok === T.TRUE,
          raw: tokenText(t.tok),
          loc: this.loc(t, t),
        };
        break;
      case T.DOTS:
        if (!this.fs.vararg) lx.error("cannot use '...' outside a vararg function");
        e = { type: 'VarargLiteral', value: '...', raw: '...', loc: this.loc(t, t) };
        break;
      case 123:
        return this.constructorExp();
      case T.FUNCTION:
        lx.next();
        return this.body(t, null, false, false, lx.line);
      default:
        return this.primaryExp()[0];
    }
    lx.next();
    return e;
  }

  private raw(t: Token): string {
    return this.src.slice(t.start, t.end);
  }

  /** `primaryexp`: a name or `(exp)`, then any run of `.k`, `[k]`, `:m(args)` and calls. */
  private primaryExp(): [A.Expression, Kind] {
    const lx: Lexer = this.lx;
    const start = lx.t;
    let e: A.Expression;
    let kind: Kind;
    if (this.at() === 40) {
      const line = lx.line;
      lx.next();
      e = this.expr();
      this.checkMatch(41, 40, line);
      e.inParens = true;
      kind = 'value';
    } else if (this.at() === T.NAME) {
      e = this.singleVar();
      kind = 'var';
    } else lx.error('unexpected symbol');
    for (;;) {
      switch (this.at()) {
        case 46: {
          lx.next();
          const identifier = this.name();
          e = { type: 'MemberExpression', indexer: '.', identifier, base: e, loc: this.loc(start) };
          kind = 'var';
          break;
        }
        case 91: {
          lx.next();
          const index = this.expr();
          this.checkNext(93);
          e = { type: 'IndexExpression', base: e, index, loc: this.loc(start) };
          kind = 'var';
          break;
        }
        case 58: {
          lx.next();
          const identifier = this.name();
          const base: A.MemberExpression = {
            type: 'MemberExpression',
            indexer: ':',
            identifier,
            base: e,
            loc: this.loc(start),
          };
          e = this.callArgs(base, start);
          kind = 'call';
          break;
        }
        case 40:
        case T.STRING:
        case 123:
          e = this.callArgs(e, start);
          kind = 'call';
          break;
        default:
          return [e, kind];
      }
    }
  }

  /** `funcargs`: `(explist)`, a table constructor or a string. */
  private callArgs(base: A.Expression, start: Token): A.Expression {
    const lx: Lexer = this.lx;
    const line = lx.line;
    const t = lx.t;
    if (t.tok === 40) {
      if (line !== lx.lastLine) lx.error('ambiguous syntax (function call x new statement)');
      lx.next();
      const args = this.at() === 41 ? [] : this.exprList();
      this.checkMatch(41, 40, line);
      return { type: 'CallExpression', base, arguments: args, loc: this.loc(start) };
    }
    if (t.tok === 123) {
      const args = this.constructorExp();
      return { type: 'TableCallExpression', base, arguments: args, loc: this.loc(start) };
    }
    if (t.tok !== T.STRING) lx.error('function arguments expected');
    lx.next();
    const argument: A.StringLiteral = {
      type: 'StringLiteral',
      value: t.value as string,
      raw: this.raw(t),
      loc: this.loc(t, t),
    };
    return { type: 'StringCallExpression', base, argument, loc: this.loc(start) };
  }

  /** `constructor`: `{ field {sep field} [sep] }`. */
  private constructorExp(): A.TableConstructorExpression {
    const lx: Lexer = this.lx;
    const start = lx.t;
    const line = lx.line;
    this.checkNext(123);
    const fields: A.TableConstructorExpression['fields'] = [];
    do {
      if (this.at() === 125) break;
      const from = lx.t;
      if (this.at() === 91 || (this.at() === T.NAME && lx.peek().tok === 61)) {
        let key: A.Expression;
        if (this.at() === T.NAME) key = this.name();
        else {
          lx.next();
          key = this.expr();
          this.checkNext(93);
        }
        this.checkNext(61);
        const value = this.expr();
        fields.push(
          key.type === 'Identifier' && from.tok === T.NAME
            ? { type: 'TableKeyString', key, value, loc: this.loc(from) }
            : { type: 'TableKey', key, value, loc: this.loc(from) },
        );
      } else {
        const value = this.expr();
        fields.push({ type: 'TableValue', value, loc: this.loc(from) });
      }
    } while (this.testNext(44) || this.testNext(59));
    this.checkMatch(125, 123, line);
    return { type: 'TableConstructorExpression', fields, loc: this.loc(start) };
  }
}

function blockFollow(tok: number): boolean {
  return tok === T.ELSE || tok === T.ELSEIF || tok === T.END || tok === T.UNTIL || tok === T.EOS;
}
