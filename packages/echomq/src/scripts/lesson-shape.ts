/**
 * Recognises a script with the lesson's shape from its tree, so its run can
 * be told in the lesson's terms (args, clock, the loop over the pairs, the
 * three checks, re-score or collect). Found by what the statements do and the
 * names they use, not by line numbers, so an edit that keeps the shape (the
 * guard dropped, TIME read per member) is still told member by member.
 */
import type { LuaAst as A } from '@batch-lease/redis-sim';

/** What a statement means in the lesson's story. */
export type Role = 'lease' | 'clock' | 'pair-id' | 'pair-token' | 'row-key' | 'collect' | 'advance';

/**
 * A script's statements mapped to their roles in the lesson's story, found on its tree: a lease
 * read from ARGV, a clock, a loop over (id, token) pairs or one pair behind guard clauses, three
 * checks, then a re-score or a collect.
 */
export interface ScriptShape {
  /** The batch (a loop over the pairs) or the single verb (one pair, guard clauses). */
  kind: 'batch' | 'single';
  roles: Map<A.Statement, Role>;
  /** The loop over the pairs (batch). */
  loop: A.WhileStatement | null;
  /** The `and` chain whose operands are the checks (batch), by chain position. */
  checksIf: A.IfStatement | null;
  /** Guard clauses in order, each one check (single). */
  guards: A.IfStatement[];
}

const declares = (s: A.Statement, name: string): boolean =>
  s.type === 'LocalStatement' && s.variables.some((v) => v.name === name);

function isTableInsertInto(s: A.Statement, list: string): boolean {
  if (s.type !== 'CallStatement' || s.expression.type !== 'CallExpression') return false;
  const { base, arguments: args } = s.expression;
  return (
    base.type === 'MemberExpression' &&
    base.base.type === 'Identifier' &&
    base.base.name === 'table' &&
    base.identifier.name === 'insert' &&
    args[0]?.type === 'Identifier' &&
    args[0].name === list
  );
}

function walk(body: A.Statement[], visit: (s: A.Statement) => void): void {
  for (const s of body) {
    visit(s);
    if (s.type === 'IfStatement') for (const c of s.clauses) walk(c.body, visit);
    else if ('body' in s && Array.isArray(s.body) && s.type !== 'FunctionDeclaration') {
      walk(s.body, visit);
    }
  }
}

/** The lesson's shape in a chunk, or null for any other script (told statement by statement). */
export function lessonShape(chunk: A.Chunk): ScriptShape | null {
  const top = chunk.body;
  const loop = top.find((s): s is A.WhileStatement => s.type === 'WhileStatement') ?? null;
  // the clock is read before the loop (the lesson's script) or in it (once per member)
  let nowInLoop = false;
  if (loop) walk(loop.body, (s) => (nowInLoop ||= declares(s, 'now')));
  if (!top.some((s) => declares(s, 'lease'))) return null;
  if (!top.some((s) => declares(s, 'now')) && !nowInLoop) return null;
  const roles = new Map<A.Statement, Role>();
  let checksIf: A.IfStatement | null = null;
  const guards: A.IfStatement[] = [];
  for (const s of top) {
    if (declares(s, 'lease')) roles.set(s, 'lease');
    if (declares(s, 'now')) roles.set(s, 'clock');
  }
  if (loop) {
    walk(loop.body, (s) => {
      if (declares(s, 'id')) roles.set(s, 'pair-id');
      if (declares(s, 'token')) roles.set(s, 'pair-token');
      if (declares(s, 'jk')) roles.set(s, 'row-key');
      if (declares(s, 'now')) roles.set(s, 'clock');
      if (isTableInsertInto(s, 'failed')) roles.set(s, 'collect');
      if (
        s.type === 'AssignmentStatement' &&
        s.variables[0]?.type === 'Identifier' &&
        s.variables[0].name === 'i'
      ) {
        roles.set(s, 'advance');
      }
      const first = s.type === 'IfStatement' ? s.clauses[0] : undefined;
      if (
        !checksIf &&
        s.type === 'IfStatement' &&
        first?.type === 'IfClause' &&
        first.condition.type === 'LogicalExpression' &&
        first.condition.operator === 'and'
      ) {
        checksIf = s;
      }
    });
    return { kind: 'batch', roles, loop, checksIf, guards };
  }
  for (const s of top) {
    if (s.type === 'IfStatement' && s.clauses.length === 1) guards.push(s);
  }
  return { kind: 'single', roles, loop: null, checksIf: null, guards };
}
