/**
 * Command sequences for what a reply depends on earlier commands of the connection: WATCH
 * and EXEC, `#!lua` shebangs and the *_RO commands, SCRIPT KILL and the HELP texts. Each is
 * run on the frozen-clock redis-server and on a fresh simulator (sequences.test.ts). No case
 * flushes the server or its script cache: other suites share it.
 */
import { cases, type Commands } from './case-tables.ts';

/** WATCH and EXEC: any touch of a watched key, the watcher's own included, aborts EXEC. */
export const WATCH_CASES = cases('watch', [
  [
    'own write',
    [
      ['SET', 'k', '1'],
      ['WATCH', 'k'],
      ['SET', 'k', '2'],
      ['MULTI'],
      ['GET', 'k'],
      ['EXEC'],
      ['GET', 'k'],
    ],
  ],
  [
    'same value',
    [['SET', 'k', '1'], ['WATCH', 'k'], ['SET', 'k', '1'], ['MULTI'], ['GET', 'k'], ['EXEC']],
  ],
  [
    'untouched',
    [
      ['SET', 'k', '1'],
      ['WATCH', 'k'],
      ['GET', 'k'],
      ['MULTI'],
      ['INCR', 'k'],
      ['EXEC'],
      ['GET', 'k'],
    ],
  ],
  ['missing key created', [['WATCH', 'k'], ['SET', 'k', '1'], ['MULTI'], ['PING'], ['EXEC']]],
  ['del of a missing key', [['WATCH', 'k'], ['DEL', 'k'], ['MULTI'], ['PING'], ['EXEC']]],
  ['inside multi', [['MULTI'], ['WATCH', 'k'], ['EXEC']]],
  ['unwatch', [['WATCH', 'k'], ['SET', 'k', '1'], ['UNWATCH'], ['MULTI'], ['PING'], ['EXEC']]],
  ['unwatch queued', [['WATCH', 'k'], ['MULTI'], ['UNWATCH'], ['SET', 'k', 'x'], ['EXEC']]],
  [
    'hset of the same value',
    [
      ['HSET', 'h', 'f', 'v'],
      ['WATCH', 'h'],
      ['HSET', 'h', 'f', 'v'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    'zadd of the same score',
    [
      ['ZADD', 'z', '1', 'm'],
      ['WATCH', 'z'],
      ['ZADD', 'z', '1', 'm'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    'zincrby 0',
    [
      ['ZADD', 'z', '1', 'm'],
      ['WATCH', 'z'],
      ['ZINCRBY', 'z', '0', 'm'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    'expire',
    [['SET', 'k', 'v'], ['WATCH', 'k'], ['EXPIRE', 'k', '100'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'persist without a ttl',
    [['SET', 'k', 'v'], ['WATCH', 'k'], ['PERSIST', 'k'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'incrby 0',
    [['SET', 'k', '1'], ['WATCH', 'k'], ['INCRBY', 'k', '0'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'a script writes it',
    [
      ['SET', 'k', '1'],
      ['WATCH', 'k'],
      ['EVAL', "redis.call('set', KEYS[1], '2')", '1', 'k'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  ['lpop of an empty list', [['WATCH', 'l'], ['LPOP', 'l'], ['MULTI'], ['PING'], ['EXEC']]],
  ['another key', [['WATCH', 'k'], ['SET', 'j', '1'], ['MULTI'], ['PING'], ['EXEC']]],
  [
    'execabort unwatches',
    [
      ['WATCH', 'k'],
      ['SET', 'k', '1'],
      ['MULTI'],
      ['NOSUCH'],
      ['EXEC'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    // SHUTDOWN is flagged no_multi: refused while queuing, so it dooms EXEC and stops nothing
    'shutdown while queuing',
    [
      ['WATCH', 'k'],
      ['MULTI'],
      ['SHUTDOWN', 'ABORT'],
      ['SHUTDOWN', 'NOSAVE', 'NOW'],
      ['PING'],
      ['EXEC'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    // the no_multi refusal comes before the ACL check: a user without SHUTDOWN hears it first
    'shutdown while queuing, refused by the ACL too',
    [
      ['ACL', 'SETUSER', 'seq_nomulti', 'on', 'nopass', '~*', '+@all', '-shutdown'],
      ['AUTH', 'seq_nomulti', 'x'],
      ['SHUTDOWN', 'ABORT'],
      ['MULTI'],
      ['SHUTDOWN', 'ABORT'],
      ['EXEC'],
      ['AUTH', 'default', 'x'],
      ['ACL', 'DELUSER', 'seq_nomulti'],
    ],
  ],
  [
    'discard unwatches',
    [['WATCH', 'k'], ['SET', 'k', '1'], ['MULTI'], ['DISCARD'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'exec without multi keeps it',
    [['WATCH', 'k'], ['SET', 'k', '1'], ['EXEC'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'arity and scripts',
    [
      ['WATCH'],
      ['UNWATCH', 'x'],
      ['EVAL', "return redis.call('watch','k')", '0'],
      ['EVAL', "return redis.pcall('unwatch')", '0'],
    ],
  ],
  [
    'expired by pexpireat',
    [
      ['SET', 'k', 'v'],
      ['WATCH', 'k'],
      ['PEXPIREAT', 'k', '1'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
      ['EXISTS', 'k'],
    ],
  ],
  [
    'set nx that fails',
    [['SET', 'k', '1'], ['WATCH', 'k'], ['SET', 'k', '2', 'NX'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'hdel of no field',
    [['HSET', 'h', 'f', 'v'], ['WATCH', 'h'], ['HDEL', 'h', 'g'], ['MULTI'], ['PING'], ['EXEC']],
  ],
  [
    'a store command only reads it',
    [
      ['SADD', 's', '2', '1'],
      ['SADD', 't', 'x'],
      ['WATCH', 's', 't'],
      ['SINTERSTORE', 'd', 's'],
      ['SUNIONSTORE', 'd', 't', 's'],
      ['SDIFFSTORE', 'd', 's', 't'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
  [
    'zrem of no member',
    [
      ['ZADD', 'z', '2', 'b', '1', 'a'],
      ['WATCH', 'z'],
      ['ZREM', 'z', 'c'],
      ['MULTI'],
      ['PING'],
      ['EXEC'],
    ],
  ],
]);

const SHEBANG_BODIES = [
  '#!lua\nreturn 1',
  '#!lua flags=no-writes\nreturn redis.call("set","k","v")',
  '#!lua flags=no-writes\nreturn redis.call("get","k")',
  '#!lua flags=no-writes,allow-oom\nreturn 1',
  '#!lua flags=\nreturn 1',
  '#!lua flags=bad\nreturn 1',
  '#!lua x=1\nreturn 1',
  '#!python\nreturn 1',
  '#!lua',
  '#!\nreturn 1',
  '#! lua\nreturn 1',
  '#!lua flags=no-writes flags=allow-oom\nreturn 1',
  '#!lua "flags=no-writes"\nreturn 1',
  '#!lua flags=no-writes,,allow-oom\nreturn 1',
  '#!lua\nerror("x")',
  '#!lua\n\nreturn redis.call("set","k","v")',
  '#!lua flags=no-writes\nreturn redis.call("expire","k", 1)',
  '#!lua flags=no-writes\nreturn redis.pcall("set","k","v")',
  '#!"lua\nreturn 1',
  '#!lua\r\nreturn 1',
  '#!lua\treturn 1\nreturn 2',
  '#!LUA\nreturn 1',
  '#!lua flags=NO-WRITES\nreturn 1',
  'return redis.call("set","k","v")',
  'return redis.call("get","k")',
  '#!lua flags=allow-stale,no-cluster,allow-cross-slot-keys\nreturn redis.call("set","k","v")',
  '#!lua flags=no-writes\nreturn redis.call("del","k")',
  '#!lua\nreturn x',
];

/** `#!lua` lines and their flags, through EVAL, EVAL_RO and SCRIPT LOAD. */
export const SHEBANG_CASES = cases(
  'shebang',
  SHEBANG_BODIES.map((b): [string, Commands] => [
    JSON.stringify(b),
    [
      ['EVAL', b, '0'],
      ['EVAL_RO', b, '0'],
      ['SCRIPT', 'LOAD', b],
    ],
  ]),
);

/** EVAL_RO, EVALSHA_RO and SCRIPT KILL's and HELP's replies. */
export const SCRIPT_COMMAND_CASES = cases('scripting', [
  [
    'evalsha_ro',
    [
      ['SCRIPT', 'LOAD', 'return redis.call("set","k","v")'],
      ['EVALSHA_RO', '78ca7ec4a0e5de6c4e31f2d1b1f4cf0a36ffa4bb', '0'],
      ['EVALSHA_RO', 'abc', '0'],
      ['EVALSHA_RO', '0123456789012345678901234567890123456789', '0'],
    ],
  ],
  [
    'eval_ro arguments',
    [
      ['EVAL_RO', 'return 1', 'x'],
      ['EVAL_RO', 'return 1'],
      ['EVAL_RO', 'return 1', '2', 'a'],
      ['EVAL_RO', 'return redis.call("eval_ro", "return 1", 0)', '0'],
    ],
  ],
  [
    'script kill and help',
    [
      ['SCRIPT', 'KILL'],
      ['SCRIPT', 'KILL', 'x'],
      ['SCRIPT', 'HELP'],
      ['SCRIPT', 'HELP', 'x'],
      ['EVAL', "return redis.pcall('script', 'kill')", '0'],
    ],
  ],
]);

/** Every HELP the simulator answers, 7.0.15's lines as status replies, and COMMAND INFO of subcommands. */
export const HELP_CASES = cases('help', [
  [
    'containers',
    [
      ['ACL', 'HELP'],
      ['COMMAND', 'HELP'],
      ['CLIENT', 'HELP'],
      ['SCRIPT', 'HELP'],
      ['ACL', 'HELP', 'x'],
      ['CLIENT', 'help'],
    ],
  ],
  [
    'from a script',
    [
      ['EVAL', "return redis.call('acl','help')", '0'],
      ['EVAL', "return redis.call('command','help')", '0'],
      ['EVAL', "return redis.pcall('client','help')", '0'],
    ],
  ],
  [
    'command info of subcommands',
    [
      ['COMMAND', 'INFO', 'script|load'],
      ['COMMAND', 'INFO', 'SCRIPT|LOAD'],
      ['COMMAND', 'INFO', 'script|nosuch'],
      ['COMMAND', 'INFO', 'get|x'],
      ['COMMAND', 'INFO', 'acl|setuser', 'client|id', 'command|info', 'script|help'],
      ['COMMAND', 'INFO', 'script|kill'],
    ],
  ],
]);

/** The frozen clock's instant in ms, as text: a key whose time is exactly now is still there. */
const NOW_MS = '1764576000123';

/** The expiry boundary: a key expires once its time is past, not when it is now. */
export const EXPIRY_CASES = cases('expiry', [
  [
    'set pxat now',
    [
      ['SET', 'k', 'v', 'PXAT', NOW_MS],
      ['GET', 'k'],
      ['PTTL', 'k'],
      ['EXISTS', 'k'],
      ['EVAL', "return redis.call('get', KEYS[1])", '1', 'k'],
    ],
  ],
  [
    'set exat now',
    [
      ['SET', 'k', 'v', 'EXAT', '1764576000'],
      ['GET', 'k'],
      ['PTTL', 'k'],
    ],
  ],
  [
    'set pxat before now',
    [
      ['SET', 'k', 'v', 'PXAT', '1764576000122'],
      ['GET', 'k'],
    ],
  ],
  [
    'pexpireat now',
    [
      ['SET', 'k', 'v'],
      ['PEXPIREAT', 'k', NOW_MS],
      ['GET', 'k'],
      ['EXISTS', 'k'],
    ],
  ],
  [
    'hash pexpireat now',
    [
      ['HSET', 'h', 'f', 'v'],
      ['PEXPIREAT', 'h', NOW_MS],
      ['HGET', 'h', 'f'],
    ],
  ],
]);
