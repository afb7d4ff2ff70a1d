/**
 * How the command fuzzer compares the two servers. A reply is compared byte for byte, type for
 * type (status, bulk, integer, error, nil), except where Redis itself promises no order or no
 * value: what a command lists in its hash table's order (a hashtable set's members, a hash's
 * fields once it left its listpack, KEYS) is compared as a sorted list, a SCAN page that does not
 * end the iteration only by its shape, and what a command draws at random (SPOP, SRANDMEMBER,
 * RANDOMKEY, HRANDFIELD, ZRANDMEMBER) by its shape: the same kind of reply, as many members,
 * each of them a member of the key it was drawn from.
 */
import type { Wire } from './resp-client.ts';

/** Commands whose reply lists members in an order Redis does not define (hash-table order). */
const UNORDERED = new Set(['SMEMBERS', 'SINTER', 'SUNION', 'SDIFF', 'KEYS', 'HKEYS', 'HVALS']);
/** Commands whose reply is pairs in hash-table order. */
const UNORDERED_PAIRS = new Set(['HGETALL']);
/** Commands whose answer is drawn at random. */
export const RANDOM = new Set(['SPOP', 'SRANDMEMBER', 'RANDOMKEY', 'HRANDFIELD', 'ZRANDMEMBER']);
const SCANS = new Set(['SCAN', 'SSCAN', 'HSCAN', 'ZSCAN']);

const order = (a: Wire, b: Wire) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1);

/** Every bulk string as `?`: what is left of a reply once its drawn values are set aside. */
function shape(w: Wire): Wire {
  if (typeof w === 'string' || (w !== null && typeof w === 'object' && 'bytes' in w)) return '?';
  if (Array.isArray(w)) return w.map(shape);
  return w;
}

function pairs(items: Wire[]): Wire[] {
  const out: Wire[] = [];
  for (let i = 0; i < items.length; i += 2) out.push([items[i] ?? null, items[i + 1] ?? null]);
  return out.sort(order);
}

/**
 * Whether a SORT answers in an order Redis leaves open: BY a constant does not sort, so a set
 * comes in its hash table's order (unless stored, when it is sorted as text).
 */
function unsortedSort(cmd: readonly string[]): 'unordered' | 'shape' | null {
  const words = cmd.map((a) => a.toUpperCase());
  const by = words.findIndex((a, i) => a === 'BY' && i > 1);
  if (by < 0 || (cmd[by + 1] ?? '').includes('*') || words.includes('STORE')) return null;
  // a LIMIT takes a part of that order
  return words.includes('LIMIT') ? 'shape' : 'unordered';
}

/** Whether the SCAN-family call starts an iteration (cursor 0, or empty, which reads as 0). */
function fromStart(cmd: readonly string[], at: number): boolean {
  const cursor = cmd[at] ?? '';
  return cursor === '' || /^[+-]?0+$/.test(cursor);
}

/** Whether a COUNT option of the call asks for fewer than `n`. */
function countBelow(cmd: readonly string[], n: number): boolean {
  return cmd.some((a, i) => a.toUpperCase() === 'COUNT' && Number(cmd[i + 1]) < n);
}

/** The reply in the form the two sides must agree on, for the command `cmd`. */
export function comparable(cmd: readonly string[], w: Wire): Wire {
  const name = (cmd[0] ?? '').toUpperCase();
  if ((name === 'SORT' || name === 'SORT_RO') && Array.isArray(w)) {
    const open = unsortedSort(cmd);
    // which members a LIMIT takes of a hash table's order is open, and so is what their GET
    // patterns find (a value or nil): only how many
    if (open === 'shape') return w.map(() => '?');
    if (open === 'unordered') return [...w].sort(order);
  }
  if (!Array.isArray(w)) return RANDOM.has(name) ? shape(w) : w;
  if (RANDOM.has(name)) return shape(w);
  if (UNORDERED.has(name)) return [...w].sort(order);
  if (UNORDERED_PAIRS.has(name)) return pairs(w);
  if (SCANS.has(name) && w.length === 2 && Array.isArray(w[1])) {
    // a cursor the server did not hand out names a slot of its table (hashed with the
    // process's own seed), and a COUNT below the size of what is scanned stops where the
    // table's slots say: of those pages only that each is a page (the pool and its
    // collections hold fewer than 10 entries, but for the many-member writes)
    if (!fromStart(cmd, name === 'SCAN' ? 1 : 2)) return ['page', []];
    if (countBelow(cmd, 10)) return ['page', []];
    // a page that ends the iteration holds everything: compared as a set; any other page
    // depends on the table's slots, so only that it is a page
    if (w[0] === '0') return ['0', [...w[1]].sort(order)];
    return ['more', []];
  }
  return w;
}

/** The bulk strings of a reply (the members a random draw returned). */
export function drawn(w: Wire): string[] {
  if (typeof w === 'string') return [w];
  if (Array.isArray(w)) return w.flatMap(drawn);
  return [];
}
