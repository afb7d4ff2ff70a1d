import { queueKey } from '@batch-lease/echomq';

/** The key layout of the seed: every key of a queue shares the hashtag {queue}. */
export interface QueueKeys {
  /** the active sorted set, KEYS[1] */
  active: string;
  /** the pending list a reaped lease returns to */
  pending: string;
  /** the queue base, KEYS[2]: every row key is derived from it */
  base: string;
  /** the row key of one job, as the script derives it: base .. 'job:' .. id */
  job: (id: string) => string;
}

/**
 * The keys of queue `queue`, from the verbs' own key builder. A row key is derived the way
 * the script derives it (base .. 'job:' .. id), not through the id gate: a raw client's
 * scenario may hold an id the gate would refuse.
 */
export function queueKeys(queue: string): QueueKeys {
  const base = queueKey(queue, '');
  return {
    active: queueKey(queue, 'active'),
    pending: queueKey(queue, 'pending'),
    base,
    job: (id) => `${base}job:${id}`,
  };
}
