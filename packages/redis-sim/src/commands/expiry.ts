import { INVALID_EXPIRE, NOT_INTEGER, err } from '../errors.ts';
import { INT64, redisParseInt64 } from '../numbers.ts';
import { arg, keyRange, type CommandSpec } from './types.ts';

type Unit = 's' | 'ms';

/** EXPIRE's NX/XX/GT/LT, read and checked in Redis 7.0's order; a string is the error text. */
function parseExpireFlags(args: readonly string[]): Set<string> | string {
  const flags = new Set<string>();
  for (const a of args.slice(3)) {
    const f = a.toLowerCase();
    if (f === 'nx' || f === 'xx' || f === 'gt' || f === 'lt') flags.add(f);
    else return `ERR Unsupported option ${a}`;
  }
  if (flags.has('nx') && (flags.has('xx') || flags.has('gt') || flags.has('lt'))) {
    return 'ERR NX and XX, GT or LT options at the same time are not compatible';
  }
  if (flags.has('gt') && flags.has('lt')) {
    return 'ERR GT and LT options at the same time are not compatible';
  }
  return flags;
}

/**
 * EXPIRE, PEXPIRE, EXPIREAT and PEXPIREAT: a time in the past (or now) deletes the key and
 * answers 1, as Redis does; the conditions compare with the current expiry, where no expiry
 * counts as forever.
 */
function expire(name: 'expire' | 'pexpire' | 'expireat' | 'pexpireat'): CommandSpec {
  const unit: Unit = name === 'expire' || name === 'expireat' ? 's' : 'ms';
  const relative = name === 'expire' || name === 'pexpire';
  return {
    name,
    arity: -3,
    flags: ['write', 'fast'],
    keys: keyRange(1, 1, 1, ['RW', 'update']),
    run: ({ ks, host }, args) => {
      const flags = parseExpireFlags(args);
      if (typeof flags === 'string') return err(flags);
      const n = redisParseInt64(arg(args, 2));
      if (n === null) return err(NOT_INTEGER);
      if (unit === 's' && (n > INT64.max / 1000n || n < INT64.min / 1000n)) {
        return err(INVALID_EXPIRE(name));
      }
      const base = relative ? BigInt(host.now()) : 0n;
      const scaled = unit === 's' ? n * 1000n : n;
      if (scaled > INT64.max - base) return err(INVALID_EXPIRE(name));
      const when = Number(scaled + base);
      const key = arg(args, 1);
      if (!ks.has(key)) return 0;
      const current = ks.expireAt(key);
      if (flags.has('nx') && current !== undefined) return 0;
      if (flags.has('xx') && current === undefined) return 0;
      if (flags.has('gt') && (current === undefined || when <= current)) return 0;
      if (flags.has('lt') && current !== undefined && when >= current) return 0;
      if (when <= host.now()) ks.delete(key);
      else ks.setExpire(key, when);
      return 1;
    },
  };
}

/** TTL and PTTL: -2 for no key, -1 for no expiry, else the time left (seconds rounded). */
function ttl(name: 'ttl' | 'pttl' | 'expiretime' | 'pexpiretime'): CommandSpec {
  return {
    name,
    arity: 2,
    flags: ['readonly', 'fast'],
    keys: keyRange(1, 1, 1, ['RO', 'access']),
    run: ({ ks, host }, args) => {
      const key = arg(args, 1);
      if (!ks.has(key)) return -2;
      const at = ks.expireAt(key);
      if (at === undefined) return -1;
      if (name === 'expiretime') return Math.floor((at + 500) / 1000);
      if (name === 'pexpiretime') return at;
      const left = Math.max(0, at - host.now());
      return name === 'pttl' ? left : Math.floor((left + 500) / 1000);
    },
  };
}

const persist: CommandSpec = {
  name: 'persist',
  arity: 2,
  flags: ['write', 'fast'],
  keys: keyRange(1, 1, 1, ['RW', 'update']),
  run: ({ ks }, args) => (ks.has(arg(args, 1)) && ks.persist(arg(args, 1)) ? 1 : 0),
};

/** The expiry commands, for the default command set (commands/defaults.ts). */
export const expiryCommands: CommandSpec[] = [
  expire('expire'),
  expire('pexpire'),
  expire('expireat'),
  expire('pexpireat'),
  ttl('ttl'),
  ttl('pttl'),
  ttl('expiretime'),
  ttl('pexpiretime'),
  persist,
];
