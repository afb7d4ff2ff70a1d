/**
 * COMMAND GETKEYS for the sorted-set, SORT, LMPOP and blocking commands: the keys their key specs
 * name (numkeys counts, SORT's STORE), and the errors for a numkeys that names no keys. Run by
 * zset-sort.test.ts against a real 7.0.15.
 */
import type { KeyedCase } from './keyed-cases.ts';

const g = (...args: string[]) => ['COMMAND', 'GETKEYS', ...args];

export const GETKEYS_CASES: KeyedCase[] = [
  {
    name: 'COMMAND GETKEYS of the sorted-set, SORT and blocking commands',
    commands: [
      g('ZUNIONSTORE', 'd', '2', 'a', 'b', 'WEIGHTS', '1', '2'),
      g('ZINTER', '3', 'a', 'b', 'c'),
      g('ZDIFF', '1', 'a', 'WITHSCORES'),
      g('ZINTERCARD', '2', 'a', 'b', 'LIMIT', '1'),
      g('ZUNION', '5', 'a'),
      g('ZUNION', '0', 'a'),
      g('ZUNION', 'x', 'a'),
      g('ZMPOP', '2', 'a', 'b', 'MIN'),
      g('ZMPOP', '9', 'a', 'MIN'),
      g('BZMPOP', '0', '2', 'a', 'b', 'MAX', 'COUNT', '2'),
      g('BZPOPMIN', 'a', 'b', '0'),
      g('ZRANGESTORE', 'd', 's', '0', '1'),
      g('ZRANGE', 's', '0', '1'),
      g('ZREMRANGEBYLEX', 's', '-', '+'),
      g('ZRANDMEMBER', 's', '2'),
      g('SORT', 'l'),
      g('SORT', 'l', 'BY', 'w_*', 'GET', '#', 'STORE', 'd'),
      g('SORT', 'l', 'STORE', 'd1', 'LIMIT', '0', '1', 'STORE', 'd2'),
      g('SORT', 'l', 'GET', 'store', 'STORE'),
      g('SORT_RO', 'l', 'STORE', 'd'),
      g('LMPOP', '5', 'a', 'LEFT'),
      g('LMPOP', '0', 'a', 'LEFT'),
      g('BLMPOP', '0', '5', 'a', 'LEFT'),
      g('BLMPOP', '0', '2', 'a', 'b', 'LEFT'),
      g('EVAL', 'return 1', '0'),
      g('EVAL', 'return 1', '1', 'k'),
      g('PING'),
      g('GET'),
      g('SINTERCARD', '5', 'a'),
      g('ZUNIONSTORE', 'd', '5', 'a'),
    ],
  },
];
