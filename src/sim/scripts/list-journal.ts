/**
 * Lists in a traced run's journal. The keyspace journals hash and sorted-set writes entry by
 * entry; a list is journalled around each call a traced script makes: every argument that names
 * a list (or no key yet) is read before the call and again after it, and a list that changed is
 * one change with the whole list before and after. Only a stepper's run pays for this.
 */
import type { Keyspace } from '../keyspace.ts';
import type { Reply } from '../trace-types.ts';

const listOf = (ks: Keyspace, key: string): string[] | null | undefined => {
  const v = ks.get(key);
  if (v === undefined) return null;
  return v.type === 'list' ? v.items : undefined;
};

const same = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/** Runs `call(args)`, journalling the lists it wrote (when the keyspace is journalling). */
export function withListJournal(
  ks: Keyspace,
  args: readonly string[],
  call: (args: readonly string[]) => Reply,
): Reply {
  if (!ks.journal) return call(args);
  const before = new Map<string, string[] | null>();
  for (const key of args.slice(1)) {
    if (before.has(key)) continue;
    const list = listOf(ks, key);
    if (list !== undefined) before.set(key, list === null ? null : [...list]);
  }
  const reply = call(args);
  for (const [key, was] of before) {
    const now = listOf(ks, key);
    const after = now === undefined || now === null ? null : now;
    if (!same(was, after)) {
      ks.journal.push({
        kind: 'list',
        key,
        before: was,
        after: after === null ? null : [...after],
      });
    }
  }
  return reply;
}
