/**
 * How a script's reply ends one held id, read the same way wherever a reply is judged (the
 * compare view, the fate picker's BullMQ column). Light: it only reads a reply.
 */
import type { Reply } from '@batch-lease/redis-sim/client';

/**
 * How a script's reply ends one held id: extended, failed, or an error ended the run. The batch
 * scripts (BullMQ's extendLocks, EchoMQ's @extend_locks2) list the ids they failed; BullMQ's
 * single extendLock answers 1 when it renewed the lock and 0 when it did not.
 */
export type HeldVerdict = 'extended' | 'failed' | 'error';

/** The verdict `reply` gives held id `id` (the compare view and the fate picker read the same). */
export function heldVerdict(reply: Reply, id: string): HeldVerdict {
  if (reply === 1) return 'extended';
  if (reply === 0) return 'failed';
  if (!Array.isArray(reply)) return 'error';
  return reply.includes(id) ? 'failed' : 'extended';
}
