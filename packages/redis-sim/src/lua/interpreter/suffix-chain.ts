/**
 * A long chain of suffixes (`a.b.b…`, `t[1][1]…`, `f()()…`, `s:lower():lower()…`) compiled and
 * run without recursing as deep as it is long. Lua 5.1's primaryexp reads the suffixes of one
 * expression in a loop, counting no syntax level for them, so hundreds of thousands compile and
 * run on a real server; the simulator's tree nests one node per suffix down its `base`, so a
 * compile recursing on the base, and closures nested as deep, ran out of JavaScript stack.
 */
import type * as A from '../ast.ts';
import { stringHash } from '../table-hash.ts';
import { LuaTable, type LuaValue } from '../values.ts';
import { describe } from './describe.ts';
import type { CallName } from './errors.ts';
import type { FnState } from './fn-state.ts';
import type { Frame } from './frame.ts';
import * as op from './ops.ts';
import { below, isSuffixed, suffixChain, type CallNode, type Suffixed } from './suffixes.ts';

/** Suffixes past which a chain is run by one loop; shorter ones nest closures (faster). */
const NESTED_SUFFIXES = 64;

/** What the chain compile needs of compile-expr.ts (passed in, as the two call each other). */
export interface ChainCompiler {
  expr(fs: FnState, e: A.Expression): (f: Frame) => LuaValue;
  list(fs: FnState, list: A.Expression[]): (f: Frame) => LuaValue[];
  args(e: A.Expression): A.Expression[] | null;
  site(
    fs: FnState,
    base: A.Expression,
  ): {
    line: number;
    callee: CallName;
    fnName: string | null;
    method: { name: string; selfName: string | null } | null;
  };
}

/** One suffix applied to the value below it: an index's value, or a call's results. */
type Step = (f: Frame, below: LuaValue) => LuaValue | LuaValue[];

/** Whether `e` has more suffixes below it than closures may nest. */
export function isLongChain(e: Suffixed): boolean {
  let x: A.Expression = e;
  for (let n = 0; n <= NESTED_SUFFIXES; n++) {
    if (!isSuffixed(x)) return false;
    x = below(x);
  }
  return true;
}

/**
 * A long chain, `e` its last suffix: what it answers when run (an index's value, or a call's
 * results). Compiled in the order the recursive compile takes (a call's arguments and site
 * before what it calls, an index's key after what it indexes), which decides a zero constant's
 * sign; run by one loop from the innermost expression out, each call below the last one
 * giving its first result, as a call in an expression does.
 */
export function compileLongChain(
  fs: FnState,
  e: Suffixed,
  c: ChainCompiler,
): (f: Frame) => LuaValue | LuaValue[] {
  const { chain, innermost: x } = suffixChain(e);
  // top down: each call's arguments and site, before what it calls is compiled
  const calls = new Map<Suffixed, Step>();
  for (const n of chain) {
    const argNodes = c.args(n);
    if (argNodes) calls.set(n, callStep(fs, n as CallNode, c.list(fs, argNodes), c));
  }
  const innermost = c.expr(fs, x);
  // bottom up: each index's key, after what it indexes
  const steps: Step[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const n = chain[i]!;
    steps.push(calls.get(n) ?? indexStep(fs, n as A.MemberExpression | A.IndexExpression, c));
  }
  const last = steps.length - 1;
  return (f) => {
    let v: LuaValue = innermost(f);
    for (let i = 0; i < last; i++) {
      const r = steps[i]!(f, v);
      v = Array.isArray(r) ? r[0] : r;
    }
    return steps[last]!(f, v);
  };
}

/** An index (`.k`, `[k]`) of the value below, as compile-expr's compileIndex does it. */
function indexStep(fs: FnState, e: A.MemberExpression | A.IndexExpression, c: ChainCompiler): Step {
  const name = describe(fs, e.base);
  const line = e.loc.end.line;
  if (e.type === 'MemberExpression') {
    const key = e.identifier.name;
    const hash = stringHash(key);
    return (_f, t) => {
      if (t instanceof LuaTable) {
        const v = t.getStr(key, hash);
        if (v !== undefined || t.metatable === null) return v;
      }
      return op.index(line, t, key, name);
    };
  }
  const key = c.expr(fs, e.index);
  return (f, t) => {
    const k = key(f);
    if (t instanceof LuaTable) {
      const v = t.get(k);
      if (v !== undefined || t.metatable === null) return v;
    }
    return op.index(line, t, k, name);
  };
}

/** A call of the value below (for `o:m(…)`, of `o`'s method, `o` passed first). */
function callStep(
  fs: FnState,
  e: CallNode,
  args: (f: Frame) => LuaValue[],
  c: ChainCompiler,
): Step {
  const { line, callee, fnName, method } = c.site(fs, e.base);
  if (method) {
    const { name, selfName } = method;
    return (f, o) => {
      const fn = op.index(line, o, name, selfName);
      const rest = args(f);
      return op.callValue(line, fn, [o, ...rest], fnName, callee);
    };
  }
  return (f, fn) => op.callValue(line, fn, args(f), fnName, callee);
}
