/**
 * Cases for the hash and list commands added after the first set (HINCRBYFLOAT, HRANDFIELD,
 * HSTRLEN, LINSERT, LPOS, LPUSHX, RPUSHX, LSET, LTRIM, RPOPLPUSH): each a few commands on one
 * connection, run on a frozen-clock redis-server 7.0.15 and on the simulator
 * (list-hash-commands.test.ts), replies typed and the keyspace after compared exactly. The
 * generated command fuzzer draws the same commands on every type of key.
 */
import { cases, type Commands } from './case-tables.ts';
import type { SequenceCase } from './sequence-compare.ts';

const hash: Commands = [
  ['HSET', 'h', 'i', '10', 'f', '1.5', 'w', 'word', 'e', ''],
  ['SET', 's', 'v'],
];
const list: Commands = [
  ['RPUSH', 'l', 'a', 'b', 'a', 'c', 'a'],
  ['SET', 's', 'v'],
];
const long = 'x'.repeat(65);

export const HASH_CASES: SequenceCase[] = cases('hash', [
  [
    'HINCRBYFLOAT',
    [
      ...hash,
      ['HINCRBYFLOAT', 'h', 'i', '0.1'],
      ['HINCRBYFLOAT', 'h', 'f', '-1.5'],
      ['HINCRBYFLOAT', 'h', 'new', '3e2'],
      ['HINCRBYFLOAT', 'h', 'new', '1e-20'],
      ['HINCRBYFLOAT', 'n', 'x', '0x10'],
      ['OBJECT', 'ENCODING', 'h'],
      // a value of 4000 bytes: the hash leaves its listpack (one field, so no order to differ)
      ['HINCRBYFLOAT', 'hb', 'big', '1e4000'],
      ['HINCRBYFLOAT', 'hb', 'big', '-1e4000'],
      ['OBJECT', 'ENCODING', 'hb'],
    ],
  ],
  [
    'HINCRBYFLOAT refused',
    [
      ...hash,
      ['HINCRBYFLOAT', 'h', 'w', '1'],
      ['HINCRBYFLOAT', 'h', 'e', '1'],
      ['HINCRBYFLOAT', 'h', 'i', 'inf'],
      ['HINCRBYFLOAT', 'h', 'i', '-inf'],
      ['HINCRBYFLOAT', 'h', 'i', 'nan'],
      ['HINCRBYFLOAT', 'h', 'i', ''],
      ['HINCRBYFLOAT', 'h', 'i', ' 1'],
      ['HINCRBYFLOAT', 's', 'i', 'x'],
      ['HINCRBYFLOAT', 's', 'i', '1'],
      ['HSET', 'h', 'top', '1e4932'],
      ['HINCRBYFLOAT', 'h', 'top', '1e4932'],
      ['HINCRBYFLOAT', 'h', 'i'],
    ],
  ],
  [
    'HINCRBYFLOAT past the listpack',
    [
      ['HSET', 'h', 'a', '1'],
      [
        'HINCRBYFLOAT',
        'h',
        'a',
        '0.1234567890123456789012345678901234567890123456789012345678901234',
      ],
      ['OBJECT', 'ENCODING', 'h'],
      ['HINCRBYFLOAT', 'h2', long, '1'],
      ['OBJECT', 'ENCODING', 'h2'],
    ],
  ],
  [
    'HSTRLEN',
    [
      ...hash,
      ['HSET', 'h', 'u', 'ünï'],
      ['HSTRLEN', 'h', 'w'],
      ['HSTRLEN', 'h', 'e'],
      ['HSTRLEN', 'h', 'u'],
      ['HSTRLEN', 'h', 'none'],
      ['HSTRLEN', 'none', 'w'],
      ['HSTRLEN', 's', 'w'],
      ['HSTRLEN', 'h'],
    ],
  ],
  [
    'HRANDFIELD whole or refused',
    [
      ...hash,
      ['HRANDFIELD', 'none'],
      ['HRANDFIELD', 'none', '3'],
      ['HRANDFIELD', 'none', '-3', 'WITHVALUES'],
      ['HRANDFIELD', 'h', '0'],
      ['HRANDFIELD', 'h', '0', 'withvalues'],
      ['HRANDFIELD', 'h', '4'],
      ['HRANDFIELD', 'h', '99', 'WITHVALUES'],
      ['HRANDFIELD', 'h', 'x'],
      ['HRANDFIELD', 'none', 'x'],
      ['HRANDFIELD', 'h', '1', 'WITHVALUE'],
      ['HRANDFIELD', 'h', '1', 'WITHVALUES', 'x'],
      ['HRANDFIELD', 'h', 'x', 'nope'],
      ['HRANDFIELD', 'h', '-9223372036854775808'],
      ['HRANDFIELD', 'h', '-9223372036854775808', 'x'],
      ['HRANDFIELD', 'h', '4611686018427387904', 'WITHVALUES'],
      ['HRANDFIELD', 'h', '-4611686018427387904', 'WITHVALUES'],
      ['HRANDFIELD', 'none', '4611686018427387904', 'WITHVALUES'],
      ['HRANDFIELD', 's'],
      ['HRANDFIELD', 's', '2'],
      ['HRANDFIELD', 's', 'x'],
    ],
  ],
  [
    'HRANDFIELD of one field',
    [
      ['HSET', 'one', 'f', 'v'],
      ['HRANDFIELD', 'one'],
      ['HRANDFIELD', 'one', '1'],
      ['HRANDFIELD', 'one', '-3'],
      ['HRANDFIELD', 'one', '-2', 'WITHVALUES'],
      ['HRANDFIELD', 'one', '2', 'WITHVALUES'],
    ],
  ],
]);

