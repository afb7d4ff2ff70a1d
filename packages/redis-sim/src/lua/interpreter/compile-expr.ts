/**
 * Expressions compiled to JS closures over a {@link Frame}. Single values are
 * `E`, multiple results (calls, `...`) are `M`. The fast paths (two numbers,
 * a plain table) are inlined; everything else goes to ops.ts, which carries
 * the metamethods and the error words.
 */
import type * as A from '../ast.ts';
import { stringHash } from '../table-hash.ts';
import { LuaTable, type LuaValue } from '../values.ts';
import { calleeName, describe } from './describe.ts';
import { runtimeError, type CallName } from './errors.ts';
import type { FnState } from './fn-state.ts';
import { refOf } from './fn-state.ts';
import type { Box, Frame } from './frame.ts';
import * as op from './ops.ts';
import { S, chargeHeap } from './runtime.ts';
import { compileLongChain, isLongChain, type ChainCompiler } from './suffix-chain.ts';
import type { CallNode } from './suffixes.ts';

export type { CallNode } from './suffixes.ts';

/** What a table costs the run's heap when it is made: its header and a slot per field. */
const TABLE_BYTES = 64;
const FIELD_BYTES = 16;

/** A compiled expression that answers one value. */
export type E = (f: Frame) => LuaValue;
/** A compiled expression that answers many values (a call, `...`). */
export type M = (f: Frame) => LuaValue[];

const NONE: LuaValue[] = [];

/** The line an operation is charged to (the line its last token ends on, as luaK_code's lastline). */
export const lineOf = (n: A.BaseNode): number => n.loc.end.line;

/** Compiles an expression for one value (a call or `...` gives its first result). */
export function compileExpr(fs: FnState, e: A.Expression): E {
  const m = multi(fs, e);
  if (m) return (f) => m(f)[0];
  switch (e.type) {
    case 'NilLiteral':
      return () => undefined;
    case 'NumericLiteral': {
      const v = fs.constant(e.value);
      return () => v;
    }
    case 'BooleanLiteral':
    case 'StringLiteral': {
      const v = e.value;
      return () => v;
    }
    case 'Identifier':
      return compileName(fs, e);
    case 'FunctionDeclaration':
      return fs.chains.compileFunction(fs, e);
    case 'TableConstructorExpression':
      return compileTable(fs, e);
    case 'BinaryExpression':
      return compileBinaryChain(fs, e);
    case 'LogicalExpression':
      return compileLogical(fs, e);
    case 'UnaryExpression':
      return compileUnary(fs, e);
    case 'MemberExpression':
    case 'IndexExpression':
      return compileIndex(fs, e);
    default:
      // calls and `...` in parentheses: one value
      return compileTruncated(fs, e);
  }
}

function compileTruncated(fs: FnState, e: A.Expression): E {
  const m = multi(fs, { ...e, inParens: false } as A.Expression);
  if (!m) throw new Error(`cannot compile ${e.type}`);
  return (f) => m(f)[0];
}

/** Compiles an expression that may give several values; null when it gives exactly one. */
export function multi(fs: FnState, e: A.Expression): M | null {
  if (e.inParens) return null;
  if (e.type === 'VarargLiteral') return (f) => f.va;
  const args = callArguments(e);
  return args ? compileCall(fs, e as CallNode, args) : null;
}

/** The argument expressions of a call node; null for any other node. */
export function callArguments(e: A.Expression): A.Expression[] | null {
  switch (e.type) {
    case 'CallExpression':
      return e.arguments;
    case 'TableCallExpression':
      return [e.arguments];
    case 'StringCallExpression':
      return [e.argument];
    default:
      return null;
  }
}

