/**
 * The suspendable form of a compiled function, used only inside a coroutine.
 *
 * Lua 5.1 lets a coroutine yield only through Lua-to-Lua calls: a yield under
 * any C function (pcall, table.sort's comparator, a gsub replacement, a
 * metamethod, a `for … in` iterator) fails with "attempt to yield across
 * metamethod/C-call boundary". So only the Lua call chain of a coroutine needs
 * to be suspendable, and everything under a C boundary runs the ordinary
 * closures. Here a function's tree is compiled a second time, on its first
 * call inside a coroutine, into generators: a statement or expression that
 * contains no call cannot yield and reuses the ordinary compiler as is; only
 * the nodes with a call on their path become generators. The ordinary path
 * does not change and pays nothing.
 *
 * A generator yields the values a `coroutine.yield` passes out and receives,
 * from `next`, the values the following resume passes in (coroutine.ts).
 */
import type * as A from '../ast.ts';
import { LuaError, LuaFunction, LuaTable, type LuaValue } from '../values.ts';
import {
  callArguments,
  callSite,
  type CallNode,
  chainOperands,
  compileExpr,
  leftSpine,
  compileExprList,
  FIELDS_PER_FLUSH,
  lineOf,
} from './compile-expr.ts';
import type { Proto } from './compile-function.ts';
import { hasCall } from './calls-in.ts';
import { isLongChain } from './suffix-chain.ts';
import { suffixChain, type Suffixed } from './suffixes.ts';
import {
  BREAK,
  compileStatement,
  compileTarget,
  forInScope,
  forNumber,
  NORMAL,
  point,
  repeatScope,
  RETURN,
  slotSetter,
} from './compile-stmt.ts';
import { describe } from './describe.ts';
import { fromBuiltin, type CallName } from './errors.ts';
import { FnState } from './fn-state.ts';
import type { Box, Frame } from './frame.ts';
import type { LocalInfo } from './hook.ts';
import * as op from './ops.ts';
import { S, chargeWork } from './runtime.ts';

/** A suspendable computation: yields values out, is resumed with values in, returns a T. */
export type Co<T> = Generator<LuaValue[], T, LuaValue[]>;
type CoExec = (f: Frame) => Co<number>;
type CoE = (f: Frame) => Co<LuaValue>;
type CoM = (f: Frame) => Co<LuaValue[]>;

const NONE: LuaValue[] = [];

/** The message of a yield that cannot suspend (under a C function, or outside any coroutine). */
export const YIELD_ACROSS_C = 'attempt to yield across metamethod/C-call boundary';

/**
 * `coroutine.yield`. Called as a plain function it is always under a C
 * boundary (or on the main thread, which 5.1 words the same way: Redis runs the
 * script under lua_pcall); a suspendable call site recognises it and yields.
 * luaG_runerror adds no position, since the running function is this C one.
 */
export const yieldFunction = new LuaFunction('yield', () => {
  throw new LuaError(YIELD_ACROSS_C);
});

// ---- functions ------------------------------------------------------------

interface CoProto {
  nslots: number;
  params: LocalInfo[];
  body: CoExec;
}

const coProtos = new WeakMap<Proto, CoProto>();

/**
 * Steps a token of a function's text costs to compile again, suspendably, on its first call in
 * a coroutine: about as long as its parse and first compile together, which EVAL charges 128 a
 * token (a function of 100,000 calls added up: 3.7 s to parse and compile, 5.5 s to compile
 * again suspendably, its nested functions' text included, since that compile makes them again).
 */
const CO_STEPS_PER_TOKEN = 128;

/**
 * A prototype's suspendable body, compiled on first use. Its locals get their
 * own slot layout (a frame belongs to one form), but its upvalues are numbered
 * as the ordinary compile numbered them, since the closure's upvalue array is
 * shared by both forms.
 */