export const LIST_CASES: SequenceCase[] = cases('list', [
  [
    'LPUSHX and RPUSHX',
    [
      ...list,
      ['LPUSHX', 'l', 'x', 'y'],
      ['RPUSHX', 'l', 'z'],
      ['LPUSHX', 'none', 'x'],
      ['RPUSHX', 'none', 'x', 'y'],
      ['LPUSHX', 's', 'x'],
      ['RPUSHX', 'l'],
      ['LRANGE', 'l', '0', '-1'],
      ['EXISTS', 'none'],
    ],
  ],
  [
    'LINSERT',
    [
      ...list,
      ['LINSERT', 'l', 'BEFORE', 'a', 'x'],
      ['LINSERT', 'l', 'after', 'c', 'y'],
      ['LINSERT', 'l', 'AFTER', 'zz', 'y'],
      ['LINSERT', 'none', 'BEFORE', 'a', 'x'],
      ['LINSERT', 'none', 'MIDDLE', 'a', 'x'],
      ['LINSERT', 's', 'BEFORE', 'a', 'x'],
      ['LINSERT', 's', 'MIDDLE', 'a', 'x'],
      ['LRANGE', 'l', '0', '-1'],
    ],
  ],
  [
    'LSET',
    [
      ...list,
      ['LSET', 'l', '0', 'first'],
      ['LSET', 'l', '-1', 'last'],
      ['LSET', 'l', '5', 'x'],
      ['LSET', 'l', '-6', 'x'],
      ['LSET', 'l', 'x', 'x'],
      ['LSET', 'none', '0', 'x'],
      ['LSET', 'none', 'x', 'x'],
      ['LSET', 's', '0', 'x'],
      ['LSET', 'l', '1', long],
      ['LRANGE', 'l', '0', '-1'],
      ['OBJECT', 'ENCODING', 'l'],
    ],
  ],
  [
    'LTRIM',
    [
      ...list,
      ['LTRIM', 'l', '1', '-2'],
      ['LRANGE', 'l', '0', '-1'],
      ['LTRIM', 'l', '-100', '100'],
      ['LTRIM', 'l', '2', '1'],
      ['EXISTS', 'l'],
      ['LTRIM', 'none', '0', '1'],
      ['LTRIM', 'none', 'x', '1'],
      ['LTRIM', 's', '0', '1'],
      ['LTRIM', 's', '0', 'x'],
    ],
  ],
  [
    'LPOS',
    [
      ...list,
      ['LPOS', 'l', 'a'],
      ['LPOS', 'l', 'a', 'RANK', '2'],
      ['LPOS', 'l', 'a', 'RANK', '-1'],
      ['LPOS', 'l', 'a', 'RANK', '-2', 'COUNT', '0'],
      ['LPOS', 'l', 'a', 'COUNT', '2'],
      ['LPOS', 'l', 'a', 'COUNT', '0', 'MAXLEN', '3'],
      ['LPOS', 'l', 'a', 'RANK', '2', 'MAXLEN', '2'],
      ['LPOS', 'l', 'a', 'rank', '4'],
      ['LPOS', 'l', 'zz'],
      ['LPOS', 'l', 'zz', 'COUNT', '1'],
      ['LPOS', 'none', 'a'],
      ['LPOS', 'none', 'a', 'COUNT', '1'],
      ['LPOS', 's', 'a'],
      ['LPOS', 'l', 'a', 'RANK', '1', 'RANK', '-1'],
      ['LPOS', 'l', 'a', 'COUNT', '1', 'COUNT', '3'],
      ['LPOS', 'l', 'a', 'RANK', '-9223372036854775808'],
      ['LPOS', 'l', 'a', 'RANK', '-9223372036854775808', 'COUNT', '2'],
      ['LPOS', 'l', 'a', 'RANK', '-9223372036854775807'],
      ['LPOS', 'l', 'a', 'RANK', '9223372036854775807', 'COUNT', '0'],
    ],
  ],
  [
    'LPOS refused',
    [
      ...list,
      ['LPOS', 'l', 'a', 'RANK', '0'],
      ['LPOS', 'l', 'a', 'RANK', 'x'],
      ['LPOS', 'l', 'a', 'COUNT', 'x'],
      ['LPOS', 'l', 'a', 'COUNT', '-1'],
      ['LPOS', 'l', 'a', 'MAXLEN', '-1'],
      ['LPOS', 'l', 'a', 'MAXLEN', '9223372036854775808'],
      ['LPOS', 'l', 'a', 'RANK'],
      ['LPOS', 'l', 'a', 'FIRST', '1'],
      ['LPOS', 'l', 'a', 'COUNT', 'x', 'RANK', '0'],
      ['LPOS', 's', 'a', 'RANK', '0'],
      ['LPOS', 'none', 'a', 'MAXLEN', 'x'],
    ],
  ],
  [
    'RPOPLPUSH',
    [
      ...list,
      ['RPOPLPUSH', 'l', 'd'],
      ['RPOPLPUSH', 'l', 'l'],
      ['RPOPLPUSH', 'none', 'd'],
      ['RPOPLPUSH', 'none', 's'],
      ['RPOPLPUSH', 'l', 's'],
      ['RPOPLPUSH', 's', 'd'],
      ['RPUSH', 'one', 'x'],
      ['RPOPLPUSH', 'one', 'd'],
      ['EXISTS', 'one'],
      ['LRANGE', 'd', '0', '-1'],
      ['LRANGE', 'l', '0', '-1'],
    ],
  ],
]);

