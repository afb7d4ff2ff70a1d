import { OK, SYNTAX, WRONGTYPE, err, status } from '../errors.ts';
import { globMatch } from '../glob.ts';
import type { Reply } from '../trace-types.ts';
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

/**
 * SET key value [NX|XX] [GET]. Expiry options are refused with a clear error,
 * because the simulated keyspace has no expiry to honour them with.
 */
export const EXPIRY_REFUSED =
  'ERR the simulator does not model key expiry (EX, PX, EXAT, PXAT, KEEPTTL)';

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
  run: ({ ks }, args) => {
    let nx = false;
    let xx = false;
    let withGet = false;
    let expiry = false;
    for (let i = 3; i < args.length; i++) {
      const opt = arg(args, i).toLowerCase();
      if (opt === 'nx' && !xx) nx = true;
      else if (opt === 'xx' && !nx) xx = true;
      else if (opt === 'get') withGet = true;
      else if (opt === 'keepttl') expiry = true;
      else if (['ex', 'px', 'exat', 'pxat'].includes(opt) && i + 1 < args.length) {
        expiry = true;
        i++;
      } else return err(SYNTAX);
    }
    if (expiry) return err(EXPIRY_REFUSED);
    const key = arg(args, 1);
    const old = ks.get(key);
    let previous: Reply = null;
    if (withGet && old) {
      if (old.type !== 'string') return err(WRONGTYPE);
      previous = old.value;
    }
    if ((nx && old) || (xx && !old)) return withGet ? previous : null;
    if (old) ks.delete(key);
    ks.put(key, { type: 'string', value: arg(args, 2) });
    return withGet ? previous : OK;
  },
};

const del: CommandSpec = {
  name: 'del',
  arity: -2,
  flags: ['write'],
  keys: keyRange(1, -1, 1, ['RM', 'delete']),
  run: ({ ks }, args) => {
    let n = 0;
    for (const key of args.slice(1)) if (ks.delete(key)) n++;
    return n;
  },
};

const exists: CommandSpec = {
  name: 'exists',
  arity: -2,
  flags: ['readonly', 'fast'],
  keys: keyRange(1, -1, 1, ['RO']),
  // a key named twice counts twice, as in Redis
  run: ({ ks }, args) => args.slice(1).filter((k) => ks.has(k)).length,
};

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
    return ks.keys().filter((k) => globMatch(pattern, k));
  },
};

const dbsize: CommandSpec = {
  name: 'dbsize',
  arity: 1,
  flags: ['readonly', 'fast'],
  run: ({ ks }) => ks.size,
};

export const keyAndStringCommands: CommandSpec[] = [get, set, del, exists, type, keys, dbsize];
