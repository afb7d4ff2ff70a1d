/**
 * The suffixes of one expression (`a.b`, `t[k]`, `f(…)`, `o:m(…)`) as a list. The tree nests one
 * node per suffix down its `base`, as deep as the chain is long, where Lua 5.1's primaryexp reads
 * them in a loop; the passes over a tree (the scoping, the compile) walk this list instead of
 * recursing on the base. The tree alone: no compile or runtime here.
 */
import type * as A from '../ast.ts';

/** A call of any of the three forms: `f(…)`, `f{…}`, `f"…"`. */
export type CallNode = A.CallExpression | A.TableCallExpression | A.StringCallExpression;
/** An expression that is a suffix applied to another. */
export type Suffixed = A.MemberExpression | A.IndexExpression | CallNode;

/** Whether `e` is a suffix applied to another expression. */
export const isSuffixed = (e: A.Expression): e is Suffixed =>
  e.type === 'MemberExpression' ||
  e.type === 'IndexExpression' ||
  e.type === 'CallExpression' ||
  e.type === 'TableCallExpression' ||
  e.type === 'StringCallExpression';

/** The expression a suffix applies to (for `o:m(…)`, `o`: the method's lookup is the call's). */
export function below(e: Suffixed): A.Expression {
  if (e.type === 'MemberExpression' || e.type === 'IndexExpression') return e.base;
  const base = e.base;
  return base.type === 'MemberExpression' && base.indexer === ':' ? base.base : base;
}

/**
 * The suffixes of a chain whose last is `e`, last first, and the expression the first applies
 * to (the compiles of compile-expr.ts and resumable.ts and the scoping walk them in this order).
 */
export function suffixChain(e: Suffixed): { chain: Suffixed[]; innermost: A.Expression } {
  const chain: Suffixed[] = [];
  let x: A.Expression = e;
  while (isSuffixed(x)) {
    chain.push(x);
    x = below(x);
  }
  return { chain, innermost: x };
}