function coProtoOf(p: Proto): CoProto {
  const known = coProtos.get(p);
  if (known) return known;
  // work the run does before the function's first step, charged before it is done
  chargeWork(p.source.tokens * CO_STEPS_PER_TOKEN);
  const sync = p.fs;
  const fs = new FnState(sync.res, sync.parent, sync.chains);
  for (const [decl, i] of sync.upvals) fs.upvals.set(decl, i);
  fs.upvalSources.push(...sync.upvalSources);
  const params: LocalInfo[] = p.source.self ? [fs.declare(p.source.self)] : [];
  for (const x of p.source.params)
    if (x.type === 'Identifier') params.push(fs.declare(fs.declOf(x)));
  const body = coBlock(fs, p.source.body);
  const c: CoProto = { nslots: fs.nslots, params, body };
  coProtos.set(p, c);
  return c;
}

/** Runs a Lua closure suspendably: its results, once it returns. */
export function* invokeCo(
  p: Proto,
  up: readonly Box[],
  args: LuaValue[],
  caller: { line: number; callee: CallName | null } | null = null,
): Co<LuaValue[]> {
  const c = coProtoOf(p);
  const r: unknown[] = new Array(c.nslots);
  const params = c.params;
  for (let i = 0; i < params.length; i++) {
    const info = params[i]!;
    r[info.slot] = info.boxed ? { v: args[i] } : args[i];
  }
  const va = p.vararg && args.length > params.length ? args.slice(params.length) : NONE;
  const f: Frame = { r, va, up: up as Box[], ret: NONE };
  const rt = S.rt;
  rt.callLines.push(rt.line);
  rt.hook?.depth(1);
  try {
    return (yield* c.body(f)) === RETURN ? f.ret : NONE;
  } catch (e) {
    // what op.callValue does for a call site: a JS stack overflow becomes Lua's error there
    throw caller ? fromBuiltin(e, caller.line, caller.callee) : e;
  } finally {
    // rt.callLines is the running coroutine's own list (coroutine.ts swaps it in)
    rt.callLines.pop();
    rt.hook?.depth(-1);
  }
}

function* yieldValues(values: LuaValue[]): Co<LuaValue[]> {
  return yield values;
}

/**
 * A call from a suspendable call site: a Lua closure runs suspendably, the
 * yield function suspends, and any other builtin runs as C (so a yield under it
 * fails, as in 5.1). `__call` is no boundary in 5.1 (luaD_precall follows it).
 * Not a generator itself but the callee's, so each Lua call nests as few JS
 * frames as it can (a recursion's depth is bounded by the JS stack).
 */
function callCo(
  line: number,
  fn: LuaValue,
  args: LuaValue[],
  name: string | null,
  callee: CallName | null,
): Co<LuaValue[]> {
  if (fn instanceof LuaFunction) {
    if (fn === yieldFunction) {
      S.rt.line = line;
      return yieldValues(args);
    }
    if (fn.proto !== null) {
      S.rt.line = line;
      return invokeCo(fn.proto as Proto, fn.up as Box[], args, { line, callee });
    }
  } else {
    const h = op.metamethod(fn, '__call');
    if (h instanceof LuaFunction) return callCo(line, h, [fn, ...args], name, null);
  }
  return noYield(op.callValue(line, fn, args, name, callee));
}

// ---- statements -----------------------------------------------------------

/** A plainly compiled part seen as a suspendable one: it finishes at once with its value. */
// eslint-disable-next-line require-yield -- a part with no call in it never yields, by design
function* noYield<T>(value: T): Co<T> {
  return value;
}

function coBlock(fs: FnState, body: A.Statement[]): CoExec {
  return fs.inBlock(() => coSequence(body.map((s) => coStatement(fs, s))));
}

function coSequence(list: CoExec[]): CoExec {
  return function* (f) {
    for (let i = 0; i < list.length; i++) {
      const c = yield* list[i]!(f);
      if (c !== NORMAL) return c;
    }
    return NORMAL;
  };
}