/** An expression list: every value of each, the last one expanded to all its results. */
export function compileExprList(fs: FnState, list: A.Expression[]): M {
  if (list.length === 0) return () => NONE;
  const lastMulti = multi(fs, list[list.length - 1]!);
  const singles = (lastMulti ? list.slice(0, -1) : list).map((e) => compileExpr(fs, e));
  if (!lastMulti) {
    if (singles.length === 1) {
      const a = singles[0]!;
      return (f) => [a(f)];
    }
    if (singles.length === 2) {
      const a = singles[0]!;
      const b = singles[1]!;
      return (f) => [a(f), b(f)];
    }
    // redis.call('HGET', key, field) and its kind: three and four arguments, unrolled
    if (singles.length === 3) {
      const [a, b, c] = singles as [E, E, E];
      return (f) => [a(f), b(f), c(f)];
    }
    if (singles.length === 4) {
      const [a, b, c, d] = singles as [E, E, E, E];
      return (f) => [a(f), b(f), c(f), d(f)];
    }
    return (f) => {
      const out: LuaValue[] = new Array(singles.length);
      for (let i = 0; i < singles.length; i++) out[i] = singles[i]!(f);
      return out;
    };
  }
  if (singles.length === 0) return lastMulti;
  return (f) => {
    const out: LuaValue[] = [];
    for (const s of singles) out.push(s(f));
    const rest = lastMulti(f);
    for (let i = 0; i < rest.length; i++) out.push(rest[i]);
    return out;
  };
}

function compileName(fs: FnState, id: A.Identifier): E {
  const ref = refOf(fs, id);
  if (ref.kind === 'local') {
    const slot = ref.info.slot;
    if (ref.info.boxed) return (f) => (f.r[slot] as Box).v;
    return (f) => f.r[slot] as LuaValue;
  }
  if (ref.kind === 'upvalue') {
    const i = ref.index;
    return (f) => f.up[i]!.v;
  }
  const name = id.name;
  const line = lineOf(id);
  // the name's hash is taken once here, not on every read (speed: see LuaTable.getStr)
  const hash = stringHash(name);
  return () => {
    const g = S.rt.globals;
    const v = g.getStr(name, hash);
    return v !== undefined ? v : op.index(line, g, name, null);
  };
}

/** How a long chain of suffixes compiles its parts (suffix-chain.ts). */
const CHAIN: ChainCompiler = {
  expr: (fs, e) => compileExpr(fs, e),
  list: (fs, list) => compileExprList(fs, list),
  args: (e) => callArguments(e),
  site: (fs, base) => callSite(fs, base),
};

function compileIndex(fs: FnState, e: A.MemberExpression | A.IndexExpression): E {
  if (isLongChain(e)) {
    const run = compileLongChain(fs, e, CHAIN);
    return (f) => run(f) as LuaValue;
  }
  const base = compileExpr(fs, e.base);
  const name = describe(fs, e.base);
  const line = lineOf(e);
  if (e.type === 'MemberExpression') {
    const key = e.identifier.name;
    // hashed once (speed: see LuaTable.getStr)
    const hash = stringHash(key);
    return (f) => {
      const t = base(f);
      if (t instanceof LuaTable) {
        const v = t.getStr(key, hash);
        if (v !== undefined || t.metatable === null) return v;
      }
      return op.index(line, t, key, name);
    };
  }
  const key = compileExpr(fs, e.index);
  return (f) => {
    const t = base(f);
    const k = key(f);
    if (t instanceof LuaTable) {
      const v = t.get(k);
      if (v !== undefined || t.metatable === null) return v;
    }
    return op.index(line, t, k, name);
  };
}

/** What a call site knows once compiled: its line, how it names its callee, and for `o:m()` the method. */
export interface CallSite {
  line: number;
  callee: CallName;
  /** How "attempt to call" names the callee (`method 'm'` for `o:m()`). */
  fnName: string | null;
  /** `o:m()`: the method's name and how the receiver is named in an error; null for other calls. */
  method: { name: string; selfName: string | null } | null;
}

/** The compile-time facts of a call site (shared with the suspendable form, resumable.ts). */
export function callSite(fs: FnState, base: A.Expression): CallSite {
  const line = lineOf(base);
  const callee = calleeName(fs, base);
  if (base.type === 'MemberExpression' && base.indexer === ':') {
    const name = base.identifier.name;
    const method = { name, selfName: describe(fs, base.base) };
    return { line, callee, fnName: `method '${name}'`, method };
  }
  return { line, callee, fnName: describe(fs, base), method: null };
}

