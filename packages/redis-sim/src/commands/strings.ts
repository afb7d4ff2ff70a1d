/**
 * The string commands of Redis 7.0 (t_string.c) beyond GET, SET and the integer counters:
 * SETNX, SETEX, PSETEX, GETSET, GETDEL, GETEX, MGET, MSET, MSETNX, APPEND, STRLEN, GETRANGE,
 * SUBSTR, SETRANGE, INCRBYFLOAT and LCS. Strings are bytes: lengths, offsets and ranges count
 * bytes, read through byte-text.ts, never UTF-16 units.
 */
import { chargeElements, chargeStringBytes } from '../command-work.ts';
import { byteStringOfText, bytesOfText, textOfByteString, textOfBytes } from '../byte-text.ts';
import {
  INVALID_EXPIRE,
  NOT_FLOAT,
  NOT_INTEGER,
  OK,
  SYNTAX,
  arityError,
  err,
  type ErrorReply,
} from '../errors.ts';
import type { Keyspace, Value } from '../keyspace.ts';
import { addLongDouble, formatLongDoubleHuman, parseLongDouble } from '../long-double.ts';
import { INT64, redisParseInt64 } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import { arg, keyRange, readTyped, type CommandSpec } from './types.ts';

/** proto-max-bulk-len's default: no string may grow past 512 MB. */
const MAX_STRING = 512 * 1024 * 1024;
const TOO_LONG = 'ERR string exceeds maximum allowed size (proto-max-bulk-len)';
/**
 * The longest string a command makes in the simulator: past it a tab runs out of memory (a
 * JavaScript string holds under 2^29 chars), where a real server makes one up to 512 MB.
 */
export const SIM_MAX_STRING = 256 * 1024 * 1024;
/** The simulator's refusal of a string past {@link SIM_MAX_STRING}, in plain words. */
const simTooLong = (command: string) =>
  `ERR the simulator makes strings of at most ${SIM_MAX_STRING} bytes (256 MB): ${command} would make a longer one, which a real server makes up to 512 MB`;

type StringValue = Extract<Value, { type: 'string' }>;

/** The string at `key`, undefined when absent, or the WRONGTYPE reply. */
const readString = (ks: Keyspace, key: string) => readTyped(ks, key, 'string');

const isString = (x: StringValue | undefined | ErrorReply): x is StringValue =>
  x !== undefined && 'type' in x;

/** `setKey` of a string: `key` holds `value` now, whatever it held, its time to live gone. */
const setString = (ks: Keyspace, key: string, value: string): void =>
  ks.replace(key, { type: 'string', value });

/** The unit an expiry option names: relative (EX, PX) or absolute (EXAT, PXAT), seconds or ms. */
export type ExpiryUnit = 'ex' | 'px' | 'exat' | 'pxat';

/**
 * `getExpireMillisecondsOrReply`: an expiry argument as an absolute time in ms, or the error
 * Redis answers, naming `command` (SET, SETEX, PSETEX, GETEX).
 */
export function expiryMs(
  text: string,
  unit: ExpiryUnit,
  now: number,
  command: string,
): number | ErrorReply {
  const n = redisParseInt64(text);
  if (n === null) return err(NOT_INTEGER);
  const seconds = unit === 'ex' || unit === 'exat';
  if (n <= 0n || (seconds && n > INT64.max / 1000n)) return err(INVALID_EXPIRE(command));
  let ms = seconds ? n * 1000n : n;
  if (unit === 'ex' || unit === 'px') ms += BigInt(now);
  if (ms <= 0n || ms > INT64.max) return err(INVALID_EXPIRE(command));
  return Number(ms);
}

const setnx: CommandSpec = {
  name: 'setnx',
  arity: 3,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['OW', 'insert']),
  run: ({ ks }, args) => {
    if (ks.has(arg(args, 1))) return 0;
    setString(ks, arg(args, 1), arg(args, 2));
    return 1;
  },
};

function setWithExpiry(name: 'setex' | 'psetex'): CommandSpec {
  return {
    name,
    arity: 4,
    flags: ['write'],
    keys: keyRange(1, 1, 1, ['OW', 'update']),
    run: ({ ks, host }, args) => {
      const at = expiryMs(arg(args, 2), name === 'setex' ? 'ex' : 'px', host.now(), name);
      if (typeof at !== 'number') return at;
      setString(ks, arg(args, 1), arg(args, 3));
      ks.setExpire(arg(args, 1), at);
      return OK;
    },
  };
}