function coStatement(fs: FnState, s: A.Statement): CoExec {
  if (!hasCall(s)) {
    const exec = compileStatement(fs, s);
    return (f) => noYield(exec(f));
  }
  const line = s.loc.start.line;
  const locals = fs.active.slice();
  const inner = coInner(fs, s);
  // the step is told as the statement's run is made, right before it starts (no extra frame)
  return (f) => {
    point('statement', line, locals, f, s);
    return inner(f);
  };
}

type StatementOf<K extends A.Statement['type']> = Extract<A.Statement, { type: K }>;

/**
 * The suspendable form of each kind of statement that can hold a call (break
 * and function statements hold none, so coStatement compiles them plainly).
 */
const CO_STATEMENTS: {
  [K in A.Statement['type']]?: (fs: FnState, s: StatementOf<K>) => CoExec;
} = {
  LocalStatement(fs, s) {
    const values = coList(fs, s.init);
    const sets = s.variables.map((v) => slotSetter(fs.declare(fs.declOf(v)), true));
    return function* (f) {
      const vs = yield* values(f);
      for (let i = 0; i < sets.length; i++) sets[i]!(f, vs[i]);
      return NORMAL;
    };
  },
  AssignmentStatement: (fs, s) => coAssign(fs, s),
  CallStatement(fs, s) {
    const m = coMulti(fs, s.expression)!;
    return function* (f) {
      yield* m(f);
      return NORMAL;
    };
  },
  IfStatement: (fs, s) => coIf(fs, s),
  WhileStatement(fs, s) {
    const test = coLoopTest(fs, s, s.loc.start.line, coCondition(fs, s.condition));
    const body = coBlock(fs, s.body);
    return (f) => coLoop(f, test, body);
  },
  RepeatStatement: (fs, s) => coRepeat(fs, s),
  DoStatement: (fs, s) => coBlock(fs, s.body),
  ForNumericStatement: (fs, s) => coForNum(fs, s),
  ForGenericStatement: (fs, s) => coForIn(fs, s),
  ReturnStatement(fs, s) {
    const only = s.arguments.length === 1 ? s.arguments[0]! : null;
    if (only && !callArguments(only) && only.type !== 'VarargLiteral') {
      // `return x + f()`: one value, got in this frame (a recursion nests one frame less)
      const value = coExpr(fs, only);
      return function* (f) {
        f.ret = [yield* value(f)];
        return RETURN;
      };
    }
    const values = coList(fs, s.arguments);
    return function* (f) {
      f.ret = yield* values(f);
      return RETURN;
    };
  },
};

function coInner(fs: FnState, s: A.Statement): CoExec {
  const compile = CO_STATEMENTS[s.type] as ((fs: FnState, s: A.Statement) => CoExec) | undefined;
  if (!compile) throw new Error(`no suspendable form for ${s.type}`);
  return compile(fs, s);
}

function coAssign(fs: FnState, s: A.AssignmentStatement): CoExec {
  const targets = s.variables.map((t) => {
    const plain = compileTarget(fs, t);
    if (!hasCall(t))
      return { prepare: (f: Frame) => noYield(plain.prepare(f)), assign: plain.assign };
    const x = t as A.MemberExpression | A.IndexExpression;
    const base = coExpr(fs, x.base);
    const key =
      x.type === 'MemberExpression' ? noYieldExpr(x.identifier.name) : coExpr(fs, x.index);
    return {
      *prepare(f: Frame): Co<[LuaValue, LuaValue] | null> {
        const tbl = yield* base(f);
        return [tbl, yield* key(f)];
      },
      assign: plain.assign,
    };
  });
  const values = coList(fs, s.init);
  return function* (f) {
    const places: ([LuaValue, LuaValue] | null)[] = [];
    for (const t of targets) places.push(yield* t.prepare(f));
    const vs = yield* values(f);
    // Lua 5.1 stores right to left
    for (let i = targets.length - 1; i >= 0; i--) targets[i]!.assign(f, places[i]!, vs[i]);
    return NORMAL;
  };
}