function compileCall(
  fs: FnState,
  e: A.CallExpression | A.TableCallExpression | A.StringCallExpression,
  argNodes: A.Expression[],
): M {
  if (isLongChain(e)) {
    const run = compileLongChain(fs, e, CHAIN);
    return (f) => run(f) as LuaValue[];
  }
  const args = compileExprList(fs, argNodes);
  const { line, callee, fnName, method } = callSite(fs, e.base);
  if (method) {
    const self = compileExpr(fs, (e.base as A.MemberExpression).base);
    const { name, selfName } = method;
    return (f) => {
      const o = self(f);
      const fn = op.index(line, o, name, selfName);
      const rest = args(f);
      return op.callValue(line, fn, [o, ...rest], fnName, callee);
    };
  }
  const fnExpr = compileExpr(fs, e.base);
  return (f) => {
    const fn = fnExpr(f);
    return op.callValue(line, fn, args(f), fnName, callee);
  };
}

/** Positional values a constructor stores at once (LFIELDS_PER_FLUSH). */
export const FIELDS_PER_FLUSH = 50;

/**
 * `{ … }` as Lua 5.1's code builds it: presized by its field counts, keyed
 * fields stored as they are evaluated, positional ones buffered and stored in
 * blocks of 50 (the last field, a call or `...`, contributing all its values),
 * since the sizes and the store order show in `pairs` order and `#`.
 */
function compileTable(fs: FnState, e: A.TableConstructorExpression): E {
  type Field = { keyed: (f: Frame, t: LuaTable) => void } | { value: E } | { values: M };
  const last = e.fields.length - 1;
  let listItems = 0;
  let recordItems = 0;
  const fields: Field[] = e.fields.map((field, at): Field => {
    const line = lineOf(field);
    if (field.type === 'TableKeyString') {
      recordItems++;
      const k = field.key.name;
      const v = compileExpr(fs, field.value);
      return { keyed: (f, t) => op.rawSet(line, t, k, v(f)) };
    }
    if (field.type === 'TableKey') {
      recordItems++;
      const k = compileExpr(fs, field.key);
      const v = compileExpr(fs, field.value);
      return {
        keyed: (f, t) => {
          const key = k(f);
          op.rawSet(line, t, key, v(f));
        },
      };
    }
    const m = at === last ? multi(fs, field.value) : null;
    if (m) return { values: m };
    listItems++;
    return { value: compileExpr(fs, field.value) };
  });
  if (fields.length === 0)
    return () => {
      chargeHeap(TABLE_BYTES);
      return LuaTable.forConstructor(0, 0);
    };
  const bytes = TABLE_BYTES + FIELD_BYTES * fields.length;
  return (f) => {
    chargeHeap(bytes);
    const t = LuaTable.forConstructor(listItems, recordItems);
    let pending: LuaValue[] = [];
    let next = 1;
    for (let i = 0; i < fields.length; i++) {
      if (pending.length === FIELDS_PER_FLUSH) {
        t.setList(next, pending);
        next += FIELDS_PER_FLUSH;
        pending = [];
      }
      const field = fields[i]!;
      if ('keyed' in field) field.keyed(f, t);
      else if ('value' in field) pending.push(field.value(f));
      else {
        const vs = field.values(f);
        for (let j = 0; j < vs.length; j++) pending.push(vs[j]);
      }
    }
    if (pending.length > 0) t.setList(next, pending);
    return t;
  };
}

/** The arithmetic operators Lua 5.1's code generator folds (lcode.c's constfolding). */
const FOLDED = new Set(['+', '-', '*', '/', '%', '^']);

/**
 * The number an expression is folded to at compile time, as lcode.c's constfolding does it:
 * a numeral, `-` of a folded number, or arithmetic on two, unless it divides by zero or gives
 * NaN. Only the result is stored in the function's constants (its sign of zero decided by
 * {@link FnState.constant}); undefined when it is computed at run time.
 */
