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

/** The keys of queue `queue`. */
export function queueKeys(queue: string): QueueKeys {
  const base = `emq:{${queue}}:`;
  return {
    active: `${base}active`,
    pending: `${base}pending`,
    base,
    job: (id) => `${base}job:${id}`,
  };
}
