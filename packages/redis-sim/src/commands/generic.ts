/**
 * Redis 7.0's generic key commands (db.c) beyond DEL, EXISTS, TYPE, KEYS, SCAN, DBSIZE and the
 * expiry family: COPY, RENAME, RENAMENX, UNLINK, TOUCH, RANDOMKEY and FLUSHDB. The simulator
 * has database 0 only, so COPY … DB names 0 or is refused as SELECT refuses another database.
 */
import { chargeElements, chargeStringBytes } from '../command-work.ts';
import { encodingOf } from '../encoding.ts';
import { NOT_INTEGER, OK, SYNTAX, err } from '../errors.ts';
import { cloneValue, type Keyspace, type Value } from '../keyspace.ts';
import { redisParseInt } from '../numbers.ts';
import type { Reply } from '../trace-types.ts';
import { countCommand, deleteCommand } from './keys-and-strings.ts';
import { flushCommand } from './server-commands.ts';
import { arg, type CommandSpec } from './types.ts';

const DATABASES = 16;
const SAME_OBJECT = 'ERR source and destination objects are the same';
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/**
 * A copy of a value in the same encoding (`dupStringObject`, `setTypeDup`, `zsetDup`,
 * `hashTypeDup`, `listTypeDup`): a copied string keeps its encoding but is never shared.
 */
function dup(v: Value): Value {
  if (v.type !== 'string') return cloneValue(v);
  const e = encodingOf(v);
  return { type: 'string', value: v.value, encoding: e === 'int' || e === 'raw' ? e : 'embstr' };
}

/** `key` holds `value` with an expiry of `at` (none when undefined), whatever it held before. */
function install(ks: Keyspace, key: string, value: Value, at: number | undefined): void {
  ks.replace(key, value);
  if (at !== undefined) ks.setExpire(key, at);
}

/** COPY source destination [DB destination-db] [REPLACE]; the copy keeps the source's TTL. */
const copy: CommandSpec = {
  name: 'copy',
  arity: -3,
  flags: ['write'],
  keys: () => [
    { index: 1, flags: ['RO', 'access'] },
    { index: 2, flags: ['OW', 'update'] },
  ],
  run: ({ ks }, args) => {
    let replace = false;
    for (let j = 3; j < args.length; j++) {
      const opt = arg(args, j).toLowerCase();
      if (opt === 'replace') replace = true;
      else if (opt === 'db' && j < args.length - 1) {
        const db = redisParseInt(arg(args, ++j));
        if (db === null || db < INT_MIN || db > INT_MAX) return err(NOT_INTEGER);
        if (db < 0 || db >= DATABASES) return err('ERR DB index is out of range');
        if (db !== 0) {
          return err(`ERR the simulator models database 0 only (COPY … DB ${db} is not simulated)`);
        }
      } else return err(SYNTAX);
    }
    const [src, dst] = [arg(args, 1), arg(args, 2)];
    if (src === dst) return err(SAME_OBJECT);
    const v = ks.get(src);
    if (!v) return 0;
    if (ks.has(dst) && !replace) return 0;
    // the copy is as big as the value, whose size no reply shows
    chargeWholeValue(v);
    install(ks, dst, dup(v), ks.expireAt(src));
    return 1;
  },
};

/**
 * Charges the running command for reading or copying a whole value: its elements, or a
 * string's bytes. (Here rather than in command-work.ts, which the keyspace's own types import.)
 */
function chargeWholeValue(v: Value): void {
  switch (v.type) {
    case 'string':
      return chargeStringBytes(v.value.length);
    case 'list':
      return chargeElements(v.items.length);
    case 'set':
      return chargeElements(v.set.size);
    case 'zset':
      return chargeElements(v.zset.size);
    case 'hash':
      return chargeElements(v.fields.size);
  }
}

/** RENAME and RENAMENX: the value moves with its time to live; a missing source is an error. */
function rename(name: 'rename' | 'renamenx'): CommandSpec {
  const nx = name === 'renamenx';
  return {
    name,
    arity: 3,
    flags: nx ? ['write', 'fast'] : ['write'],
    keys: () => [
      { index: 1, flags: ['RW', 'access', 'delete'] },
      { index: 2, flags: nx ? ['OW', 'insert'] : ['OW', 'update'] },
    ],
    run: ({ ks }, args) => {
      const [src, dst] = [arg(args, 1), arg(args, 2)];
      const v = ks.get(src);
      if (!v) return err('ERR no such key');
      if (src === dst) return nx ? 0 : OK;
      if (nx && ks.has(dst)) return 0;
      const at = ks.expireAt(src);
      ks.delete(src);
      install(ks, dst, v, at);
      return nx ? 1 : OK;
    },
  };
}

/** RANDOMKEY: a key drawn from the keyspace's generator (a real server's draw cannot be matched). */
const randomkey: CommandSpec = {
  name: 'randomkey',
  arity: 1,
  flags: ['readonly'],
  run: ({ ks }): Reply => {
    const keys = ks.keys();
    return keys.length === 0 ? null : (keys[Math.floor(ks.random() * keys.length)] ?? null);
  },
};

/** The generic key commands this file adds, in db.c's order. */
export const genericCommands: CommandSpec[] = [
  flushCommand('flushdb'),
  deleteCommand('unlink'),
  randomkey,
  rename('rename'),
  rename('renamenx'),
  copy,
  countCommand('touch'),
];