export function folded(e: A.Expression): number | undefined {
  if (e.type === 'NumericLiteral') return e.value;
  if (e.type === 'UnaryExpression') {
    if (e.operator !== '-') return undefined;
    const v = folded(e.argument);
    return v === undefined ? undefined : -v;
  }
  if (e.type !== 'BinaryExpression') return undefined;
  const spine = leftSpine(e);
  return foldedAlong(spine)[spine.length - 1];
}

/**
 * The left spine of a binary expression, bottom first: the innermost binary expression down
 * `e`'s left operands, up to `e` itself. A chain of left-associative operators (`1 + x + … + 1`,
 * `a < b == c`) nests one node per operator down its left side, as deep as the chain is long
 * (a real parser reads it in a loop, and hundreds of thousands of terms compile there), so the
 * compiler walks the spine as a list, never by recursion on the left operand.
 */
export function leftSpine(e: A.BinaryExpression): A.BinaryExpression[] {
  const spine: A.BinaryExpression[] = [];
  let x: A.Expression = e;
  while (x.type === 'BinaryExpression') {
    spine.push(x);
    x = x.left;
  }
  return spine.reverse();
}

/** {@link folded} of each node of a left spine, bottom first, in one walk up it. */
function foldedAlong(spine: A.BinaryExpression[]): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  let x = folded(spine[0]!.left);
  for (const n of spine) {
    if (x !== undefined && FOLDED.has(n.operator)) {
      const y = folded(n.right);
      if (y === undefined || ((n.operator === '/' || n.operator === '%') && y === 0)) x = undefined;
      else {
        const r = op.arithRaw(n.operator as op.ArithOp, x, y);
        x = Number.isNaN(r) ? undefined : r;
      }
    } else x = undefined;
    out.push(x);
  }
  return out;
}

/** Past this many operators a left spine is run by one loop, not by closures nested as deep. */
const NESTED_SPINE = 64;

/**
 * A binary expression and the binary expressions down its left side ({@link leftSpine}): the
 * part that folds is one constant; each operator above it applies its right operand to what is
 * below. Compiled in the order a recursive compile would take (which decides a zero constant's
 * sign), and run by nested closures when the spine is short, by one loop when it is long, so
 * neither the compile nor the run goes as deep as the chain is long.
 */
function compileBinaryChain(fs: FnState, e: A.BinaryExpression): E {
  const spine = leftSpine(e);
  const values = foldedAlong(spine);
  // the nodes that fold are the spine's bottom part (a node whose left does not fold does not)
  let low = 0;
  while (low < spine.length && values[low] !== undefined) low++;
  if (low === spine.length) {
    const k = fs.constant(values[low - 1]!);
    return () => k;
  }
  // the lowest node that does not fold: a numeral left operand of arithmetic waits for the
  // right one (luaK_infix leaves it undischarged) and is stored after it (codearith: e2 before
  // e1), which decides which sign a zero constant keeps
  const first = spine[low]!;
  const leftValue = low > 0 ? values[low - 1] : folded(first.left);
  const rightFirst = FOLDED.has(first.operator) && leftValue !== undefined;
  const b0 = rightFirst ? compileExpr(fs, first.right) : null;
  let a = low > 0 ? constantOf(fs, leftValue!) : compileExpr(fs, first.left);
  const rights = [b0 ?? compileExpr(fs, first.right)];
  for (let i = low + 1; i < spine.length; i++) rights.push(compileExpr(fs, spine[i]!.right));
  const nodes = spine.slice(low);
  if (nodes.length <= NESTED_SPINE) {
    for (let i = 0; i < nodes.length; i++) a = compileBinary(fs, nodes[i]!, a, rights[i]!);
    return a;
  }
  const applies = nodes.map((n) =>
    op.binaryOperation(n.operator, lineOf(n), describe(fs, n.left), describe(fs, n.right)),
  );
  const base = a;
  return (f) => {
    let x = base(f);
    for (let i = 0; i < applies.length; i++) x = applies[i]!(x, rights[i]!(f));
    return x;
  };
}

