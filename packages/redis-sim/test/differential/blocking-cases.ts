/**
 * Cases for the blocking list commands (blocking-lists.test.ts): each a few commands on one
 * connection, run on a real redis-server 7.0.15 whose clock the test moves, and on the
 * simulator. Some answer at once (a list to take from, WRONGTYPE, a bad argument, MULTI/EXEC
 * and scripts, which never block), the rest wait until their timeout, or for ever.
 */
import { cases, type Commands } from './case-tables.ts';
import type { SequenceCase } from './sequence-compare.ts';

const filled: Commands = [
  ['RPUSH', 'l', 'a', 'b', 'c'],
  ['SET', 's', 'v'],
];

export const BLOCKING_CASES: SequenceCase[] = [
  ...cases('answered at once', [
    ['BLPOP the first list', [...filled, ['BLPOP', 'none', 'l', '1'], ['BRPOP', 'l', 'none', '0']]],
    [
      'BLPOP empties the list',
      [
        ['RPUSH', 'l', 'x'],
        ['BLPOP', 'l', '5'],
        ['EXISTS', 'l'],
      ],
    ],
    ['BLPOP WRONGTYPE before a list', [...filled, ['BLPOP', 's', 'l', '1']]],
    ['BLPOP a list before WRONGTYPE', [...filled, ['BLPOP', 'l', 's', '1']]],
    ['BLPOP absent then WRONGTYPE', [...filled, ['BLPOP', 'none', 's', '1']]],
    [
      'BLMOVE moves',
      [...filled, ['BLMOVE', 'l', 'd', 'LEFT', 'RIGHT', '1'], ['LRANGE', 'd', '0', '-1']],
    ],
    ['BLMOVE onto itself', [...filled, ['BLMOVE', 'l', 'l', 'LEFT', 'RIGHT', '0']]],
    ['BLMOVE into a string', [...filled, ['BLMOVE', 'l', 's', 'LEFT', 'RIGHT', '1']]],
    ['BLMOVE from a string', [...filled, ['BLMOVE', 's', 'l', 'left', 'right', '1']]],
    ['BRPOPLPUSH moves', [...filled, ['BRPOPLPUSH', 'l', 'd', '1'], ['BRPOPLPUSH', 'l', 'd', '0']]],
    ['BLMPOP counts', [...filled, ['BLMPOP', '1', '2', 'none', 'l', 'RIGHT', 'COUNT', '2']]],
    ['BLMPOP more than held', [...filled, ['BLMPOP', '0', '1', 'l', 'LEFT', 'count', '9']]],
    ['BLMPOP WRONGTYPE', [...filled, ['BLMPOP', '1', '2', 's', 'l', 'LEFT']]],
    ['LMPOP', [...filled, ['LMPOP', '2', 'none', 'l', 'LEFT'], ['LMPOP', '1', 'none', 'RIGHT']]],
  ]),
  ...cases('refused', [
    [
      'timeouts',
      [
        ['BLPOP', 'k', '-1'],
        ['BLPOP', 'k', 'x'],
        ['BLPOP', 'k', ''],
        ['BLPOP', 'k', ' 1'],
        ['BLPOP', 'k', '1 '],
        ['BLPOP', 'k', 'inf'],
        ['BLPOP', 'k', '-inf'],
        ['BLPOP', 'k', 'nan'],
        ['BLPOP', 'k', '1e400'],
        ['BLPOP', 'k', '9223372036854775807'],
        ['BRPOP', 'k', '-0.001'],
        ['BLMOVE', 'k', 'd', 'LEFT', 'RIGHT', '-1'],
        ['BRPOPLPUSH', 'k', 'd', 'x'],
        ['BLMPOP', 'x', '1', 'k', 'LEFT'],
      ],
    ],
    [
      'BLMOVE reads the ends before the timeout',
      [
        ['BLMOVE', 'k', 'd', 'UP', 'RIGHT', 'x'],
        ['BLMOVE', 'k', 'd', 'LEFT', 'DOWN', 'x'],
      ],
    ],
    [
      'BLMPOP reads numkeys, the end and COUNT before the timeout',
      [
        ['BLMPOP', 'x', '0', 'k', 'LEFT'],
        ['BLMPOP', 'x', '2', 'k', 'LEFT'],
        ['BLMPOP', 'x', '1', 'k', 'MIDDLE'],
        ['BLMPOP', 'x', '1', 'k', 'LEFT', 'COUNT', '0'],
        ['BLMPOP', 'x', '1', 'k', 'LEFT', 'COUNT'],
        ['BLMPOP', 'x', '1', 'k', 'LEFT', 'COUNT', '1', 'COUNT', '1'],
        ['BLMPOP', 'x', '1', 'k', 'LEFT', 'COUNT', '-1'],
        ['BLMPOP', 'x', '-1', 'k', 'LEFT'],
        ['BLMPOP', 'x', '9223372036854775807', 'k', 'LEFT'],
        ['LMPOP', '1', 'k', 'LEFT', 'COUNT', 'x'],
      ],
    ],
    [
      'arity',
      [
        ['BLPOP', 'k'],
        ['BLMOVE', 'a', 'b', 'LEFT', 'RIGHT'],
        ['BLMPOP', '1', '1', 'k'],
      ],
    ],
  ]),
  ...cases('never blocks', [
    [
      'inside MULTI/EXEC, whatever the timeout',
      [
        ['MULTI'],
        ['BLPOP', 'k', '0'],
        ['BRPOP', 'k', '5'],
        ['BLMOVE', 'k', 'd', 'LEFT', 'RIGHT', '0'],
        ['BRPOPLPUSH', 'k', 'd', '0'],
        ['BLMPOP', '0', '1', 'k', 'LEFT'],
        ['BLPOP', 'k', '-1'],
        ['EXEC'],
      ],
    ],
    [
      'inside a script',
      [
        ['EVAL', "return redis.call('BLMPOP', '0', '1', KEYS[1], 'LEFT')", '1', 'k'],
        ['EVAL', "return redis.pcall('BLPOP', KEYS[1], '0')", '1', 'k'],
        ['EVAL', "return redis.pcall('BLMOVE', KEYS[1], 'd', 'LEFT', 'LEFT', '0')", '1', 'k'],
        ['EVAL', "return redis.pcall('BLMPOP', '-1', '1', KEYS[1], 'LEFT')", '1', 'k'],
      ],
    ],
  ]),
  ...cases('waits', [
    [
      'BLPOP for a second and a half',
      [
        ['BLPOP', 'k', '1.5'],
        ['GET', 'k'],
      ],
    ],
    ['BRPOP on a string-free pair of keys', [['BRPOP', 'a', 'b', '2']]],
    ['BLPOP for a tenth of a millisecond (rounded up)', [['BLPOP', 'k', '0.0001']]],
    ['BLPOP for a thousandth of a second', [['BLPOP', 'k', '0.001']]],
    ['BLPOP in hexadecimal', [['BLPOP', 'k', '0x10']]],
    ['BLPOP with an exponent', [['BLPOP', 'k', '2.5e-1']]],
    [
      'BLMOVE into a string waits',
      [
        ['SET', 's', 'v'],
        ['BLMOVE', 'k', 's', 'LEFT', 'LEFT', '1'],
      ],
    ],
    ['BRPOPLPUSH', [['BRPOPLPUSH', 'k', 'd', '3']]],
    ['BLMPOP', [['BLMPOP', '0.5', '2', 'a', 'b', 'RIGHT', 'COUNT', '3']]],
    [
      'a key that expired',
      [
        ['RPUSH', 'k', 'x'],
        ['PEXPIRE', 'k', '0'],
        ['BLPOP', 'k', '1'],
      ],
    ],
    ['BLPOP for ever', [['BLPOP', 'k', '0']]],
    ['BLPOP for ever, a negative zero', [['BLPOP', 'k', '-0.0001']]],
    ['BLMPOP for ever', [['BLMPOP', '0', '1', 'k', 'LEFT']]],
    [
      'then a command after the wait',
      [
        ['BLPOP', 'k', '1'],
        ['RPUSH', 'k', 'x'],
        ['BLPOP', 'k', '1'],
      ],
    ],
  ]),
];
