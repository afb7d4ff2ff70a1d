import { WRONGPASS } from '../acl/commands.ts';
import { sha256Hex } from '../acl/sha256.ts';
import { NOT_INTEGER, OK, arityError, err, status } from '../errors.ts';
import { redisParseInt } from '../numbers.ts';
import type { Connection } from '../connection.ts';
import type { Reply } from '../trace-types.ts';
import { helpSubcommand } from './help.ts';
import { arg, type CommandHost, type CommandSpec } from './types.ts';

/** The version every simulated server reports (HELLO, INFO), the one the fixtures came from. */
export const REDIS_VERSION = '7.0.15';

/** What the simulator says for RESP3: it speaks RESP2 only, and says so rather than pretend. */
export const RESP3_NOT_SIMULATED =
  'ERR the simulator speaks RESP2 only: HELLO 3 (RESP3) is not simulated';

const BAD_NAME = 'ERR Client names cannot contain spaces, newlines or special characters.';

/** A client name Redis accepts: printable ASCII from '!' to '~' (no spaces), or empty. */
function validName(name: string): boolean {
  return /^[\x21-\x7e]*$/.test(name);
}

/** Whether `user` may log in with `password` (any password for a nopass user). */
function authenticates(host: CommandHost, user: string, password: string): boolean {
  const u = host.acl.get(user);
  if (!u || !u.enabled) return false;
  return u.nopass || u.passwords.includes(sha256Hex(password));
}

/** HELLO's reply in RESP2: the flat list of the handshake map's keys and values. */
function helloReply(conn: Connection): Reply {
  return [
    'server',
    'redis',
    'version',
    REDIS_VERSION,
    'proto',
    2,
    'id',
    conn.id,
    'mode',
    'standalone',
    'role',
    'master',
    'modules',
    [],
  ];
}

/**
 * HELLO [protover [AUTH user pass] [SETNAME name]], checked in Redis 7.0's order: version,
 * options, credentials, then the name. A successful AUTH switches the connection's user.
 */
const hello: CommandSpec = {
  name: 'hello',
  arity: -1,
  flags: ['noscript', 'fast', 'noauth'],
  run: ({ host, conn }, args) => {
    let version = 0;
    if (args.length >= 2) {
      const v = redisParseInt(arg(args, 1));
      if (v === null) return err('ERR Protocol version is not an integer or out of range');
      if (v < 2 || v > 3) return err('NOPROTO unsupported protocol version');
      version = v;
    }
    let login: [string, string] | null = null;
    let name: string | null = null;
    for (let j = 2; j < args.length; j++) {
      const opt = arg(args, j);
      const more = args.length - 1 - j;
      if (opt.toLowerCase() === 'auth' && more >= 2) {
        login = [arg(args, j + 1), arg(args, j + 2)];
        j += 2;
      } else if (opt.toLowerCase() === 'setname' && more >= 1) {
        name = arg(args, ++j);
      } else return err(`ERR Syntax error in HELLO option '${opt}'`);
    }
    if (version === 3) return err(RESP3_NOT_SIMULATED);
    if (login && !authenticates(host, login[0], login[1])) return err(WRONGPASS);
    if (name !== null && !validName(name)) return err(BAD_NAME);
    if (login) conn.user = login[0];
    if (name !== null) conn.name = name === '' ? null : name;
    return helloReply(conn);
  },
};

const setname: CommandSpec = {
  name: 'client|setname',
  arity: 3,
  flags: ['noscript'],
  run: ({ conn }, args) => {
    const name = arg(args, 2);
    if (!validName(name)) return err(BAD_NAME);
    conn.name = name === '' ? null : name;
    return OK;
  },
};

const getname: CommandSpec = {
  name: 'client|getname',
  arity: 2,
  flags: ['noscript'],
  run: ({ conn }) => conn.name,
};

const id: CommandSpec = {
  name: 'client|id',
  arity: 2,
  flags: ['noscript'],
  run: ({ conn }) => conn.id,
};

const client: CommandSpec = {
  name: 'client',
  arity: -2,
  flags: ['container', 'noscript'],
  subcommands: new Map([
    ['setname', setname],
    ['getname', getname],
    ['id', id],
    ['help', helpSubcommand('client')],
  ]),
  run: () => arityError('client'),
};

/** Redis's 16 databases, of which the simulator models database 0 only. */
const DATABASES = 16;

const select: CommandSpec = {
  name: 'select',
  arity: 2,
  flags: ['fast'],
  run: (_ctx, args) => {
    const n = redisParseInt(arg(args, 1));
    if (n === null) return err(NOT_INTEGER);
    if (n < 0 || n >= DATABASES) return err('ERR DB index is out of range');
    if (n !== 0)
      return err(`ERR the simulator models database 0 only (SELECT ${n} is not simulated)`);
    return OK;
  },
};

/**
 * RESET: the connection as a new one stands (clearClientConnectionState): its transaction
 * discarded and its keys unwatched, its name cleared, and its user `default` again.
 */
const reset: CommandSpec = {
  name: 'reset',
  arity: 1,
  flags: ['noscript', 'fast', 'noauth'],
  run: ({ conn, host }) => {
    conn.multi = null;
    host.watches.unwatch(conn);
    conn.name = null;
    conn.user = 'default';
    return status('RESET');
  },
};

/** The connection commands commands, for the default command set (commands/defaults.ts). */
export const connectionCommands: CommandSpec[] = [hello, client, select, reset];
