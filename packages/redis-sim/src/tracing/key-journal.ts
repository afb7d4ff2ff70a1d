/**
 * The writes a traced script's call makes that the keyspace does not journal entry by entry.
 * Hash fields and sorted-set members are journalled by the keyspace itself as they are written;
 * strings, lists, sets and time-to-live are not (each is stored whole), so they are
 * journalled around each call a traced script makes: every argument that could name a key is
 * read before the call and again after it, and what changed becomes one change each — a string
 * with its value before and after, a list or a set whole before and after, an expiry with its deadline
 * before and after. Only a stepper's run pays for this; the one-shot EVALSHA never does.
 */
import type { Keyspace } from '../keyspace.ts';
import type { ListRead } from '../list-items.ts';
import type { Reply } from '../trace-types.ts';

/** What a call could change of one key besides its hash fields and sorted-set members. */
interface Seen {
  /** the string it holds, null when absent, undefined when it holds another type */
  string: string | null | undefined;
  /**
   * the list it holds (a copy before the call, the list itself after it), null when absent,
   * undefined when it holds another type
   */
  list: ListRead | null | undefined;
  /** the set's members (a copy), null when absent, undefined when it holds another type */
  set: string[] | null | undefined;
  /** its expiry deadline in ms, null when it has none */
  expiry: number | null;
}

function see(ks: Keyspace, key: string, copyList: boolean): Seen {
  const v = ks.get(key);
  const expiry = ks.expireAt(key) ?? null;
  if (v === undefined) return { string: null, list: null, set: null, expiry };
  const none = { string: undefined, list: undefined, set: undefined, expiry };
  if (v.type === 'string') return { ...none, string: v.value };
  if (v.type === 'list') return { ...none, list: copyList ? v.items.toArray() : v.items };
  if (v.type === 'set') return { ...none, set: v.set.copy() };
  return none;
}

function sameList(a: ListRead | null, b: ListRead | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a.at(i) !== b.at(i)) return false;
  return true;
}

/**
 * Runs `call(args)`, journalling the strings, lists and expiries it wrote (when journalling).
 * A command Redis flags read-only is run as it is: it writes nothing, and inside a script no
 * key expires (the clock stands still, and keys due are purged before the script starts), so
 * reading its arguments before and after would only cost time (two of a batch's three calls).
 */
export function withKeyJournal(
  ks: Keyspace,
  args: readonly string[],
  call: (args: readonly string[]) => Reply,
  readOnly = false,
): Reply {
  const journal = ks.journal;
  if (!journal || readOnly) return call(args);
  const before = new Map<string, Seen>();
  for (const key of args.slice(1)) if (!before.has(key)) before.set(key, see(ks, key, true));
  const reply = call(args);
  for (const [key, was] of before) {
    const now = see(ks, key, false);
    // a string that appeared, changed or went (a DEL, or a SET over another type)
    const [s0, s1] = [was.string ?? null, now.string ?? null];
    if (s0 !== s1) journal.push({ kind: 'string', key, before: s0, after: s1 });
    const [l0, l1] = [was.list ?? null, now.list ?? null];
    if (!sameList(l0, l1))
      journal.push({ kind: 'list', key, before: l0 && [...l0], after: l1 && [...l1] });
    const [m0, m1] = [was.set ?? null, now.set ?? null];
    if (!sameList(m0, m1)) journal.push({ kind: 'set', key, before: m0, after: m1 });
    if (was.expiry !== now.expiry)
      journal.push({ kind: 'expiry', key, before: was.expiry, after: now.expiry });
  }
  return reply;
}
