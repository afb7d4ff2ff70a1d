/**
 * Memos keyed by an object the result is a function of (a run index, a keyspace view, a
 * scenario). Each holds only derived data and changes no answer; it lets an equal answer keep
 * its reference, so a view given that answer can see that nothing changed and skip its work.
 */
export interface Memo<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value `cache` holds for `key`, made (once) by `make` when it holds none. */
export const memoOf = <K, V>(cache: Memo<K, V>, key: K, make: () => V): V => {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    cache.set(key, v);
  }
  return v;
};
