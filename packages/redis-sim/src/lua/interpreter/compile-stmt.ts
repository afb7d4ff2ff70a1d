/**
 * Statements compiled to closures answering how control leaves them: normally
 * (0), by `break`, or by `return` (the values wait in `frame.ret`). Each
 * statement counts one step of the budget and, when a stepper is attached,
 * reports its line and the locals in scope.
 */
import type * as A from '../ast.ts';
import { LuaTable, type LuaValue } from '../values.ts';
import { describe } from './describe.ts';
import { compileExpr, compileExprList, lineOf, multi, type E } from './compile-expr.ts';
import { runtimeError } from './errors.ts';
import { refOf, type FnState } from './fn-state.ts';
import type { Box, Frame } from './frame.ts';
import type { LocalInfo, PointKind } from './hook.ts';
import * as op from './ops.ts';
import { S, tick } from './runtime.ts';

/** A statement ran to its end. */
export const NORMAL = 0;
/** A statement ended its loop (`break`). */
export const BREAK = 1;
/** A statement returned from its function. */
export const RETURN = 2;
/** A compiled statement: runs on a frame and answers {@link NORMAL}, {@link BREAK} or {@link RETURN}. */
export type Exec = (f: Frame) => number;

/** Compiles a block in its own scope. */
export function compileBlock(fs: FnState, body: A.Statement[]): Exec {
  return fs.inBlock(() => sequence(body.map((s) => compileStatement(fs, s))));
}

function sequence(list: Exec[]): Exec {
  if (list.length === 0) return () => NORMAL;
  if (list.length === 1) return list[0]!;
  return (f) => {
    for (let i = 0; i < list.length; i++) {
      const c = list[i]!(f);
      if (c !== NORMAL) return c;
    }
    return NORMAL;
  };
}

/** Counts a step and tells the hook, then runs. */
export function point(
  kind: PointKind,
  line: number,
  locals: readonly LocalInfo[],
  f: Frame,
  node: A.Statement,
): void {
  const rt = S.rt;
  tick(rt, line);
  if (rt.hook) rt.hook.statement(kind, line, locals, f, node);
}

/** Compiles one statement: its step, then its work. */
export function compileStatement(fs: FnState, s: A.Statement): Exec {
  const line = s.loc.start.line;
  const locals = fs.active.slice();
  const exec = compileInner(fs, s);
  return (f) => {
    point('statement', line, locals, f, s);
    return exec(f);
  };
}

function compileInner(fs: FnState, s: A.Statement): Exec {
  switch (s.type) {
    case 'LocalStatement':
      return compileLocal(fs, s);
    case 'AssignmentStatement':
      return compileAssign(fs, s);
    case 'CallStatement': {
      const m = multi(fs, s.expression)!;
      return (f) => {
        m(f);
        return NORMAL;
      };
    }
    case 'FunctionDeclaration':
      return compileFunctionStatement(fs, s);
    case 'IfStatement':
      return compileIf(fs, s);
    case 'WhileStatement':
      return compileWhile(fs, s);
    case 'RepeatStatement':
      return compileRepeat(fs, s);
    case 'DoStatement':
      return compileBlock(fs, s.body);
    case 'ForNumericStatement':
      return compileForNum(fs, s);
    case 'ForGenericStatement':
      return compileForIn(fs, s);
    case 'ReturnStatement': {
      const values = compileExprList(fs, s.arguments);
      return (f) => {
        f.ret = values(f);
        return RETURN;
      };
    }
    case 'BreakStatement':
      return () => BREAK;
  }
}

/** A setter for a local slot (boxing a fresh box when `fresh`, as a declaration does). */
export function slotSetter(info: LocalInfo, fresh: boolean): (f: Frame, v: LuaValue) => void {
  const slot = info.slot;
  if (!info.boxed) {
    return (f, v) => {
      f.r[slot] = v;
    };
  }
  if (fresh) {
    return (f, v) => {
      f.r[slot] = { v };
    };
  }
  return (f, v) => {
    (f.r[slot] as Box).v = v;
  };
}

function compileLocal(fs: FnState, s: A.LocalStatement): Exec {
  // the values are compiled before the names come into scope (`local x = x`)
  if (s.variables.length === 1 && s.init.length === 1 && !multi(fs, s.init[0]!)) {
    const value = compileExpr(fs, s.init[0]!);
    const info = fs.declare(fs.declOf(s.variables[0]!));
    if (!info.boxed) return storeInSlot(info.slot, value);
    const set = slotSetter(info, true);
    return (f) => {
      set(f, value(f));
      return NORMAL;
    };
  }
  const values = compileExprList(fs, s.init);
  const sets = s.variables.map((v) => slotSetter(fs.declare(fs.declOf(v)), true));
  return (f) => {
    const vs = values(f);
    for (let i = 0; i < sets.length; i++) sets[i]!(f, vs[i]);
    return NORMAL;
  };
}

