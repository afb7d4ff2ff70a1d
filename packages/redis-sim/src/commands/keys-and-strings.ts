import { chargeElements } from '../command-work.ts';
import { OK, SYNTAX, WRONGTYPE, err, status } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { Reply } from '../trace-types.ts';
import { expiryMs, type ExpiryUnit } from './strings.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

const get: CommandSpec = {
  name: 'get',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO', 'access']),
  run: ({ ks }, args) => {
    const v = ks.get(arg(args, 1));
    if (!v) return null;
    if (v.type !== 'string') return err(WRONGTYPE);
    return v.value;
  },
};

/** What SET's options asked for, parsed as Redis 7.0's parseExtendedStringArgumentsOrReply does. */
interface SetOptions {
  nx: boolean;
  xx: boolean;
  get: boolean;
  keepTtl: boolean;
  expiry: { unit: ExpiryUnit; value: string } | null;
}

function parseSetOptions(args: readonly string[]): SetOptions | null {
  const o: SetOptions = { nx: false, xx: false, get: false, keepTtl: false, expiry: null };
  for (let i = 3; i < args.length; i++) {
    const opt = arg(args, i).toLowerCase();
    const hasNext = i + 1 < args.length;
    // an expiry unit may repeat (the last wins) but never mixes with another unit or KEEPTTL
    const unitClash = (unit: string) => o.keepTtl || (o.expiry !== null && o.expiry.unit !== unit);
    if (opt === 'nx' && !o.xx) o.nx = true;
    else if (opt === 'xx' && !o.nx) o.xx = true;
    else if (opt === 'get') o.get = true;
    else if (opt === 'keepttl' && o.expiry === null) o.keepTtl = true;
    else if ((opt === 'ex' || opt === 'px' || opt === 'exat' || opt === 'pxat') && hasNext) {
      if (unitClash(opt)) return null;
      o.expiry = { unit: opt, value: arg(args, ++i) };
    } else return null;
  }
  return o;
}

/** SET key value [NX|XX] [GET] [EX s|PX ms|EXAT s|PXAT ms|KEEPTTL], on the server's clock. */
const set: CommandSpec = {
  name: 'set',
  arity: -3,
  flags: ['write'],
  keys: (args) => [
    {
      index: 1,
      flags: args.slice(3).some((a) => a.toLowerCase() === 'get')
        ? ['RW', 'access', 'update']
        : ['OW', 'update'],
    },
  ],
  run: ({ ks, host }, args) => {
    const o = parseSetOptions(args);
    if (!o) return err(SYNTAX);
    const at = o.expiry ? expiryMs(o.expiry.value, o.expiry.unit, host.now(), 'set') : null;
    if (at !== null && typeof at !== 'number') return at;
    const key = arg(args, 1);
    const old = ks.get(key);
    let previous: Reply = null;
    if (o.get && old) {
      if (old.type !== 'string') return err(WRONGTYPE);
      previous = old.value;
    }
    if ((o.nx && old) || (o.xx && !old)) return o.get ? previous : null;
    const kept = o.keepTtl ? ks.expireAt(key) : undefined;
    ks.replace(key, { type: 'string', value: arg(args, 2) });
    if (kept !== undefined) ks.setExpire(key, kept);
    if (at !== null) ks.setExpire(key, at);
    return o.get ? previous : OK;
  },
};

/**
 * DEL or UNLINK key…: how many of the keys were removed (delGenericCommand serves both; UNLINK
 * frees the values lazily, which changes nothing a client sees).
 */
export function deleteCommand(name: 'del' | 'unlink'): CommandSpec {
  return {
    name,
    arity: -2,
    flags: name === 'del' ? ['write'] : ['write', 'fast'],
    keys: keyRange(1, -1, 1, ['RM', 'delete']),
    run: ({ ks }, args) => {
      let n = 0;
      for (const key of args.slice(1)) if (ks.delete(key)) n++;
      return n;
    },
  };
}

/**
 * EXISTS or TOUCH key…: how many of the keys exist, a key named twice counting twice, as in
 * Redis (TOUCH would also stamp each key's access time, which the simulator does not keep).
 */
export function countCommand(name: 'exists' | 'touch'): CommandSpec {
  return {
    name,
    arity: -2,
    flags: ['readonly', 'fast'],
    keys: keyRange(1, -1, 1, ['RO']),
    run: ({ ks }, args) => args.slice(1).filter((k) => ks.has(k)).length,
  };
}

const del = deleteCommand('del');
const exists = countCommand('exists');

const type: CommandSpec = {
  name: 'type',
  arity: 2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, 1, 1, ['RO']),
  // TYPE answers a status line (+hash), not a bulk string
  run: ({ ks }, args) => status(ks.get(arg(args, 1))?.type ?? 'none'),
};

/** KEYS answers in insertion order; a real server's order follows its hash table. */
const keys: CommandSpec = {
  name: 'keys',
  arity: 2,
  flags: ['readonly'],
  run: ({ ks }, args) => {
    const pattern = arg(args, 1);
    const all = ks.keys();
    // a pattern of `*` alone answers every key unmatched (the empty name too, which the glob
    // would not match); any other is matched against every key, those left out too
    if (pattern === '*') return all;
    chargeElements(all.length);
    return all.filter((k) => globMatch(pattern, k));
  },
};

const dbsize: CommandSpec = {
  name: 'dbsize',
  arity: 1,
  flags: ['readonly', 'fast'],
  run: ({ ks }) => ks.size,
};

/** The keys and strings commands, for the default command set (commands/defaults.ts). */
export const keyAndStringCommands: CommandSpec[] = [get, set, del, exists, type, keys, dbsize];
