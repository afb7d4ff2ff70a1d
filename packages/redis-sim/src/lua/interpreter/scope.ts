/**
 * The scoping pre-pass: which declaration each name refers to, and which
 * locals are captured by an inner function (those live in boxes so closures
 * share them; the rest are plain slots, which is the fast path).
 */
import type * as A from '../ast.ts';
import { suffixChain, type Suffixed } from './suffixes.ts';

/** A declared local: its declaring node, and the function it belongs to. */
export interface Decl {
  name: string;
  fn: object;
  captured: boolean;
}

/** The results of the pre-pass. */
export interface Resolution {
  /** Declaring Identifier node → its declaration. */
  decls: Map<A.Identifier, Decl>;
  /** Using Identifier node → the declaration it refers to (absent: a global). */
  uses: Map<A.Identifier, Decl>;
  /** `self` of each `function a:b()` (it has no node of its own). */
  selfs: Map<A.FunctionDeclaration, Decl>;
}

type Scope = Map<string, Decl>;

/** Resolves every name of a chunk. */
export function resolve(chunk: A.Chunk): Resolution {
  const res: Resolution = { decls: new Map(), uses: new Map(), selfs: new Map() };
  const scopes: Scope[] = [];
  let fn: object = chunk;

  const declare = (id: A.Identifier): void => {
    const d: Decl = { name: id.name, fn, captured: false };
    res.decls.set(id, d);
    scopes[scopes.length - 1]!.set(id.name, d);
  };
  const refer = (id: A.Identifier): void => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      const d = scopes[i]!.get(id.name);
      if (d) {
        if (d.fn !== fn) d.captured = true;
        res.uses.set(id, d);
        return;
      }
    }
  };
  const block = (body: A.Statement[], extra?: () => void): void => {
    scopes.push(new Map());
    for (const s of body) stmt(s);
    extra?.();
    scopes.pop();
  };
  const func = (node: A.FunctionDeclaration): void => {
    const outer = fn;
    fn = node;
    scopes.push(new Map());
    if (node.identifier?.type === 'MemberExpression' && node.identifier.indexer === ':') {
      const d: Decl = { name: 'self', fn, captured: false };
      res.selfs.set(node, d);
      scopes[scopes.length - 1]!.set('self', d);
    }
    for (const p of node.parameters) if (p.type === 'Identifier') declare(p);
    block(node.body);
    scopes.pop();
    fn = outer;
  };
  const exprs = (list: A.Expression[]): void => {
    for (const e of list) expr(e);
  };
  const expr = (e: A.Expression): void => {
    switch (e.type) {
      case 'Identifier':
        return refer(e);
      case 'FunctionDeclaration':
        return func(e);
      case 'TableConstructorExpression':
        for (const f of e.fields) {
          if (f.type === 'TableKey') expr(f.key);
          expr(f.value);
        }
        return;
      case 'BinaryExpression':
      case 'LogicalExpression': {
        // down the left operands in a loop: a chain of left-associative operators nests as
        // deep as it is long (`1 + … + 1` of hundreds of thousands of terms compiles in Lua)
        const rights: A.Expression[] = [];
        let x: A.Expression = e;
        while (x.type === 'BinaryExpression' || x.type === 'LogicalExpression') {
          rights.push(x.right);
          x = x.left;
        }
        expr(x);
        for (let i = rights.length - 1; i >= 0; i--) expr(rights[i]!);
        return;
      }
      case 'UnaryExpression':
        return expr(e.argument);
      case 'MemberExpression':
      case 'IndexExpression':
      case 'CallExpression':
      case 'TableCallExpression':
      case 'StringCallExpression':
        return suffixes(e);
      default:
        return;
    }
  };
  // down the bases in a loop (suffixes.ts): a chain of suffixes (`a.b.b…`, `f()()…`) nests as
  // deep as it is long; each suffix's own expressions (an index, arguments) after what it applies to
  const suffixes = (e: Suffixed): void => {
    const { chain, innermost } = suffixChain(e);
    expr(innermost);
    for (let i = chain.length - 1; i >= 0; i--) {
      const s = chain[i]!;
      if (s.type === 'IndexExpression') expr(s.index);
      else if (s.type === 'CallExpression') exprs(s.arguments);
      else if (s.type === 'TableCallExpression') expr(s.arguments);
    }
  };
  const stmt = (s: A.Statement): void => {
    switch (s.type) {
      case 'LocalStatement':
        exprs(s.init);
        for (const v of s.variables) declare(v);
        return;
      case 'AssignmentStatement':
        exprs(s.variables);
        return exprs(s.init);
      case 'CallStatement':
        return expr(s.expression);
      case 'FunctionDeclaration':
        if (s.isLocal && s.identifier?.type === 'Identifier') {
          declare(s.identifier);
        } else if (s.identifier) {
          expr(s.identifier);
        }
        return func(s);
      case 'IfStatement':
        for (const c of s.clauses) {
          if (c.type !== 'ElseClause') expr(c.condition);
          block(c.body);
        }
        return;
      case 'WhileStatement':
        expr(s.condition);
        return block(s.body);
      case 'RepeatStatement':
        // the condition sees the body's locals
        return block(s.body, () => expr(s.condition));
      case 'DoStatement':
        return block(s.body);
      case 'ForNumericStatement':
        expr(s.start);
        expr(s.end);
        if (s.step) expr(s.step);
        scopes.push(new Map());
        declare(s.variable);
        block(s.body);
        scopes.pop();
        return;
      case 'ForGenericStatement':
        exprs(s.iterators);
        scopes.push(new Map());
        for (const v of s.variables) declare(v);
        block(s.body);
        scopes.pop();
        return;
      case 'ReturnStatement':
        return exprs(s.arguments);
      case 'BreakStatement':
        return;
    }
  };
  block(chunk.body);
  return res;
}