function coCondition(fs: FnState, e: A.Expression): (f: Frame) => Co<boolean> {
  const c = coExpr(fs, e);
  return function* (f) {
    return op.truthy(yield* c(f));
  };
}

function coIf(fs: FnState, s: A.IfStatement): CoExec {
  const clauses = s.clauses.map((c) => ({
    test: c.type === 'ElseClause' ? null : coCondition(fs, c.condition),
    body: coBlock(fs, c.body),
    line: c.loc.start.line,
  }));
  return function* (f) {
    const hook = S.rt.hook;
    for (let i = 0; i < clauses.length; i++) {
      const c = clauses[i]!;
      if (c.test === null) return yield* c.body(f);
      const taken = yield* c.test(f);
      if (hook) hook.branch(c.line, s, i, taken);
      if (taken) return yield* c.body(f);
    }
    return NORMAL;
  };
}

/** A loop test (see compile-stmt's): counted, reported, its outcome told. */
function coLoopTest(
  fs: FnState,
  node: A.Statement,
  line: number,
  test: (f: Frame) => Co<boolean>,
): (f: Frame) => Co<boolean> {
  const locals = fs.active.slice();
  return function* (f) {
    point('loop-test', line, locals, f, node);
    const enters = yield* test(f);
    S.rt.hook?.loopTest(line, enters);
    return enters;
  };
}

/**
 * The one loop of the suspendable form: `test` before each round (it counts
 * the step, tells the stepper and sets the loop's variables), then the body.
 */
function* coLoop(f: Frame, test: (f: Frame) => Co<boolean>, body: CoExec): Co<number> {
  for (;;) {
    if (!(yield* test(f))) return NORMAL;
    const c = yield* body(f);
    // `break` ends this loop only; `return` ends the function
    if (c !== NORMAL) return c === BREAK ? NORMAL : c;
  }
}

function coRepeat(fs: FnState, s: A.RepeatStatement): CoExec {
  // the condition is tested after one round
  const { stmts, test } = repeatScope(fs, s, coStatement, (e) => {
    const cond = coCondition(fs, e);
    return coLoopTest(fs, s, e.loc.start.line, function* (f) {
      return !(yield* cond(f));
    });
  });
  const body = coSequence(stmts);
  return (f) => {
    let first = true;
    return coLoop(
      f,
      (g) => {
        if (!first) return test(g);
        first = false;
        return noYield(true);
      },
      body,
    );
  };
}

/** Tells one test of a `for` loop, as compile-stmt's loops do. */
function forTest(
  line: number,
  locals: readonly LocalInfo[],
  f: Frame,
  s: A.Statement,
  enters: boolean,
): boolean {
  point('loop-test', line, locals, f, s);
  S.rt.hook?.loopTest(line, enters);
  return enters;
}

function coForNum(fs: FnState, s: A.ForNumericStatement): CoExec {
  const start = coExpr(fs, s.start);
  const end = coExpr(fs, s.end);
  const step = s.step ? coExpr(fs, s.step) : noYieldExpr(1);
  const line = s.loc.start.line;
  return fs.inBlock(() => {
    const set = slotSetter(fs.declare(fs.declOf(s.variable)), true);
    const locals = fs.active.slice();
    const body = coBlock(fs, s.body);
    return function* (f) {
      const a0 = yield* start(f);
      const b0 = yield* end(f);
      const c0 = yield* step(f);
      const a = forNumber(line, a0, 'initial value');
      const b = forNumber(line, b0, 'limit');
      const c = forNumber(line, c0, 'step');
      // the float accumulator of 5.1: idx = init, then idx += step before each later test
      let i = a;
      let first = true;
      const test = (g: Frame): Co<boolean> => {
        if (!first) i += c;
        first = false;
        const enters = forTest(line, locals, g, s, c > 0 ? i <= b : b <= i);
        if (enters) set(g, i);
        return noYield(enters);
      };
      return yield* coLoop(f, test, body);
    };
  });
}

