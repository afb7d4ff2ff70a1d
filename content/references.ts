/** The sources the lesson is grounded in, each linked to its real page. */
export const references = [
  {
    title: 'Valkey — ZADD',
    url: 'https://valkey.io/commands/zadd/',
    note: 'the re-score that extends a lease: the score in active is the deadline.',
  },
  {
    title: 'Valkey — ZSCORE',
    url: 'https://valkey.io/commands/zscore/',
    note: 'the membership guard: a member that is not in the set answers nil.',
  },
  {
    title: 'Redis — EVALSHA',
    url: 'https://redis.io/docs/latest/commands/evalsha/',
    note: 'running a cached script by its SHA, the dispatch the batch script runs under.',
  },
  {
    title: 'Valkey — HSET',
    url: 'https://valkey.io/commands/hset/',
    note: 'the row write whose attempts field is the fencing token the script compares.',
  },
  {
    title: 'Valkey — Documentation',
    url: 'https://valkey.io/docs/',
    note: 'the server EchoMQ runs on, as documented by its project.',
  },
] as const;
