import { isError } from '@batch-lease/redis-sim/client';
import { SINGLE_SOURCE } from '../scripts/lua-source.ts';
import { reasonOfError } from '../wire-classes.ts';
import { send, type Connector } from './connector.ts';
import { integerToString, isElixirInteger } from './integers.ts';
import { jobKey, queueKey } from './keyspace.ts';
import type { VerbResult } from './outcome.ts';
import { RaisedError, noClause } from './raised.ts';

/** What extend_lock/5 sends: the single script's text (wire 4) or the native command (wire 6). */
export const EXTEND_OP = { script: SINGLE_SOURCE, native: 'EMQ.EXTEND' } as const;

/**
 * `EchoMQ.Jobs.extend_lock(conn, queue, id, token, lease_ms)`: the guard (an
 * integer token and a positive integer lease), the id through the key builder,
 * then keys `[active, job_row]` and ARGV `[lease_ms, id, token]`. Answers
 * `:ok`, or `{:error, :gone | :stale | :not_active}` by the refusal's wire
 * class; any other server error passes through as an error term.
 */
export function extendLock(
  conn: Connector,
  queue: string,
  id: string,
  token: number | bigint,
  leaseMs: number | bigint,
): VerbResult {
  const sent: string[][] = [];
  try {
    if (
      typeof id !== 'string' ||
      !isElixirInteger(token) ||
      !isElixirInteger(leaseMs) ||
      leaseMs <= 0
    ) {
      throw noClause('EchoMQ.Jobs.extend_lock/5');
    }
    const row = jobKey(queue, id);
    const keys = [queueKey(queue, 'active'), row];
    const argv = [integerToString(leaseMs), id, integerToString(token)];
    const reply = send(conn, EXTEND_OP, keys, argv, sent);
    if (reply === 1) return { outcome: { kind: 'ok' }, sent };
    if (isError(reply)) {
      const reason = reasonOfError(reply.error);
      return {
        outcome: reason
          ? { kind: 'refused', reason }
          : { kind: 'server-error', message: reply.error },
        sent,
      };
    }
    return { outcome: { kind: 'other', reply }, sent };
  } catch (e) {
    if (e instanceof RaisedError) return { outcome: { kind: 'raised', error: e }, sent };
    throw e;
  }
}
