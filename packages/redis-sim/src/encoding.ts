import { utf8LongerThan } from './byte-order.ts';
import type { Value } from './keyspace.ts';
import { redisParseInt } from './numbers.ts';

/** OBJ_ENCODING_EMBSTR_SIZE_LIMIT: a string of at most this many bytes is embedded. */
const EMBSTR_LIMIT = 44;
/** OBJ_SHARED_INTEGERS: 0 … 9999 stored by `tryObjectEncoding` are the server's shared objects. */
const SHARED_INTEGERS = 10_000;
/** OBJ_SHARED_REFCOUNT (INT_MAX): what OBJECT REFCOUNT answers for a shared object. */
const SHARED_REFCOUNT = 2_147_483_647;

/** The integer `tryObjectEncoding` keeps a string as (at most 20 bytes, string2l's rules), or null. */
function asInteger(text: string): number | null {
  return text.length <= 20 ? redisParseInt(text) : null;
}

/** OBJECT ENCODING's answer for a value, as Redis 7.0 encodes it. */
export function encodingOf(v: Value): string {
  switch (v.type) {
    case 'string': {
      if (v.encoding === 'raw' || v.encoding === 'int' || v.encoding === 'embstr')
        return v.encoding;
      if (v.encoding === undefined && asInteger(v.value) !== null) return 'int';
      return utf8LongerThan(v.value, EMBSTR_LIMIT) ? 'raw' : 'embstr';
    }
    case 'hash':
      return v.hashtable ? 'hashtable' : 'listpack';
    case 'zset':
      return v.zset.listpack ? 'listpack' : 'skiplist';
    case 'list':
      // Redis 7.0 keeps every list in a quicklist (listpack lists came with 7.2)
      return 'quicklist';
    case 'set':
      return v.set.encoding;
  }
}

/** OBJECT REFCOUNT's answer: a shared integer's INT_MAX, else the one reference the key holds. */
export function refcountOf(v: Value): number {
  if (v.type !== 'string' || v.encoding !== undefined) return 1;
  const n = asInteger(v.value);
  return n !== null && n >= 0 && n < SHARED_INTEGERS ? SHARED_REFCOUNT : 1;
}
