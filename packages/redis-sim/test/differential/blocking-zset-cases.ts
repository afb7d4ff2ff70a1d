/**
 * Cases for the blocking sorted-set pops BZPOPMIN, BZPOPMAX and BZMPOP, run by
 * blocking-lists.test.ts as the list cases are: answered at once when a key holds a set (or
 * the wrong type, or a bad argument), inside MULTI/EXEC and scripts (where they never block),
 * and otherwise waiting until their timeout, or for ever.
 */
import { cases, type Commands } from './case-tables.ts';
import type { SequenceCase } from './sequence-compare.ts';

const filled: Commands = [
  ['ZADD', 'z', '1', 'a', '2', 'b', '3', 'c'],
  ['SET', 's', 'v'],
];

export const ZSET_BLOCKING_CASES: SequenceCase[] = [
  ...cases('sorted sets answered at once', [
    ['BZPOPMIN the first set', [...filled, ['BZPOPMIN', 'none', 'z', '1'], ['BZPOPMAX', 'z', '0']]],
    [
      'BZPOPMIN empties the set',
      [
        ['ZADD', 'z', '5', 'x'],
        ['BZPOPMIN', 'z', '5'],
        ['EXISTS', 'z'],
      ],
    ],
    ['BZPOPMIN WRONGTYPE before a set', [...filled, ['BZPOPMIN', 's', 'z', '1']]],
    ['BZPOPMAX a set before WRONGTYPE', [...filled, ['BZPOPMAX', 'z', 's', '1']]],
    [
      'BZMPOP counts',
      [
        ...filled,
        ['BZMPOP', '1', '2', 'none', 'z', 'MAX', 'COUNT', '2'],
        ['BZMPOP', '0', '1', 'z', 'min', 'COUNT', '9'],
      ],
    ],
    ['BZMPOP WRONGTYPE', [...filled, ['BZMPOP', '1', '2', 's', 'z', 'MIN']]],
    [
      'bad arguments',
      [
        ...filled,
        ['BZPOPMIN', 'z', 'x'],
        ['BZPOPMIN', 'z', '-1'],
        ['BZPOPMIN', 'none', '1e400'],
        ['BZMPOP', 'x', '1', 'z', 'MIN'],
        ['BZMPOP', '1', '0', 'z', 'MIN'],
        ['BZMPOP', '1', '1', 'z', 'MIDDLE'],
        ['BZMPOP', '-1', '1', 'z', 'MIN'],
        ['BZMPOP', '1', '1', 'z', 'MIN', 'COUNT', '0'],
        ['BZMPOP', '1', '1', 'z', 'MIN', 'COUNT'],
        ['BZMPOP', '1', '5', 'z', 'MIN'],
      ],
    ],
    [
      'inside MULTI/EXEC, whatever the timeout',
      [
        ['MULTI'],
        ['BZPOPMIN', 'none', '0'],
        ['BZMPOP', '0', '1', 'none', 'MAX'],
        ['ZADD', 'z', '1', 'a'],
        ['BZPOPMAX', 'z', '0'],
        ['EXEC'],
      ],
    ],
    [
      'inside a script',
      [
        ['EVAL', "return redis.call('BZMPOP', '0', '1', KEYS[1], 'MIN')", '1', 'k'],
        ['EVAL', "return redis.pcall('BZPOPMIN', KEYS[1], '0')", '1', 'k'],
        ['EVAL', "return redis.pcall('BZMPOP', '-1', '1', KEYS[1], 'MIN')", '1', 'k'],
        ['ZADD', 'k', '1', 'm'],
        ['EVAL', "return redis.call('BZMPOP', '0', '1', KEYS[1], 'MIN')", '1', 'k'],
      ],
    ],
  ]),
  ...cases('sorted sets waiting', [
    ['BZPOPMIN until its timeout', [['BZPOPMIN', 'none', 'other', '1.5']]],
    ['BZPOPMAX for ever', [['BZPOPMAX', 'none', '0']]],
    ['BZMPOP until its timeout', [['BZMPOP', '0.01', '2', 'none', 'other', 'MIN', 'COUNT', '3']]],
    ['BZPOPMIN a tiny timeout rounds up', [['BZPOPMIN', 'none', '0.0001']]],
  ]),
];
