/**
 * How Lua 5.1 names an operand in an error (ldebug.c's getobjname), decided
 * from the tree: a local, an upvalue, a global, a field (`'?'` for a key that
 * is not a string constant) or a method; constants and call results have no
 * name.
 */
import type * as A from '../ast.ts';
import type { CallName } from './errors.ts';
import { refOf, type FnState } from './fn-state.ts';

/** The variable part of a message, e.g. `local 'count'`, or null. */
export function describe(fs: FnState, e: A.Expression): string | null {
  const n = nameOf(fs, e);
  return n ? `${n.kind} '${n.name}'` : null;
}

/** The name a call site gives the function it calls ("bad argument … to 'name'"). */
export function calleeName(fs: FnState, e: A.Expression): CallName {
  if (e.type === 'MemberExpression' && e.indexer === ':') {
    return { name: e.identifier.name, method: true };
  }
  return { name: nameOf(fs, e)?.name ?? null, method: false };
}

function nameOf(fs: FnState, e: A.Expression): { kind: string; name: string } | null {
  switch (e.type) {
    case 'Identifier': {
      const ref = refOf(fs, e);
      return { kind: ref.kind, name: e.name };
    }
    case 'MemberExpression':
      return { kind: e.indexer === ':' ? 'method' : 'field', name: e.identifier.name };
    case 'IndexExpression':
      return {
        kind: 'field',
        name: e.index.type === 'StringLiteral' ? e.index.value : '?',
      };
    default:
      return null;
  }
}
