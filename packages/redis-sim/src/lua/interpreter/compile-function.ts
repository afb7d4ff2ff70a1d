/**
 * Functions: a prototype compiled once, and the closure made each time the
 * `function` expression runs (capturing the boxes of the locals it sees).
 */
import type * as A from '../ast.ts';
import { LuaFunction, type LuaValue } from '../values.ts';
import { compileBlock, type Exec, RETURN } from './compile-stmt.ts';
import { FnState } from './fn-state.ts';
import type { Box, Frame } from './frame.ts';
import type { LocalInfo } from './hook.ts';
import { S } from './runtime.ts';
import type { Decl } from './scope.ts';

const NONE: LuaValue[] = [];

/** A compiled function body, ready to be instantiated as closures. */
export interface Proto {
  nslots: number;
  params: LocalInfo[];
  vararg: boolean;
  body: Exec;
  fs: FnState;
  /**
   * The tree it was compiled from, and its text's tokens (a coroutine compiles it again,
   * suspendably, charged by them: resumable.ts).
   */
  source: {
    params: (A.Identifier | A.VarargLiteral)[];
    body: A.Statement[];
    self: Decl | null;
    tokens: number;
  };
}

/** Compiles a function's parameters and body inside `fs`. */
export function compileProto(
  fs: FnState,
  params: (A.Identifier | A.VarargLiteral)[],
  body: A.Statement[],
  selfDecl: Decl | null,
  tokens = 0,
): Proto {
  const infos: LocalInfo[] = selfDecl ? [fs.declare(selfDecl)] : [];
  let vararg = false;
  for (const p of params) {
    if (p.type === 'VarargLiteral') vararg = true;
    else infos.push(fs.declare(fs.declOf(p)));
  }
  const exec = compileBlock(fs, body);
  const source = { params, body, self: selfDecl, tokens };
  return { nslots: fs.nslots, params: infos, vararg, body: exec, fs, source };
}

/** Runs a prototype with arguments and upvalues: its results. */
export function invoke(p: Proto, up: Box[], args: LuaValue[]): LuaValue[] {
  const r: unknown[] = new Array(p.nslots);
  const params = p.params;
  for (let i = 0; i < params.length; i++) {
    const info = params[i]!;
    r[info.slot] = info.boxed ? { v: args[i] } : args[i];
  }
  const f: Frame = {
    r,
    va: p.vararg && args.length > params.length ? args.slice(params.length) : NONE,
    up,
    ret: NONE,
  };
  const rt = S.rt;
  rt.callLines.push(rt.line);
  const hook = rt.hook;
  if (hook) hook.depth(1);
  try {
    return p.body(f) === RETURN ? f.ret : NONE;
  } finally {
    rt.callLines.pop();
    if (hook) hook.depth(-1);
  }
}

/** A `function … end` expression: makes a closure each time it runs. */
export function compileFunction(
  outer: FnState,
  node: A.FunctionDeclaration,
): (f: Frame) => LuaFunction {
  const fs = new FnState(outer.res, outer, outer.chains);
  const self = outer.res.selfs.get(node) ?? null;
  const proto = compileProto(fs, node.parameters, node.body, self, node.tokens);
  const sources = fs.upvalSources;
  const name = functionName(node);
  return (f) => {
    const up: Box[] = new Array(sources.length);
    for (let i = 0; i < sources.length; i++) {
      const s = sources[i]!;
      up[i] = s.local ? (f.r[s.index] as Box) : f.up[s.index]!;
    }
    return new LuaFunction(name, (args) => invoke(proto, up, args), proto, up);
  };
}

function functionName(node: A.FunctionDeclaration): string {
  const id = node.identifier;
  if (!id) return '?';
  return id.type === 'Identifier' ? id.name : id.identifier.name;
}
