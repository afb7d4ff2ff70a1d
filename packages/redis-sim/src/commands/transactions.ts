import { OK, err } from '../errors.ts';
import type { Reply } from '../trace-types.ts';
import type { CommandSpec } from './types.ts';

/**
 * MULTI starts queueing this connection's commands (the server's dispatch queues them and
 * answers QUEUED); EXEC runs the queue in one go, DISCARD drops it. WATCH is not simulated.
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
    if (tx.dirty) return err('EXECABORT Transaction discarded because of previous errors.');
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
  run: ({ conn }) => {
    if (!conn.multi) return err('ERR DISCARD without MULTI');
    conn.multi = null;
    return OK;
  },
};

export const transactionCommands: CommandSpec[] = [multi, exec, discard];