/**
 * `x = e` or `local x = e` for a local in a plain slot (not captured by a closure): one closure
 * that stores the value, where the general form calls a setter, or a place and a setter, too.
 */
function storeInSlot(slot: number, value: E): Exec {
  return (f) => {
    f.r[slot] = value(f);
    return NORMAL;
  };
}

/** An assignment's target: where the value goes, found before the values are evaluated. */
export type Target = {
  /** Evaluates the table and key (before the values, as Lua does). */
  prepare: (f: Frame) => [LuaValue, LuaValue] | null;
  assign: (f: Frame, place: [LuaValue, LuaValue] | null, v: LuaValue) => void;
};

/** Compiles one target of an assignment. */
export function compileTarget(fs: FnState, t: A.AssignmentStatement['variables'][number]): Target {
  const line = lineOf(t);
  if (t.type === 'Identifier') {
    const ref = refOf(fs, t);
    if (ref.kind === 'local') {
      const set = slotSetter(ref.info, false);
      return { prepare: () => null, assign: (f, _p, v) => set(f, v) };
    }
    if (ref.kind === 'upvalue') {
      const i = ref.index;
      return {
        prepare: () => null,
        assign: (f, _p, v) => {
          f.up[i]!.v = v;
        },
      };
    }
    const name = t.name;
    return {
      prepare: () => null,
      assign: (_f, _p, v) => op.setIndex(line, S.rt.globals, name, v, null),
    };
  }
  const base = compileExpr(fs, t.base);
  const name = describe(fs, t.base);
  const key: E =
    t.type === 'MemberExpression'
      ? (
          (k: string) => () =>
            k
        )(t.identifier.name)
      : compileExpr(fs, t.index);
  return {
    prepare: (f) => [base(f), key(f)],
    assign: (_f, p, v) => {
      const [tbl, k] = p!;
      if (tbl instanceof LuaTable && tbl.metatable === null && !tbl.readonly) {
        op.rawSet(line, tbl, k, v);
      } else op.setIndex(line, tbl, k, v, name);
    },
  };
}

function compileAssign(fs: FnState, s: A.AssignmentStatement): Exec {
  const targets = s.variables.map((t) => compileTarget(fs, t));
  if (targets.length === 1 && s.init.length === 1) {
    const t = targets[0]!;
    const value = compileExpr(fs, s.init[0]!);
    const v = s.variables[0]!;
    const ref = v.type === 'Identifier' ? refOf(fs, v) : null;
    // a plain local has no place to prepare: stored at once (`i = i + 2` in a loop)
    if (ref?.kind === 'local' && !ref.info.boxed) return storeInSlot(ref.info.slot, value);
    return (f) => {
      const p = t.prepare(f);
      t.assign(f, p, value(f));
      return NORMAL;
    };
  }
  const values = compileExprList(fs, s.init);
  return (f) => {
    const places = targets.map((t) => t.prepare(f));
    const vs = values(f);
    // Lua 5.1 stores right to left
    for (let i = targets.length - 1; i >= 0; i--) targets[i]!.assign(f, places[i]!, vs[i]);
    return NORMAL;
  };
}

function compileFunctionStatement(fs: FnState, s: A.FunctionDeclaration): Exec {
  const id = s.identifier!;
  if (s.isLocal && id.type === 'Identifier') {
    // the name is in scope inside the body, so it is declared (and boxed) first
    const info = fs.declare(fs.declOf(id));
    const make = fs.chains.compileFunction(fs, s);
    const slot = info.slot;
    if (info.boxed) {
      return (f) => {
        const box: Box = { v: undefined };
        f.r[slot] = box;
        box.v = make(f);
        return NORMAL;
      };
    }
    return (f) => {
      f.r[slot] = make(f);
      return NORMAL;
    };
  }
  const make = fs.chains.compileFunction(fs, s);
  const target = compileTarget(fs, id.type === 'MemberExpression' ? { ...id, indexer: '.' } : id);
  return (f) => {
    const p = target.prepare(f);
    target.assign(f, p, make(f));
    return NORMAL;
  };
}

function compileCondition(fs: FnState, e: A.Expression): (f: Frame) => boolean {
  const c = compileExpr(fs, e);
  return (f) => {
    const v = c(f);
    return v !== undefined && v !== false;
  };
}

function compileIf(fs: FnState, s: A.IfStatement): Exec {
  const clauses = s.clauses.map((c) => ({
    test: c.type === 'ElseClause' ? null : compileCondition(fs, c.condition),
    body: compileBlock(fs, c.body),
    line: c.loc.start.line,
  }));
  return (f) => {
    const hook = S.rt.hook;
    for (let i = 0; i < clauses.length; i++) {
      const c = clauses[i]!;
      if (c.test === null) return c.body(f);
      const taken = c.test(f);
      if (hook) hook.branch(c.line, s, i, taken);
      if (taken) return c.body(f);
    }
    return NORMAL;
  };
}