/** WATCH and EXEC around the new write commands: a write that changes nothing may still touch. */
export const LIST_HASH_WATCH_CASES: SequenceCase[] = cases('watch', [
  ...(
    [
      ['LTRIM of a missing key', ['LTRIM', 'k', '0', '1']],
      ['LTRIM that keeps everything', ['LTRIM', 'k', '0', '-1']],
      ['LSET of the same value', ['LSET', 'k', '0', 'a']],
      ['LINSERT without the pivot', ['LINSERT', 'k', 'BEFORE', 'zz', 'v']],
      ['LPUSHX of a missing key', ['LPUSHX', 'none', 'v']],
      ['HINCRBYFLOAT by 0', ['HINCRBYFLOAT', 'h', 'f', '0']],
      ['RPOPLPUSH onto itself', ['RPOPLPUSH', 'k', 'k']],
      ['LMOVE onto itself', ['LMOVE', 'k', 'k', 'LEFT', 'RIGHT']],
      ['BLMOVE onto itself', ['BLMOVE', 'k', 'k', 'LEFT', 'RIGHT', '0']],
      ['RPOPLPUSH from nothing', ['RPOPLPUSH', 'none', 'k']],
      ['LPOS', ['LPOS', 'k', 'a']],
    ] as Array<[string, readonly string[]]>
  ).map(([name, cmd]): [string, Commands] => [
    name,
    [
      ['RPUSH', 'k', 'a'],
      ['HSET', 'h', 'f', '1'],
      ['WATCH', 'k', 'h', 'none'],
      cmd,
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ]),
]);