function coForIn(fs: FnState, s: A.ForGenericStatement): CoExec {
  const explist = coList(fs, s.iterators);
  const line = s.loc.start.line;
  return forInScope(fs, s, coBlock, (sets, locals, body) => {
    return function* (f) {
      const [fn, state, init] = yield* explist(f);
      let control = init;
      const test = (g: Frame): Co<boolean> => {
        point('loop-test', line, locals, g, s);
        // OP_TFORLOOP calls the iterator through luaD_call: a C boundary, so it runs plainly
        const rs = op.callThroughC(line, fn, [state, control]);
        control = rs[0];
        const enters = control !== undefined;
        S.rt.hook?.loopTest(line, enters);
        if (enters) for (let i = 0; i < sets.length; i++) sets[i]!(g, rs[i]);
        return noYield(enters);
      };
      return yield* coLoop(f, test, body);
    };
  });
}

// ---- expressions ----------------------------------------------------------

function noYieldExpr(v: LuaValue): CoE {
  return () => noYield(v);
}

function coExpr(fs: FnState, e: A.Expression): CoE {
  if (!hasCall(e)) {
    const plain = compileExpr(fs, e);
    return (f) => noYield(plain(f));
  }
  const compile = CO_EXPRESSIONS[e.type] as ((fs: FnState, e: A.Expression) => CoE) | undefined;
  if (compile) return compile(fs, e);
  // a call, in parentheses or not: its first value (`...` holds no call)
  const args = callArguments(e)!;
  return coCall(fs, e as CallNode, args, firstOf);
}

const firstOf = (vs: LuaValue[]): LuaValue => vs[0];
const allOf = (vs: LuaValue[]): LuaValue[] => vs;

type ExpressionOf<K extends A.Expression['type']> = Extract<A.Expression, { type: K }>;

/** The suspendable form of each kind of expression that can hold a call, calls aside (coMulti). */
const CO_EXPRESSIONS: {
  [K in A.Expression['type']]?: (fs: FnState, e: ExpressionOf<K>) => CoE;
} = {
  BinaryExpression: (fs, e) => coBinary(fs, e),
  LogicalExpression: (fs, e) => coLogical(fs, e),
  UnaryExpression: (fs, e) => coUnary(fs, e),
  MemberExpression: (fs, e) => coIndex(fs, e),
  IndexExpression: (fs, e) => coIndex(fs, e),
  TableConstructorExpression: (fs, e) => coTable(fs, e),
};

function coMulti(fs: FnState, e: A.Expression): CoM | null {
  if (e.inParens) return null;
  if (e.type === 'VarargLiteral') return (f) => noYield(f.va);
  const args = callArguments(e);
  return args ? coCall(fs, e as CallNode, args, allOf) : null;
}

function coList(fs: FnState, list: A.Expression[]): CoM {
  if (!hasCall(list)) {
    const plain = compileExprList(fs, list);
    return (f) => noYield(plain(f));
  }
  const last = list.length > 0 ? coMulti(fs, list[list.length - 1]!) : null;
  const singles = (last ? list.slice(0, -1) : list).map((e) => coExpr(fs, e));
  // a lone call or `...` hands its own list on, as the ordinary compiler does
  if (last && singles.length === 0) return last;
  return function* (f) {
    const out: LuaValue[] = [];
    for (let i = 0; i < singles.length; i++) out.push(yield* singles[i]!(f));
    if (last) {
      const rest = yield* last(f);
      for (let i = 0; i < rest.length; i++) out.push(rest[i]);
    }
    return out;
  };
}

