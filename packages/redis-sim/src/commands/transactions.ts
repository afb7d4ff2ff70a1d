import { NIL_ARRAY, OK, err } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import { recordedFlagTest } from './recorded.ts';
import { keyRange, type CommandSpec } from './types.ts';

/** Redis 7.0's answer to a command flagged `no_multi` while a transaction is queuing. */
export const NOT_IN_MULTI_TEXT = 'ERR Command not allowed inside a transaction';

/**
 * Whether `spec` is refused while a transaction queues: `no_multi` in 7.0.15's COMMAND INFO
 * (SHUTDOWN, and SAVE, SYNC and PSYNC, which the simulator does not model).
 */
export const refusedInMulti: (spec: CommandSpec) => boolean = recordedFlagTest('no_multi');

/**
 * MULTI starts queueing this connection's commands (the server's dispatch queues them and
 * answers QUEUED); EXEC runs the queue in one go, DISCARD drops it. WATCH makes EXEC answer a
 * nil array once a watched key was touched, by anyone, the watching connection included.
 */
const multi: CommandSpec = {
  name: 'multi',
  arity: 1,
  flags: ['noscript', 'fast'],
  run: ({ conn }) => {
    if (conn.multi) return err('ERR MULTI calls can not be nested');
    conn.multi = { queue: [], dirty: false };
    return OK;
  },
};

/**
 * EXEC: a transaction with a command refused while queuing is discarded whole (EXECABORT);
 * otherwise each queued command runs in order, the access check made again as Redis 7.0
 * does, and the replies come back as one array. Nothing else runs in between.
 */
const exec: CommandSpec = {
  name: 'exec',
  arity: 1,
  flags: ['noscript'],
  run: ({ conn, host }) => {
    const tx = conn.multi;
    if (!tx) return err('ERR EXEC without MULTI');
    conn.multi = null;
    // the queue runs unwatched, and a touched key or a refused command discards it
    const touched = host.watches.unwatch(conn);
    if (tx.dirty) return err('EXECABORT Transaction discarded because of previous errors.');
    if (touched) return NIL_ARRAY;
    const replies: Reply[] = [];
    for (const args of tx.queue) {
      replies.push(host.dispatch(conn, args, { inScript: false, trace: null, fromExec: true }));
    }
    return replies;
  },
};

const discard: CommandSpec = {
  name: 'discard',
  arity: 1,
  flags: ['noscript', 'fast'],
  run: ({ conn, host }) => {
    if (!conn.multi) return err('ERR DISCARD without MULTI');
    conn.multi = null;
    host.watches.unwatch(conn);
    return OK;
  },
};

/** WATCH key…: EXEC answers a nil array if any of them is touched before it. */
const watch: CommandSpec = {
  name: 'watch',
  arity: -2,
  flags: ['noscript', 'fast'],
  keys: keyRange(1, -1, 1, ['RO']),
  run: ({ conn, host }, args) => {
    if (conn.multi) return err('ERR WATCH inside MULTI is not allowed');
    host.watches.watch(conn, args.slice(1));
    return OK;
  },
};

/** UNWATCH: forgets every watched key, and that one was touched. */
const unwatch: CommandSpec = {
  name: 'unwatch',
  arity: 1,
  flags: ['noscript', 'fast'],
  run: ({ conn, host }) => {
    host.watches.unwatch(conn);
    return OK;
  },
};

/** The transactions commands, for the default command set (commands/defaults.ts). */
export const transactionCommands: CommandSpec[] = [multi, exec, discard, watch, unwatch];
