/**
 * Command sequences for FUNCTION and FCALL (libraries live in the server, not in a database,
 * so functions.test.ts runs them on a redis-server of its own, emptied of libraries before
 * each case) and for `redis.acl_check_cmd`, which answers for the script's caller.
 */
import type { SequenceCase } from './sequence-compare.ts';

type Commands = SequenceCase['commands'];
const cases = (prefix: string, list: Array<[string, Commands]>): SequenceCase[] =>
  list.map(([name, commands]) => ({ name: `${prefix}: ${name}`, commands }));

const check = (...args: string[]) => [
  'EVAL',
  `return redis.acl_check_cmd(${args.map((a) => `'${a}'`).join(',')})`,
  '0',
];
const pcheck = (...args: string[]) => [
  'EVAL',
  `local ok, e = pcall(redis.acl_check_cmd${args.map((a) => `, '${a}'`).join('')}) ` +
    "if ok then return {'ok', tostring(e)} end return {'raised', e.err}",
  '0',
];

/** redis.acl_check_cmd: unknown commands and subcommands raise, known ones answer the user's rights. */
export const ACL_CHECK_CASES = cases('acl_check_cmd', [
  [
    'unknown command or subcommand',
    [
      check('nosuch'),
      pcheck('nosuch'),
      check('config', 'nosuch'),
      pcheck('script', 'nosuch'),
      check('script|load'),
      check('GET|x'),
      ['EVAL', 'return redis.acl_check_cmd()', '0'],
      ['EVAL', 'return redis.acl_check_cmd({})', '0'],
      ['EVAL', "return redis.acl_check_cmd('get', true)", '0'],
    ],
  ],
  [
    'known commands for the default user',
    [
      check('get'),
      check('get', 'k'),
      check('SCRIPT', 'LOAD'),
      check('config'),
      check('config', 'get', 'x'),
      check('xadd', 'k', '*', 'f', 'v'),
      check('client', 'no-evict', 'on'),
      ['EVAL', "return redis.acl_check_cmd('incrby', 'k', 1.5)", '0'],
    ],
  ],
  [
    'a restricted user',
    [
      ['ACL', 'SETUSER', 'luachk', 'on', 'nopass', '~a*', '+@all', '-set', '-script|load'],
      ['AUTH', 'luachk', 'x'],
      pcheck('set', 'a', 'b'),
      pcheck('get', 'a'),
      pcheck('get', 'b'),
      pcheck('script', 'load', 'x'),
      pcheck('script', 'flush'),
      pcheck('xadd', 'b', '*', 'f', 'v'),
      pcheck('xadd', 'a', '*', 'f', 'v'),
      pcheck('auth', 'x'),
      pcheck('nosuch', 'a'),
      ['AUTH', 'default', 'x'],
      ['ACL', 'DELUSER', 'luachk'],
    ],
  ],
]);