/** A folded number as its constant (stored as compiling the folded node would store it). */
function constantOf(fs: FnState, v: number): E {
  const k = fs.constant(v);
  return () => k;
}

/** One binary operator over its operands' compiled forms `a` and `b`. */
function compileBinary(fs: FnState, e: A.BinaryExpression, a: E, b: E): E {
  const line = lineOf(e);
  const na = describe(fs, e.left);
  const nb = describe(fs, e.right);
  switch (e.operator) {
    case '+':
      return (f) => {
        const x = a(f);
        const y = b(f);
        return typeof x === 'number' && typeof y === 'number'
          ? x + y
          : op.arith(line, '+', x, y, na, nb);
      };
    case '-':
      return (f) => {
        const x = a(f);
        const y = b(f);
        return typeof x === 'number' && typeof y === 'number'
          ? x - y
          : op.arith(line, '-', x, y, na, nb);
      };
    case '*':
      return (f) => {
        const x = a(f);
        const y = b(f);
        return typeof x === 'number' && typeof y === 'number'
          ? x * y
          : op.arith(line, '*', x, y, na, nb);
      };
    case '..':
      return (f) => {
        const x = a(f);
        const y = b(f);
        return typeof x === 'string' && typeof y === 'string'
          ? x + y
          : op.concat(line, x, y, na, nb);
      };
    case '==':
      return (f) => {
        const x = a(f);
        const y = b(f);
        return x === y || op.equals(line, x, y);
      };
    default: {
      // the rest as ops.ts states them (the coroutine form runs the same functions)
      const apply = op.binaryOperation(e.operator, line, na, nb);
      return (f) => {
        const x = a(f);
        return apply(x, b(f));
      };
    }
  }
}

function compileUnary(fs: FnState, e: A.UnaryExpression): E {
  // the parser folds `-<number>` into one constant (before the literal itself is stored)
  const v = e.operator === '-' ? folded(e) : undefined;
  if (v !== undefined) {
    const k = fs.constant(v);
    return () => k;
  }
  const a = compileExpr(fs, e.argument);
  const line = lineOf(e);
  const name = describe(fs, e.argument);
  switch (e.operator) {
    case 'not':
      return (f) => {
        const v = a(f);
        return v === undefined || v === false;
      };
    case '-':
      return (f) => {
        const v = a(f);
        return typeof v === 'number' ? -v : op.unm(line, v, name);
      };
    case '#':
      return (f) => op.len(line, a(f), name);
  }
}

/**
 * `and`/`or`. A chain of one operator (`a and b and c`) is flattened so a
 * stepper can be told each operand as it is evaluated, in order.
 */
function compileLogical(fs: FnState, e: A.LogicalExpression): E {
  const parts = chainOperands(e).map((x) => compileExpr(fs, x));
  const line = e.loc.start.line;
  const isAnd = e.operator === 'and';
  const last = parts.length - 1;
  return (f) => {
    const hook = S.rt.hook;
    let v: LuaValue = undefined;
    for (let i = 0; i <= last; i++) {
      v = parts[i]!(f);
      if (hook) hook.operand(line, e, i, v);
      const t = v !== undefined && v !== false;
      if (i < last && t !== isAnd) return v;
    }
    return v;
  };
}

/** The operands of a chain of one operator (`a and b and c`), in order. */
export function chainOperands(e: A.LogicalExpression): A.Expression[] {
  const operands: A.Expression[] = [];
  // walked with a stack of what is still to read (right operands pushed first), not by
  // recursion: a chain of thousands of operands nests as deep down its left side
  const pending: A.Expression[] = [e.right, e.left];
  // the chain's own node may be in parentheses; its operands are still its own
  while (pending.length > 0) {
    const x = pending.pop()!;
    if (x.type === 'LogicalExpression' && x.operator === e.operator && !x.inParens)
      pending.push(x.right, x.left);
    else operands.push(x);
  }
  return operands;
}

/** Raises an error at a line (used by statements for runtime checks). */
export { runtimeError };
