import { OK, SYNTAX, arityError, err, status } from '../errors.ts';
import { arg, type CommandSpec } from './types.ts';

/**
 * TIME reads the server's virtual clock: whole seconds and the microseconds within, as strings.
 * Inside a script it is later by the script's modelled advance (see `scriptTickMicros`), as
 * Redis 7.0's TIME reads the system clock afresh on every call, in a script too.
 */
const time: CommandSpec = {
  name: 'time',
  arity: 1,
  flags: ['fast'],
  run: ({ host, inScript }) => {
    const us = host.nowMicros(inScript);
    const seconds = Math.floor(us / 1_000_000);
    return [String(seconds), String(us - seconds * 1_000_000)];
  },
};

/**
 * FLUSHALL or FLUSHDB [ASYNC|SYNC] (getFlushCommandFlags reads both): empties the keyspace,
 * which is database 0 and all of them here; cached scripts stay, as in Redis 7.0.
 */
export function flushCommand(name: 'flushall' | 'flushdb'): CommandSpec {
  return {
    name,
    arity: -1,
    flags: ['write'],
    run: ({ ks }, args) => {
      if (args.length > 2) return err(SYNTAX);
      if (args.length === 2 && !['sync', 'async'].includes(arg(args, 1).toLowerCase()))
        return err(SYNTAX);
      ks.clear();
      return OK;
    },
  };
}

const flushall = flushCommand('flushall');

const ping: CommandSpec = {
  name: 'ping',
  arity: -1,
  flags: ['fast'],
  run: (_ctx, args) => {
    if (args.length > 2) return arityError('ping');
    // PING alone answers the status +PONG; PING msg echoes msg as a bulk string
    return args.length === 2 ? arg(args, 1) : status('PONG');
  },
};

const echo: CommandSpec = {
  name: 'echo',
  arity: 2,
  flags: ['fast'],
  run: (_ctx, args) => arg(args, 1),
};

/** The server commands commands, for the default command set (commands/defaults.ts). */
export const serverCommands: CommandSpec[] = [time, flushall, ping, echo];