const getset: CommandSpec = {
  name: 'getset',
  arity: 3,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: ({ ks }, args) => {
    const old = readString(ks, arg(args, 1));
    if (old && !isString(old)) return old;
    setString(ks, arg(args, 1), arg(args, 2));
    return old ? old.value : null;
  },
};

const getdel: CommandSpec = {
  name: 'getdel',
  arity: 2,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'delete']),
  run: ({ ks }, args) => {
    const v = readString(ks, arg(args, 1));
    if (!v) return null;
    if (!isString(v)) return v;
    ks.delete(arg(args, 1));
    return v.value;
  },
};

/** GETEX's options as parseExtendedStringArgumentsOrReply reads them for a GET: null on a syntax error. */
function parseGetexOptions(
  args: readonly string[],
): { persist: boolean; unit: ExpiryUnit | null; value: string } | null {
  let persist = false;
  let unit: ExpiryUnit | null = null;
  let value = '';
  for (let j = 2; j < args.length; j++) {
    const opt = arg(args, j).toLowerCase();
    const hasNext = j < args.length - 1;
    if (opt === 'persist' && unit === null) persist = true;
    else if (
      (opt === 'ex' || opt === 'px' || opt === 'exat' || opt === 'pxat') &&
      !persist &&
      (unit === null || unit === opt) &&
      hasNext
    ) {
      unit = opt;
      value = arg(args, ++j);
    } else return null;
  }
  return { persist, unit, value };
}

/** GETEX key [EX s | PX ms | EXAT t | PXAT t | PERSIST]: the value, then its time to live changed. */
const getex: CommandSpec = {
  name: 'getex',
  arity: -2,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: ({ ks, host }, args) => {
    const o = parseGetexOptions(args);
    if (!o) return err(SYNTAX);
    const key = arg(args, 1);
    const v = readString(ks, key);
    if (!v) return null;
    if (!isString(v)) return v;
    if (o.unit !== null) {
      const at = expiryMs(o.value, o.unit, host.now(), 'getex');
      if (typeof at !== 'number') return at;
      // an absolute time already past deletes the key (checkAlreadyExpired)
      if ((o.unit === 'exat' || o.unit === 'pxat') && at <= host.now()) ks.delete(key);
      else ks.setExpire(key, at);
    } else if (o.persist) ks.persist(key);
    return v.value;
  },
};

const mget: CommandSpec = {
  name: 'mget',
  arity: -2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, -1, 1, ['RO', 'access']),
  run: ({ ks }, args) =>
    args.slice(1).map((k) => {
      const v = ks.get(k);
      return v?.type === 'string' ? v.value : null;
    }),
};

function mset(name: 'mset' | 'msetnx'): CommandSpec {
  return {
    name,
    arity: -3,
    flags: ['write'],
    keys: keyRange(1, -1, 2, name === 'mset' ? ['OW', 'update'] : ['OW', 'insert']),
    run: ({ ks }, args) => {
      if (args.length % 2 === 0) return arityError(name);
      if (name === 'msetnx') {
        for (let j = 1; j < args.length; j += 2) if (ks.has(arg(args, j))) return 0;
      }
      for (let j = 1; j < args.length; j += 2) setString(ks, arg(args, j), arg(args, j + 1));
      return name === 'mset' ? OK : 1;
    },
  };
}

/** APPEND key value: a new key is stored as SET would; an existing one grows in place (raw). */
const append: CommandSpec = {
  name: 'append',
  arity: 3,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'insert']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const v = readString(ks, key);
    if (v && !isString(v)) return v;
    // bytes held a char each (ASCII text is its own), so a long value is joined natively
    const tail = byteStringOfText(arg(args, 2));
    if (!v) {
      ks.put(key, { type: 'string', value: arg(args, 2) });
      return tail.length;
    }
    // the old value is read as bytes and made anew with the tail (a real server grows it in
    // place): charged before the key changes
    chargeStringBytes(v.value.length);
    const head = byteStringOfText(v.value);
    if (head.length + tail.length > MAX_STRING) return err(TOO_LONG);
    if (head.length + tail.length > SIM_MAX_STRING) return err(simTooLong('APPEND'));
    chargeStringBytes(head.length + tail.length);
    const joined = head + tail;
    ks.put(key, { type: 'string', value: textOfByteString(joined), encoding: 'raw' });
    return joined.length;
  },
};