/** A call's suspendable form; `pick` takes what the site wants of the results, in the same frame. */
function coCall<T>(
  fs: FnState,
  e: CallNode,
  argNodes: A.Expression[],
  pick: (vs: LuaValue[]) => T,
): (f: Frame) => Co<T> {
  if (isLongChain(e)) {
    const run = coLongChain(fs, e);
    return function* (f) {
      return pick((yield* run(f)) as LuaValue[]);
    };
  }
  const args = coList(fs, argNodes);
  const { line, callee, fnName, method } = callSite(fs, e.base);
  // `o:m(…)` evaluates o, looks m up in it, and passes o first
  const self = method ? coExpr(fs, (e.base as A.MemberExpression).base) : null;
  const fnExpr = method ? null : coExpr(fs, e.base);
  return function* (f) {
    let fn: LuaValue;
    let values: LuaValue[];
    if (self !== null) {
      const o = yield* self(f);
      fn = op.index(line, o, method!.name, method!.selfName);
      values = [o, ...(yield* args(f))];
    } else {
      fn = yield* fnExpr!(f);
      values = yield* args(f);
    }
    return pick(yield* callCo(line, fn, values, fnName, callee));
  };
}

/**
 * A binary expression holding a call, with the binary expressions down its left side
 * ({@link leftSpine}) run by one loop, as deep as the chain is long never: below the lowest
 * operator whose operands hold a call, the spine is compiled plainly (and folds as it would);
 * each operator above applies its right operand to what is below. Compiled left operand first,
 * then each right operand from the bottom up, as a compile recursing on the left would.
 */
function coBinary(fs: FnState, e: A.BinaryExpression): CoE {
  const spine = leftSpine(e);
  let low = 0;
  while (!hasCall(spine[low])) low++;
  const nodes = spine.slice(low);
  const base = coExpr(fs, nodes[0]!.left);
  const rights = nodes.map((n) => coExpr(fs, n.right));
  const applies = nodes.map((n) =>
    op.binaryOperation(n.operator, lineOf(n), describe(fs, n.left), describe(fs, n.right)),
  );
  return function* (f) {
    let x = yield* base(f);
    for (let i = 0; i < applies.length; i++) x = applies[i]!(x, yield* rights[i]!(f));
    return x;
  };
}

function coUnary(fs: FnState, e: A.UnaryExpression): CoE {
  const a = coExpr(fs, e.argument);
  const line = lineOf(e);
  const name = describe(fs, e.argument);
  const operator = e.operator;
  return function* (f) {
    const v = yield* a(f);
    if (operator === 'not') return !op.truthy(v);
    if (operator === '#') return op.len(line, v, name);
    return typeof v === 'number' ? -v : op.unm(line, v, name);
  };
}

/** `and`/`or` (see compile-expr's): each operand is told to the hook as it is evaluated. */
function coLogical(fs: FnState, e: A.LogicalExpression): CoE {
  const parts = chainOperands(e).map((x) => coExpr(fs, x));
  const line = e.loc.start.line;
  const isAnd = e.operator === 'and';
  return function* (f) {
    const hook = S.rt.hook;
    let v: LuaValue = undefined;
    for (let i = 0; i < parts.length; i++) {
      v = yield* parts[i]!(f);
      if (hook) hook.operand(line, e, i, v);
      if (i < parts.length - 1 && op.truthy(v) !== isAnd) return v;
    }
    return v;
  };
}

function coIndex(fs: FnState, e: A.MemberExpression | A.IndexExpression): CoE {
  if (isLongChain(e)) {
    const run = coLongChain(fs, e);
    return function* (f) {
      return (yield* run(f)) as LuaValue;
    };
  }
  const base = coExpr(fs, e.base);
  const name = describe(fs, e.base);
  const line = lineOf(e);
  const key = e.type === 'MemberExpression' ? noYieldExpr(e.identifier.name) : coExpr(fs, e.index);
  return function* (f) {
    const t = yield* base(f);
    return op.index(line, t, yield* key(f), name);
  };
}

/** One suffix applied to the value below it, suspendably: an index's value or a call's results. */
type CoStep = (f: Frame, below: LuaValue) => Co<LuaValue | LuaValue[]>;

