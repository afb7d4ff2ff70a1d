/**
 * ACL SETUSER's rules as a user types them (categories, first arguments, subcommands,
 * key and channel patterns, passwords, resets), read back with ACL GETUSER and judged with
 * ACL DRYRUN, and ACL CAT: run on the frozen-clock redis-server and on a fresh simulator
 * (sequences.test.ts). Every user is the case's own and deleted at its end: the server is shared.
 */
import { isDeepStrictEqual } from 'node:util';
import { cases } from './case-tables.ts';
import type { Wire } from './resp-client.ts';

const setuser = (name: string, ...rules: string[]) => ['ACL', 'SETUSER', name, 'reset', ...rules];
const dry = (name: string, ...call: string[]) => ['ACL', 'DRYRUN', name, ...call];

export const ACL_RULE_CASES = cases('acl rules', [
  [
    'categories',
    [
      setuser('seq_cat', 'on', '>pw', '~*', '-@all', '+@read', '+@hash'),
      ['ACL', 'GETUSER', 'seq_cat'],
      dry('seq_cat', 'GET', 'k'),
      dry('seq_cat', 'SET', 'k', 'v'),
      dry('seq_cat', 'HSET', 'h', 'f', 'v'),
      ['ACL', 'SETUSER', 'seq_cat', '-@hash', '+@scripting', '-evalsha'],
      ['ACL', 'GETUSER', 'seq_cat'],
      dry('seq_cat', 'EVALSHA', 'abc', '0'),
      dry('seq_cat', 'EVAL', 'return 1', '0'),
      ['ACL', 'SETUSER', 'seq_cat', '+@all', '-@write', '-@dangerous', '+config|get'],
      ['ACL', 'GETUSER', 'seq_cat'],
      dry('seq_cat', 'CONFIG', 'GET', 'x'),
      dry('seq_cat', 'CONFIG', 'SET', 'x', 'y'),
      dry('seq_cat', 'ZADD', 'z', '1', 'a'),
      ['ACL', 'SETUSER', 'seq_cat', 'allcommands', '-@keyspace', '+del', 'nocommands', '+@string'],
      ['ACL', 'GETUSER', 'seq_cat'],
      ['ACL', 'SETUSER', 'seq_cat', '-@all', '+@admin', '+@fast', '-@slow'],
      ['ACL', 'GETUSER', 'seq_cat'],
      ['ACL', 'SETUSER', 'seq_cat', '+@nosuch'],
      ['ACL', 'SETUSER', 'seq_cat', '-@NoSuch'],
      ['ACL', 'DELUSER', 'seq_cat'],
    ],
  ],
  [
    'first arguments and subcommands',
    [
      setuser('seq_first', 'on', 'nopass', '-@all', '+select|0', '+hget|a', '+HGET|A', '+config|get'),
      ['ACL', 'GETUSER', 'seq_first'],
      dry('seq_first', 'SELECT', '0'),
      dry('seq_first', 'SELECT', '1'),
      dry('seq_first', 'HGET', 'A', 'f'),
      dry('seq_first', 'HGET', 'b', 'f'),
      dry('seq_first', 'CONFIG', 'GET', 'x'),
      dry('seq_first', 'CONFIG', 'SET', 'x', 'y'),
      ['ACL', 'SETUSER', 'seq_first', '+select', '-config|get', '+client|id'],
      ['ACL', 'GETUSER', 'seq_first'],
      dry('seq_first', 'SELECT', '5'),
      ['ACL', 'SETUSER', 'seq_first', '+config|get|x'],
      ['ACL', 'SETUSER', 'seq_first', '+hget|'],
      ['ACL', 'SETUSER', 'seq_first', '+nosuch|x'],
      ['ACL', 'SETUSER', 'seq_first', '-config|nosuch'],
      ['ACL', 'DELUSER', 'seq_first'],
    ],
  ],
  [
    'keys, channels, passwords and flags',
    [
      setuser('seq_keys', 'on', '>a', '>b', '+@all', '%R~r:*', '%W~w:*', '~rw:*', '%RW~r:*', '&news', '&chan:*'),
      ['ACL', 'GETUSER', 'seq_keys'],
      dry('seq_keys', 'GET', 'r:1'),
      dry('seq_keys', 'GET', 'w:1'),
      dry('seq_keys', 'SET', 'w:1', 'v'),
      dry('seq_keys', 'COPY', 'r:1', 'w:1'),
      dry('seq_keys', 'COPY', 'w:1', 'r:2'),
      dry('seq_keys', 'XADD', 'r:s', '*', 'f', 'v'),
      ['ACL', 'SETUSER', 'seq_keys', '<a', 'resetkeys', '~x', 'resetchannels', 'off', 'skip-sanitize-payload'],
      ['ACL', 'GETUSER', 'seq_keys'],
      ['ACL', 'SETUSER', 'seq_keys', '<nope'],
      ['ACL', 'SETUSER', 'seq_keys', 'nopass', 'allkeys', 'allchannels'],
      ['ACL', 'GETUSER', 'seq_keys'],
      ['ACL', 'SETUSER', 'seq_keys', 'resetpass', 'reset'],
      ['ACL', 'GETUSER', 'seq_keys'],
      ['ACL', 'DELUSER', 'seq_keys'],
    ],
  ],
  [
    'errors and the catalogue',
    [
      setuser('seq_err', 'on', 'nopass', '~*', '+@all'),
      dry('nosuch_user', 'GET', 'k'),
      dry('seq_err', 'GETT', 'k'),
      dry('seq_err', 'GET'),
      dry('seq_err', 'CONFIG'),
      dry('seq_err', 'CONFIG', 'NOSUCH'),
      dry('seq_err', 'AUTH', 'x'),
      ['ACL', 'GETUSER', 'nosuch_user'],
      ['ACL', 'GETUSER', 'default'],
      ['ACL', 'CAT'],
      ['ACL', 'CAT', 'HASH'],
      ['ACL', 'CAT', 'scripting'],
      ['ACL', 'CAT', 'nosuch'],
      ['ACL', 'CAT', 'a', 'b'],
      ['ACL', 'DELUSER', 'seq_err'],
    ],
  ],
]); // prettier-ignore

/** A rule list with its single commands sorted: Redis lists them in its dict's random order. */
const settleRules = (rules: string): string => {
  const words = rules.split(' ');
  let single = 0;
  while (/^[+-]@/.test(words[single] ?? '')) single++;
  return [...words.slice(0, single), ...words.slice(single).sort()].join(' ');
};

/**
 * The replies in a form both sides agree on where the real server's order is its command
 * dict's (random at every start): the single commands of GETUSER's rules, ACL CAT's commands.
 */
export function settleAcl(cmd: readonly string[], reply: Wire): Wire {
  const sub = `${cmd[0]} ${cmd[1]}`.toLowerCase();
  if (sub === 'acl cat' && cmd.length === 3 && Array.isArray(reply)) return [...reply].sort();
  if (sub !== 'acl getuser' || !Array.isArray(reply)) return reply;
  return reply.map((v, i) =>
    i > 0 && isDeepStrictEqual(reply[i - 1], 'commands') && typeof v === 'string'
      ? settleRules(v)
      : v,
  );
}
