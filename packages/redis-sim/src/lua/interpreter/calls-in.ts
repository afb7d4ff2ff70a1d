/**
 * Which nodes of a tree can yield: those with a call on their own path (a nested function's
 * body does not count, since its calls run when it is called). The suspendable compile
 * (resumable.ts) asks it of every expression and statement, so each node's answer is kept.
 */

const callsIn = new WeakMap<object, boolean>();

/** Whether a node (or each of a list of nodes) has a call on its own path. */
export function hasCall(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (Array.isArray(node)) return node.some(hasCall);
  // answered children first, from a stack of nodes still to answer, not by recursion: a chain
  // of thousands of operators or suffixes nests its tree as deep as it is long
  const pending: object[] = [node];
  while (pending.length > 0) {
    const at = pending[pending.length - 1]!;
    if (callsIn.has(at)) {
      pending.pop();
      continue;
    }
    const own = ownAnswer(at);
    if (own !== undefined) {
      callsIn.set(at, own);
      pending.pop();
      continue;
    }
    const children = childrenOf(at);
    const unanswered = children.filter((c) => !callsIn.has(c));
    if (unanswered.length > 0) {
      for (const c of unanswered) pending.push(c);
      continue;
    }
    callsIn.set(
      at,
      children.some((c) => callsIn.get(c)),
    );
    pending.pop();
  }
  return callsIn.get(node)!;
}

/** A call is one; a function's body is not on the path; any other node answers by its children. */
function ownAnswer(node: object): boolean | undefined {
  const type = (node as { type?: string }).type;
  if (
    type === 'CallExpression' ||
    type === 'TableCallExpression' ||
    type === 'StringCallExpression'
  )
    return true;
  if (type === 'FunctionDeclaration') return false;
  return undefined;
}

/** The objects a node holds (child nodes and lists of them, a list's items), its location aside. */
function childrenOf(node: object): object[] {
  const out: object[] = [];
  for (const [k, v] of Object.entries(node))
    if (k !== 'loc' && v !== null && typeof v === 'object') out.push(v as object);
  return out;
}