/**
 * A long chain of suffixes holding a call (compile-expr's compileLongChain, suspendable): compiled
 * in the order the recursive compile takes and run by one loop, so neither goes as deep as the
 * chain is long; each call below the last gives its first result.
 */
function coLongChain(fs: FnState, e: Suffixed): (f: Frame) => Co<LuaValue | LuaValue[]> {
  const { chain, innermost } = suffixChain(e);
  // top down: each call's arguments and site, before what it calls is compiled
  const calls = new Map<Suffixed, CoStep>();
  for (const n of chain) {
    const argNodes = callArguments(n);
    if (argNodes) calls.set(n, coCallStep(fs, n as CallNode, coList(fs, argNodes)));
  }
  const first = coExpr(fs, innermost);
  // bottom up: each index's key, after what it indexes
  const steps: CoStep[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const n = chain[i]!;
    steps.push(calls.get(n) ?? coIndexStep(fs, n as A.MemberExpression | A.IndexExpression));
  }
  const last = steps.length - 1;
  return function* (f) {
    let v: LuaValue = yield* first(f);
    for (let i = 0; i < last; i++) {
      const r = yield* steps[i]!(f, v);
      v = Array.isArray(r) ? r[0] : r;
    }
    return yield* steps[last]!(f, v);
  };
}

/** An index of the value below, as {@link coIndex} does it. */
function coIndexStep(fs: FnState, e: A.MemberExpression | A.IndexExpression): CoStep {
  const name = describe(fs, e.base);
  const line = lineOf(e);
  const key = e.type === 'MemberExpression' ? noYieldExpr(e.identifier.name) : coExpr(fs, e.index);
  return function* (f, t) {
    return op.index(line, t, yield* key(f), name);
  };
}

/** A call of the value below (for `o:m(…)`, of `o`'s method), as {@link coCall} does it. */
function coCallStep(fs: FnState, e: CallNode, args: CoM): CoStep {
  const { line, callee, fnName, method } = callSite(fs, e.base);
  return function* (f, below) {
    let fn = below;
    let values: LuaValue[];
    if (method) {
      fn = op.index(line, below, method.name, method.selfName);
      values = [below, ...(yield* args(f))];
    } else values = yield* args(f);
    return yield* callCo(line, fn, values, fnName, callee);
  };
}

/** `{ … }` (see compile-expr's compileTable for why the sizes and the flushes matter). */
function coTable(fs: FnState, e: A.TableConstructorExpression): CoE {
  type Field =
    | { kind: 'keyed'; line: number; key: CoE; value: CoE }
    | { kind: 'one'; value: CoE }
    | { kind: 'all'; values: CoM };
  const last = e.fields.length - 1;
  let listItems = 0;
  let recordItems = 0;
  const fields = e.fields.map((field, at): Field => {
    if (field.type !== 'TableValue') {
      recordItems++;
      const key =
        field.type === 'TableKeyString' ? noYieldExpr(field.key.name) : coExpr(fs, field.key);
      return { kind: 'keyed', line: lineOf(field), key, value: coExpr(fs, field.value) };
    }
    const m = at === last ? coMulti(fs, field.value) : null;
    if (m) return { kind: 'all', values: m };
    listItems++;
    return { kind: 'one', value: coExpr(fs, field.value) };
  });
  return function* (f) {
    const t = LuaTable.forConstructor(listItems, recordItems);
    let pending: LuaValue[] = [];
    let next = 1;
    for (const field of fields) {
      if (pending.length === FIELDS_PER_FLUSH) {
        t.setList(next, pending);
        next += FIELDS_PER_FLUSH;
        pending = [];
      }
      if (field.kind === 'keyed') {
        const k = yield* field.key(f);
        op.rawSet(field.line, t, k, yield* field.value(f));
      } else if (field.kind === 'one') pending.push(yield* field.value(f));
      else pending.push(...(yield* field.values(f)));
    }
    if (pending.length > 0) t.setList(next, pending);
    return t;
  };
}