const strlen: CommandSpec = {
  name: 'strlen',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  run: ({ ks }, args) => {
    const v = readString(ks, arg(args, 1));
    if (!v) return 0;
    if (!isString(v)) return v;
    // a real server keeps the length; the simulator reads the value's every char for it
    chargeStringBytes(v.value.length);
    return byteStringOfText(v.value).length;
  },
};

/** GETRANGE (and SUBSTR, its old name) key start end, in bytes; both ends inclusive. */
function getrange(name: 'getrange' | 'substr'): CommandSpec {
  return {
    name,
    arity: 4,
    flags: ['readonly'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks }, args) => {
      const s64 = redisParseInt64(arg(args, 2));
      if (s64 === null) return err(NOT_INTEGER);
      const e64 = redisParseInt64(arg(args, 3));
      if (e64 === null) return err(NOT_INTEGER);
      const v = readString(ks, arg(args, 1));
      if (!v) return '';
      if (!isString(v)) return v;
      // the whole value is read as bytes, however little of it the reply holds
      chargeStringBytes(v.value.length);
      const bytes = byteStringOfText(v.value);
      const len = BigInt(bytes.length);
      let [start, end] = [s64, e64];
      if (start < 0n && end < 0n && start > end) return '';
      if (start < 0n) start += len;
      if (end < 0n) end += len;
      if (start < 0n) start = 0n;
      if (end < 0n) end = 0n;
      if (end >= len) end = len - 1n;
      if (start > end || len === 0n) return '';
      return textOfByteString(bytes.slice(Number(start), Number(end) + 1));
    },
  };
}

/** SETRANGE key offset value: zero bytes fill any gap; the key keeps its time to live. */
const setrange: CommandSpec = {
  name: 'setrange',
  arity: 4,
  flags: ['write'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: ({ ks }, args) => {
    const offset = redisParseInt64(arg(args, 2));
    if (offset === null) return err(NOT_INTEGER);
    if (offset < 0n) return err('ERR offset is out of range');
    const key = arg(args, 1);
    const patch = byteStringOfText(arg(args, 3));
    const v = readString(ks, key);
    if (v && !isString(v)) return v;
    // the old value is read as bytes, then made anew, gap and all (a real server patches it in
    // place, growing it once): charged as it is read, and as it is made, before the key changes
    chargeStringBytes(v ? v.value.length : 0);
    const old = v ? byteStringOfText(v.value) : '';
    if (patch.length === 0) return old.length;
    if (offset + BigInt(patch.length) > BigInt(MAX_STRING)) return err(TOO_LONG);
    if (offset + BigInt(patch.length) > BigInt(SIM_MAX_STRING)) return err(simTooLong('SETRANGE'));
    const at = Number(offset);
    chargeStringBytes(Math.max(old.length, at + patch.length));
    // bytes held a char each, the gap filled by a native repeat: a string of ten million
    // bytes is made in milliseconds, as sdsgrowzero makes it, not a byte at a time
    const head = old.length >= at ? old.slice(0, at) : old + '\0'.repeat(at - old.length);
    const out = head + patch + old.slice(at + patch.length);
    ks.put(key, { type: 'string', value: textOfByteString(out), encoding: 'raw' });
    return out.length;
  },
};

/** INCRBYFLOAT key increment, in long double as Redis computes it; the key keeps its time to live. */
const incrbyfloat: CommandSpec = {
  name: 'incrbyfloat',
  arity: 3,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'access', 'update']),
  run: ({ ks }, args) => {
    const key = arg(args, 1);
    const v = readString(ks, key);
    if (v && !isString(v)) return v;
    const value = v ? parseLongDouble(v.value) : parseLongDouble('0');
    if (value === null) return err(NOT_FLOAT);
    const by = parseLongDouble(arg(args, 2));
    if (by === null) return err(NOT_FLOAT);
    const sum = addLongDouble(value, by);
    if (sum === null || sum.kind === 'inf') {
      return err('ERR increment would produce NaN or Infinity');
    }
    const text = formatLongDoubleHuman(sum);
    ks.put(key, { type: 'string', value: text, encoding: 'created' });
    return text;
  },
};

