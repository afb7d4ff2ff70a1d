import { chargeElements } from '../command-work.ts';
import { NOT_INTEGER, SYNTAX, err } from '../errors.ts';
import { formatDouble } from '../format-double.ts';
import { globMatch } from '../glob.ts';
import { redisParseInt } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, readTyped, type CommandSpec } from './types.ts';

/** The reply to a cursor strtoul cannot read. */
export const INVALID_CURSOR = 'ERR invalid cursor';
const ULONG_MAX = 2n ** 64n - 1n;

/** A cursor as Redis reads it (strtoul: an optional sign, digits, within 64 bits), or null. */
export function parseCursor(s: string): bigint | null {
  // strtoul reads nothing of an empty string and stops at its end: parseScanCursorOrReply
  // takes that as cursor 0
  if (s === '') return 0n;
  const m = /^([+-]?)(\d+)$/.exec(s);
  if (!m) return null;
  const n = BigInt(m[2]!);
  if (n > ULONG_MAX) return null;
  // strtoul negates a minus-signed number in unsigned arithmetic
  return m[1] === '-' && n !== 0n ? ULONG_MAX + 1n - n : n;
}

/** What a SCAN-family command's options asked for. */
export interface ScanOptions {
  count: number;
  match: string | null;
  type: string | null;
}

/** COUNT, MATCH and (SCAN only) TYPE from `from` on, as scanGenericCommand reads them. */
export function parseScanOptions(
  args: readonly string[],
  from: number,
  allowType: boolean,
): ScanOptions | { error: string } {
  const o: ScanOptions = { count: 10, match: null, type: null };
  for (let i = from; i < args.length; i += 2) {
    const opt = arg(args, i).toLowerCase();
    const hasValue = args.length - i >= 2;
    if (opt === 'count' && hasValue) {
      const n = redisParseInt(arg(args, i + 1));
      if (n === null) return err(NOT_INTEGER);
      if (n < 1) return err(SYNTAX);
      o.count = n;
    } else if (opt === 'match' && hasValue) {
      o.match = arg(args, i + 1) === '*' ? null : arg(args, i + 1);
    } else if (opt === 'type' && allowType && hasValue) {
      o.type = arg(args, i + 1);
    } else return err(SYNTAX);
  }
  return o;
}

const reply = (cursor: bigint | number, items: Reply[]): Reply => [String(cursor), items];

/**
 * SCAN cursor [MATCH pattern] [COUNT n] [TYPE type]. The cursor is a key's creation number
 * (a real server's is a reverse-binary hash-table slot, so the numbers differ): each call
 * looks at up to COUNT keys created at or after the cursor, then filters them, so a page can
 * come back short or empty with a cursor to go on, as on a real server. A keyspace with fewer
 * keys than COUNT comes back whole with cursor 0, which is what a real server's small table
 * gives too. A key present for the whole iteration is returned, and only once.
 */
const scan: CommandSpec = {
  name: 'scan',
  arity: -2,
  flags: ['readonly'],
  run: ({ ks }, args) => {
    const cursor = parseCursor(arg(args, 1));
    if (cursor === null) return err(INVALID_CURSOR);
    const o = parseScanOptions(args, 2, true);
    if ('error' in o) return o;
    const seen: string[] = [];
    let next = 0;
    const all = ks.keys();
    // the keys are listed whole and walked from the first: work no page of the reply shows
    chargeElements(all.length);
    for (const key of all) {
      if (BigInt(ks.bornAt(key) ?? 0) < cursor) continue;
      if (seen.length === o.count) {
        next = ks.bornAt(key) ?? 0;
        break;
      }
      seen.push(key);
    }
    const kept = seen.filter(
      (k) =>
        (o.match === null || globMatch(o.match, k)) &&
        (o.type === null || ks.get(k)?.type === o.type.toLowerCase()),
    );
    return reply(next, kept);
  },
};

/**
 * The page of a hash's or sorted set's entries an HSCAN/ZSCAN answers: a listpack (small)
 * object whole with cursor 0, whatever the cursor and COUNT, as Redis does; a large one
 * COUNT entries at a time from the cursor, here an index into its order.
 */
function scanEntries(
  entries: Array<[string, string]>,
  listpack: boolean,
  cursor: bigint,
  o: ScanOptions,
): Reply {
  const start = listpack ? 0 : Number(cursor);
  const end = listpack ? entries.length : Math.min(entries.length, start + o.count);
  const out: Reply[] = [];
  for (const [name, value] of entries.slice(start, end)) {
    if (o.match === null || globMatch(o.match, name)) out.push(name, value);
  }
  return reply(end >= entries.length ? 0 : end, out);
}

function collectionScan(name: 'hscan' | 'zscan'): CommandSpec {
  const type = name === 'hscan' ? 'hash' : 'zset';
  return {
    name,
    arity: -3,
    flags: ['readonly'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks }, args) => {
      const cursor = parseCursor(arg(args, 2));
      if (cursor === null) return err(INVALID_CURSOR);
      const v = readTyped(ks, arg(args, 1), type);
      if (v === undefined) return reply(0, []);
      if ('error' in v) return v;
      const o = parseScanOptions(args, 3, false);
      if ('error' in o) return o;
      // the entries are listed whole for every page: work no page of the reply shows
      if (v.type === 'hash') {
        chargeElements(v.fields.size);
        return scanEntries([...v.fields], !v.hashtable, cursor, o);
      }
      if (v.type !== 'zset') return reply(0, []);
      const z = v.zset;
      chargeElements(z.size);
      const entries = z.members().map((m): [string, string] => [m, formatDouble(z.score(m) ?? 0)]);
      return scanEntries(entries, z.listpack, cursor, o);
    },
  };
}

/** The scan commands, for the default command set (commands/defaults.ts). */
export const scanCommands: CommandSpec[] = [scan, collectionScan('hscan'), collectionScan('zscan')];