/** A loop test: counted, reported, and its outcome told to the hook. */
function loopTest(
  fs: FnState,
  node: A.Statement,
  line: number,
  test: (f: Frame) => boolean,
): (f: Frame) => boolean {
  const locals = fs.active.slice();
  return (f) => {
    point('loop-test', line, locals, f, node);
    const enters = test(f);
    const hook = S.rt.hook;
    if (hook) hook.loopTest(line, enters);
    return enters;
  };
}

function compileWhile(fs: FnState, s: A.WhileStatement): Exec {
  const test = loopTest(fs, s, s.loc.start.line, compileCondition(fs, s.condition));
  const body = compileBlock(fs, s.body);
  return (f) => {
    while (test(f)) {
      const c = body(f);
      if (c === BREAK) break;
      if (c === RETURN) return c;
    }
    return NORMAL;
  };
}

/**
 * A `repeat` loop's statements and its test, compiled in one scope since the
 * condition sees the body's locals (by either form's compilers: resumable.ts).
 */
export function repeatScope<X, T>(
  fs: FnState,
  s: A.RepeatStatement,
  statement: (fs: FnState, x: A.Statement) => X,
  test: (e: A.Expression) => T,
): { stmts: X[]; test: T } {
  return fs.inBlock(() => ({
    stmts: s.body.map((x) => statement(fs, x)),
    test: test(s.condition),
  }));
}

function compileRepeat(fs: FnState, s: A.RepeatStatement): Exec {
  const parts = repeatScope(fs, s, compileStatement, (e) => {
    const cond = compileCondition(fs, e);
    return loopTest(fs, s, e.loc.start.line, (f) => !cond(f));
  });
  const body = sequence(parts.stmts);
  const test = parts.test;
  return (f) => {
    for (;;) {
      const c = body(f);
      if (c === BREAK) break;
      if (c === RETURN) return c;
      if (!test(f)) break;
    }
    return NORMAL;
  };
}

/** A numeric `for`'s start, limit or step as a number, or its error. */
export function forNumber(line: number, v: LuaValue, what: string): number {
  const n = op.toNumber(v);
  if (n === undefined) throw runtimeError(line, `'for' ${what} must be a number`);
  return n;
}

function compileForNum(fs: FnState, s: A.ForNumericStatement): Exec {
  const start = compileExpr(fs, s.start);
  const end = compileExpr(fs, s.end);
  const step = s.step ? compileExpr(fs, s.step) : null;
  const line = s.loc.start.line;
  return fs.inBlock(() => {
    const info = fs.declare(fs.declOf(s.variable));
    const set = slotSetter(info, true);
    const locals = fs.active.slice();
    const body = compileBlock(fs, s.body);
    return (f) => {
      const a0 = start(f);
      const b0 = end(f);
      const c0 = step ? step(f) : 1;
      const a = forNumber(line, a0, 'initial value');
      const b = forNumber(line, b0, 'limit');
      const c = forNumber(line, c0, 'step');
      const hook = S.rt.hook;
      // 5.1 steps a float accumulator: idx = init; idx += step, tested against the limit
      for (let i = a; c > 0 ? i <= b : b <= i; i += c) {
        point('loop-test', line, locals, f, s);
        if (hook) hook.loopTest(line, true);
        set(f, i);
        const r = body(f);
        if (r === BREAK) return NORMAL;
        if (r === RETURN) return r;
      }
      point('loop-test', line, locals, f, s);
      if (hook) hook.loopTest(line, false);
      return NORMAL;
    };
  });
}

/**
 * Compiles a generic `for`'s loop in the scope of its variables (by either
 * form's block compiler: resumable.ts): `loop` gets their setters, the locals
 * in scope inside and the compiled body.
 */
export function forInScope<B, X>(
  fs: FnState,
  s: A.ForGenericStatement,
  block: (fs: FnState, body: A.Statement[]) => B,
  loop: (sets: ((f: Frame, v: LuaValue) => void)[], locals: readonly LocalInfo[], body: B) => X,
): X {
  return fs.inBlock(() => {
    const sets = s.variables.map((v) => slotSetter(fs.declare(fs.declOf(v)), true));
    return loop(sets, fs.active.slice(), block(fs, s.body));
  });
}

function compileForIn(fs: FnState, s: A.ForGenericStatement): Exec {
  const explist = compileExprList(fs, s.iterators);
  const line = s.loc.start.line;
  return forInScope(fs, s, compileBlock, (sets, locals, body) => {
    return (f) => {
      const init = explist(f);
      const fn = init[0];
      const state = init[1];
      let control = init[2];
      const hook = S.rt.hook;
      for (;;) {
        point('loop-test', line, locals, f, s);
        const rs = op.callThroughC(line, fn, [state, control]);
        control = rs[0];
        const enters = control !== undefined;
        if (hook) hook.loopTest(line, enters);
        if (!enters) return NORMAL;
        for (let i = 0; i < sets.length; i++) sets[i]!(f, rs[i]);
        const r = body(f);
        if (r === BREAK) return NORMAL;
        if (r === RETURN) return r;
      }
    };
  });
}
