import { BATCH_SOURCE } from '../scripts/lua-source.ts';
import { send, type Connector } from './connector.ts';
import { jobKey, queueKey } from './keyspace.ts';
import { verbOutcomeOfReply, type VerbResult } from './outcome.ts';
import { integerToString, isElixirInteger } from './integers.ts';
import { RaisedError, noClause } from './raised.ts';

/** A held lease: the job id and the fencing token (the row's attempts when claimed). */
export type Held = readonly [id: string, token: bigint | number];

/** What extend_locks/4 sends: the batch script's text (wire 4) or the native command (wire 6). */
export const EXTENDS_OP = { script: BATCH_SOURCE, native: 'EMQ.EXTENDS' } as const;

/**
 * `EchoMQ.Jobs.extend_locks(conn, queue, held, lease_ms)`, step by step as
 * the Elixir does it: the guard (a list and a positive integer lease), then
 * every id through the key builder, then the flattened pairs with tokens as
 * decimal strings after the lease, sent with keys `[active, base]`. Answers
 * `{:ok, failed}`; a raise is data in the outcome and sends nothing.
 * Arguments are checked at run time too, so a loosely typed caller meets the
 * same refusals Elixir gives.
 */
export function extendLocks(
  conn: Connector,
  queue: string,
  held: readonly Held[],
  leaseMs: number | bigint,
): VerbResult {
  const sent: string[][] = [];
  try {
    const list: unknown = held;
    if (!Array.isArray(list) || !isElixirInteger(leaseMs) || leaseMs <= 0) {
      throw noClause('EchoMQ.Jobs.extend_locks/4');
    }
    for (const pair of list as unknown[]) {
      if (!Array.isArray(pair) || pair.length !== 2) {
        throw noClause('anonymous fn/1 in EchoMQ.Jobs.extend_locks/4');
      }
      jobKey(queue, pair[0] as string);
    }
    const pairs = (list as Held[]).flatMap(([id, token]) => [id, integerToString(token)]);
    const argv = [integerToString(leaseMs), ...pairs];
    const keys = [queueKey(queue, 'active'), queueKey(queue, '')];
    const reply = send(conn, EXTENDS_OP, keys, argv, sent);
    return { outcome: verbOutcomeOfReply(reply), sent };
  } catch (e) {
    if (e instanceof RaisedError) return { outcome: { kind: 'raised', error: e }, sent };
    throw e;
  }
}