/** Cells of LCS's table that count one step of a script's budget (command-work.ts). */
const LCS_CELLS_PER_STEP = 4;

/** The LCS table of `a` and `b` (bytes), as lcsCommand fills it. */
function lcsTable(a: Uint8Array, b: Uint8Array): Uint32Array {
  const w = b.length + 1;
  const t = new Uint32Array((a.length + 1) * w);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      t[i * w + j] =
        a[i - 1] === b[j - 1]
          ? t[(i - 1) * w + j - 1]! + 1
          : Math.max(t[(i - 1) * w + j]!, t[i * w + j - 1]!);
    }
  }
  return t;
}

/** LCS key1 key2 [LEN] [IDX] [MINMATCHLEN len] [WITHMATCHLEN], walking the table as Redis does. */
const lcs: CommandSpec = {
  name: 'lcs',
  arity: -3,
  flags: ['readonly'],
  keys: keyRange(1, 2, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const va = ks.get(arg(args, 1));
    const vb = ks.get(arg(args, 2));
    if ((va && va.type !== 'string') || (vb && vb.type !== 'string')) {
      return err('ERR The specified keys must contain string values');
    }
    let getlen = false;
    let getidx = false;
    let withmatchlen = false;
    let minmatchlen = 0n;
    for (let j = 3; j < args.length; j++) {
      const opt = arg(args, j).toLowerCase();
      if (opt === 'idx') getidx = true;
      else if (opt === 'len') getlen = true;
      else if (opt === 'withmatchlen') withmatchlen = true;
      else if (opt === 'minmatchlen' && j < args.length - 1) {
        const n = redisParseInt64(arg(args, ++j));
        if (n === null) return err(NOT_INTEGER);
        minmatchlen = n < 0n ? 0n : n;
      } else return err(SYNTAX);
    }
    if (getlen && getidx) {
      return err('ERR If you want both the length and indexes, please just use IDX.');
    }
    const a = bytesOfText(va?.type === 'string' ? va.value : '');
    const b = bytesOfText(vb?.type === 'string' ? vb.value : '');
    // the table's every cell is filled, whatever the reply: a step per 4 cells (a cell takes
    // the engine about a quarter of a statement's time)
    chargeElements(Math.floor((a.length * b.length) / LCS_CELLS_PER_STEP));
    const t = lcsTable(a, b);
    const w = b.length + 1;
    const total = t[a.length * w + b.length]!;
    if (getlen) return total;
    const result = new Uint8Array(total);
    const matches: Reply[] = [];
    let idx = total;
    let [i, j] = [a.length, b.length];
    let [aStart, aEnd, bStart, bEnd] = [a.length, 0, 0, 0];
    while (i > 0 && j > 0) {
      let emit = false;
      if (a[i - 1] === b[j - 1]) {
        result[idx - 1] = a[i - 1]!;
        if (aStart === a.length) [aStart, aEnd, bStart, bEnd] = [i - 1, i - 1, j - 1, j - 1];
        else if (aStart === i && bStart === j) {
          aStart--;
          bStart--;
        } else emit = true;
        if (aStart === 0 || bStart === 0) emit = true;
        idx--;
        i--;
        j--;
      } else {
        if (t[(i - 1) * w + j]! > t[i * w + j - 1]!) i--;
        else j--;
        if (aStart !== a.length) emit = true;
      }
      const matchLen = aEnd - aStart + 1;
      if (emit) {
        if (minmatchlen === 0n || BigInt(matchLen) >= minmatchlen) {
          const m: Reply[] = [
            [aStart, aEnd],
            [bStart, bEnd],
          ];
          if (withmatchlen) m.push(matchLen);
          matches.push(m);
        }
        aStart = a.length;
      }
    }
    if (getidx) return ['matches', matches, 'len', total];
    return textOfBytes(result);
  },
};

/** The string commands this file adds, in t_string.c's order. */
export const stringCommands: CommandSpec[] = [
  setnx,
  setWithExpiry('setex'),
  setWithExpiry('psetex'),
  getex,
  getdel,
  getset,
  setrange,
  getrange('getrange'),
  getrange('substr'),
  mget,
  mset('mset'),
  mset('msetnx'),
  incrbyfloat,
  append,
  strlen,
  lcs,
];
