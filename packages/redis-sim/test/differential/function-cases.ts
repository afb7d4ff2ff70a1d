/**
 * Command sequences for FUNCTION and FCALL (libraries live in the server, not in a database,
 * so functions.test.ts runs them on a redis-server of its own, emptied of libraries before
 * each case) and for `redis.acl_check_cmd`, which answers for the script's caller.
 */
import { cases } from './case-tables.ts';

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
      // names every JavaScript object has: no command
      check('constructor'),
      check('toString', 'x'),
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
  [
    // ACL SETUSER names any real 7.0 command, modelled or not (ACLSetSelector's lookups and
    // its texts), and the rules then judge it; first-argument rules and categories other than
    // @all are the simulator's own refusals, so not sent here
    'rules that name real commands the simulator does not model',
    [
      ['ACL', 'SETUSER', 'streams', 'on', 'nopass', '~*', '-@all', '+xadd', '+xinfo|stream'],
      ['ACL', 'SETUSER', 'streams', '+client|kill', '-client|kill', '+xinfo', '-xinfo|groups'],
      ['ACL', 'SETUSER', 'streams', '+xinfo|nosuch'],
      ['ACL', 'SETUSER', 'streams', '+xinfo|stream|x'],
      ['ACL', 'SETUSER', 'streams', '+config|get|x'],
      ['ACL', 'SETUSER', 'streams', '+client|setname|x'],
      ['ACL', 'SETUSER', 'streams', '+xinfo|'],
      ['ACL', 'SETUSER', 'streams', '+get|'],
      ['ACL', 'SETUSER', 'streams', '+constructor'],
      ['ACL', 'SETUSER', 'streams', '-__proto__'],
      ['ACL', 'SETUSER', 'streams', '-xinfo|'],
      ['ACL', 'SETUSER', 'streams', '-get|x'],
      ['ACL', 'SETUSER', 'streams', '-xinfo|stream|x'],
      ['ACL', 'SETUSER', 'streams', '+nosuch'],
      ['ACL', 'SETUSER', 'streams', '-nosuch|x'],
      ['ACL', 'SETUSER', 'streams', '+eval', '+zadd'],
      ['AUTH', 'streams', 'x'],
      pcheck('xadd', 'k', '*', 'f', 'v'),
      pcheck('xinfo', 'stream', 'k'),
      pcheck('xinfo', 'groups', 'k'),
      pcheck('xinfo', 'consumers', 'k', 'g'),
      pcheck('xlen', 'k'),
      pcheck('client', 'kill', 'id', '1'),
      pcheck('zadd', 'k', '1', 'a'),
      ['AUTH', 'default', 'x'],
      ['ACL', 'DELUSER', 'streams'],
    ],
  ],
]);

/** A library's code: its shebang line, then its lines. */
const lib = (name: string, ...lines: string[]) => [`#!lua name=${name}`, ...lines].join('\n');
const load = (...code: string[]) => ['FUNCTION', 'LOAD', ...code];
/** FUNCTION LOAD of a library named `name` made of `lines`. */
const loadLib = (name: string, ...lines: string[]) => load(lib(name, ...lines));

/** The library most cases load: a writer, a reader (no-writes) and a named-form function. */
const SHOP = lib(
  'shop',
  "redis.register_function('put', function(keys, args) return redis.call('SET', keys[1], args[1]) end)",
  'redis.register_function{function_name = "peek", description = "read one key",',
  "  callback = function(keys) return redis.call('GET', keys[1]) end, flags = {'no-writes'}}",
  "redis.register_function{function_name='all_flags', callback=function() return 1 end,",
  "  flags={'allow-stale', 'NO-CLUSTER', 'allow-oom', 'allow-cross-slot-keys', 'no-writes'}}",
);

/** FUNCTION LOAD's metadata line and the library's registration, right and wrong. */
export const FUNCTION_LOAD_CASES = cases('function load', [
  ['a library and its list', [load(SHOP), ['FUNCTION', 'LIST'], ['FUNCTION', 'STATS']]],
  [
    'metadata',
    [
      load('return 1'),
      load('#!lua name=x'),
      load('#!lua\nreturn 1'),
      load('#!lua name=a name=b\nreturn 1'),
      load('#!lua nam=a\nreturn 1'),
      load('#!lua NAME=okname foo\nreturn 1'),
      load('#!py name=x\nreturn 1'),
      load('#!LUA name=upper\nredis.register_function("u", function() return 1 end)'),
      load('#!lua name=bad-name\nreturn 1'),
      load('#!lua name=\nreturn 1'),
      load('#!lua "name=x\nreturn 1'),
      load('#!\nreturn 1'),
      load('#!lua name="quoted one"\nreturn 1'),
      [
        'FUNCTION',
        'LOAD',
        'REPLACE',
        'REPLACE',
        lib('twice', "redis.register_function('t', function() return 2 end)"),
      ],
      ['FUNCTION', 'LOAD', 'NOPE', lib('x', 'return 1')],
      ['FUNCTION', 'LOAD', 'REPLACE'],
      ['FUNCTION', 'LOAD'],
      ['FCALL', 'u', '0'],
      ['FCALL', 't', '0'],
    ],
  ],
  [
    'compile and load-time errors',
    [
      loadLib('c', 'local x = '),
      loadLib('c', 'return 1'),
      loadLib('c', 'redis.call("ping")'),
      loadLib('c', 'local t = {} t.x.y = 1'),
      loadLib('c', 'error("x")'),
      loadLib('c', 'x = 1'),
      loadLib('c', 'local s = string.format("%d", 1)'),
      loadLib('c', 'redis.log(redis.LOG_NOTICE, "hi")', 'return 1'),
      loadLib('c', 'return redis.REDIS_VERSION .. redis.REDIS_VERSION_NUM'),
      loadLib('c', 'local r = redis.setresp'),
      loadLib(
        'c',
        'local up = ("x"):upper()',
        "redis.register_function(up, function() return 'U' end)",
      ),
      ['FCALL', 'X', '0'],
    ],
  ],
  [
    'register_function arguments',
    [
      loadLib('r', 'redis.register_function()'),
      loadLib('r', 'redis.register_function(1, 2, 3)'),
      loadLib('r', "redis.register_function('f')"),
      loadLib('r', 'redis.register_function({}, function() end)'),
      loadLib('r', "redis.register_function('f', 'g')"),
      loadLib('r', "redis.register_function('bad name', function() end)"),
      loadLib('r', "redis.register_function('', function() end)"),
      loadLib(
        'r',
        "redis.register_function('f', function() end) redis.register_function('f', function() end)",
      ),
      loadLib('r', 'redis.register_function{}'),
      loadLib('r', "redis.register_function{function_name='f'}"),
      loadLib('r', 'redis.register_function{callback=function() end}'),
      loadLib(
        'r',
        "redis.register_function{function_name=1, callback=function() return 'one' end}",
      ),
      loadLib('r', 'redis.register_function{function_name={}, callback=function() end}'),
      loadLib('r', "redis.register_function{function_name='f', callback='x'}"),
      loadLib(
        'r',
        "redis.register_function{function_name='f', callback=function() end, flags='no-writes'}",
      ),
      loadLib(
        'r',
        "redis.register_function{function_name='f', callback=function() end, flags={'nope'}}",
      ),
      loadLib(
        'r',
        "redis.register_function{function_name='f', callback=function() end, flags={1}}",
      ),
      loadLib(
        'r',
        "redis.register_function{function_name='f', callback=function() end, description={}}",
      ),
      loadLib('r', "redis.register_function{function_name='f', callback=function() end, other=1}"),
      loadLib('r', "redis.register_function{[1]='f'}"),
      loadLib('r', "redis.register_function('f', function() end, 'x')"),
      loadLib(
        'r',
        "redis.register_function('ok', function() end) redis.register_function('bad', 1)",
      ),
      ['FUNCTION', 'LIST'],
      ['FCALL', '1', '0'],
    ],
  ],
  [
    'exists, replace and collisions',
    [
      load(SHOP),
      load(SHOP),
      loadLib('shop', "redis.register_function('other', function() return 'new' end)"),
      [
        'FUNCTION',
        'LOAD',
        'replace',
        lib('shop', "redis.register_function('other', function() return 'new' end)"),
      ],
      ['FCALL', 'put', '1', 'k', 'v'],
      ['FCALL', 'other', '0'],
      loadLib('b', "redis.register_function('OTHER', function() return 'b' end)"),
      loadLib('b', "redis.register_function('fresh', function() return 'b' end)"),
      ['FUNCTION', 'LOAD', 'REPLACE', lib('shop', 'x = ')],
      [
        'FUNCTION',
        'LOAD',
        'REPLACE',
        lib('shop', "redis.register_function('fresh', function() end)"),
      ],
      ['FCALL', 'other', '0'],
      ['FUNCTION', 'LIST', 'LIBRARYNAME', 'shop'],
    ],
  ],
  [
    'a load that never ends, and the load-time redis table kept for later',
    [
      loadLib('forever', 'while true do end'),
      loadLib(
        'late',
        'local r = redis',
        "redis.register_function('register_late', function() r.register_function('x', function() end) end)",
        "redis.register_function('call_late', function() return r.call('PING') end)",
        "redis.register_function('log_late', function() return r.log(r.LOG_WARNING, 'late') end)",
      ),
      ['FCALL', 'register_late', '0'],
      ['FCALL', 'call_late', '0'],
      ['FCALL', 'log_late', '0'],
    ],
  ],
  [
    'a function that keeps state in its upvalues',
    [
      loadLib(
        'count',
        'local n = 0',
        "redis.register_function('bump', function() n = n + 1 return n end)",
      ),
      ['FCALL', 'bump', '0'],
      ['FCALL', 'bump', '0'],
      ['FCALL_RO', 'bump', '0'],
    ],
  ],
]);

/** FCALL and FCALL_RO: keys, arguments, flags, errors. */
export const FCALL_CASES = cases('fcall', [
  [
    'calls',
    [
      load(SHOP),
      ['FCALL', 'put', '1', 'k', 'v'],
      ['FCALL', 'PUT', '1', 'k2', 'v2'],
      ['FCALL', 'peek', '1', 'k'],
      ['FCALL_RO', 'peek', '1', 'k'],
      ['FCALL_RO', 'put', '1', 'k', 'x'],
      ['FCALL', 'all_flags', '0'],
      ['FCALL_RO', 'all_flags', '0'],
      ['FCALL', 'nosuch', '0'],
      ['FCALL', 'put', 'x', 'k'],
      ['FCALL', 'put', '3', 'k'],
      ['FCALL', 'put', '-1', 'k'],
      ['FCALL', 'put', '1.0', 'k'],
      ['FCALL', 'nosuch', 'x'],
      ['FCALL', 'put'],
      ['GET', 'k'],
    ],
  ],
  [
    'writes refused',
    [
      loadLib(
        'w',
        "redis.register_function{function_name='sneak', callback=function(k) return redis.call('SET', k[1], 'x') end, flags={'no-writes'}}",
        "redis.register_function{function_name='psneak', callback=function(k) return redis.pcall('INCR', k[1]) end, flags={'no-writes'}}",
        "redis.register_function('plain', function(k) return redis.call('SET', k[1], 'y') end)",
      ),
      ['FCALL', 'sneak', '1', 'a'],
      ['FCALL', 'psneak', '1', 'a'],
      ['FCALL_RO', 'plain', '1', 'a'],
      ['FCALL', 'plain', '1', 'a'],
      ['EVAL', "return redis.call('FCALL', 'plain', 1, 'a')", '0'],
      ['GET', 'a'],
    ],
  ],
  [
    'globals and errors inside a function',
    [
      loadLib(
        'g',
        "redis.register_function('keys', function(k, a) return KEYS end)",
        "redis.register_function('set_global', function() x = 1 end)",
        "redis.register_function('raise', function() error('boom') end)",
        "redis.register_function('raise_table', function() error({err='MINE it failed'}) end)",
        "redis.register_function('unknown', function() return redis.call('nosuch') end)",
        "redis.register_function('both', function(k, a) return {k, a, #k, #a} end)",
        "redis.register_function('types', function() return {type(redis.replicate_commands), type(redis.breakpoint), type(redis.set_repl), type(redis.register_function), type(math.random), type(_G)} end)",
        "redis.register_function('status', function() return redis.status_reply('FINE') end)",
        "redis.register_function('nothing', function() end)",
        "redis.register_function('resp3', function() redis.setresp(3) return redis.call('HGETALL', 'nohash') end)",
        "redis.register_function('err_handler', function() return __redis__err__handler end)",
        "redis.register_function('pc', function() return {pcall(error, 'x')} end)",
        "redis.register_function('check', function() return redis.acl_check_cmd('get', 'k') end)",
      ),
      ['FCALL', 'keys', '0'],
      ['FCALL', 'set_global', '0'],
      ['FCALL', 'raise', '0'],
      ['FCALL', 'raise_table', '0'],
      ['FCALL', 'unknown', '0'],
      ['FCALL', 'both', '2', 'k1', 'k2', 'a1'],
      ['FCALL', 'types', '0'],
      ['FCALL', 'status', '0'],
      ['FCALL', 'nothing', '0'],
      ['FCALL', 'resp3', '0'],
      ['FCALL', 'err_handler', '0'],
      ['FCALL', 'pc', '0'],
      ['FCALL', 'check', '0'],
    ],
  ],
  [
    'inside a transaction and a script',
    [
      load(SHOP),
      ['MULTI'],
      ['FCALL', 'put', '1', 'm', '1'],
      ['FCALL', 'peek', '1', 'm'],
      ['EXEC'],
      ['EVAL', "return redis.pcall('FCALL', 'peek', 1, 'm')", '0'],
      ['EVAL', "return redis.pcall('FUNCTION', 'LIST')", '0'],
    ],
  ],
]);

/** The other FUNCTION subcommands, and what FLUSHALL, FLUSHDB and SCRIPT FLUSH leave alone. */
export const FUNCTION_ADMIN_CASES = cases('function admin', [
  [
    'list options',
    [
      load(SHOP),
      ['FUNCTION', 'LIST', 'WITHCODE'],
      ['FUNCTION', 'LIST', 'libraryname', 'SH*'],
      ['FUNCTION', 'LIST', 'LIBRARYNAME', 'x*'],
      ['FUNCTION', 'LIST', 'LIBRARYNAME'],
      ['FUNCTION', 'LIST', 'WITHCODE', 'LIBRARYNAME', 's?op', 'WITHCODE'],
      ['FUNCTION', 'LIST', 'LIBRARYNAME', 'a', 'LIBRARYNAME', 'b'],
      ['FUNCTION', 'LIST', 'nope'],
    ],
  ],
  [
    'delete, flush, stats, kill, help',
    [
      load(SHOP),
      ['FUNCTION', 'STATS'],
      ['FUNCTION', 'DELETE', 'SHOP'],
      ['FUNCTION', 'DELETE', 'shop'],
      ['FUNCTION', 'DELETE', 'shop'],
      ['FUNCTION', 'DELETE'],
      ['FUNCTION', 'STATS'],
      ['FUNCTION', 'STATS', 'x'],
      load(SHOP),
      ['FUNCTION', 'FLUSH', 'now'],
      ['FUNCTION', 'FLUSH', 'sync', 'x'],
      ['FUNCTION', 'FLUSH', 'ASYNC'],
      ['FUNCTION', 'LIST'],
      ['FUNCTION', 'FLUSH'],
      ['FUNCTION', 'KILL'],
      ['FUNCTION', 'HELP'],
      ['FUNCTION', 'NOPE'],
      ['FUNCTION'],
      ['FUNCTION', 'RESTORE', 'x', 'y', 'z'],
    ],
  ],
  [
    'libraries outlive FLUSHALL, FLUSHDB and SCRIPT FLUSH',
    [
      load(SHOP),
      ['FLUSHALL'],
      ['FLUSHDB'],
      ['SCRIPT', 'FLUSH'],
      ['FCALL', 'put', '1', 'k', 'v'],
      ['FUNCTION', 'FLUSH'],
      ['FCALL', 'put', '1', 'k', 'v'],
      ['EVAL', 'return 1', '0'],
      ['SCRIPT', 'EXISTS', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db'],
      load(SHOP),
      ['FUNCTION', 'FLUSH'],
      ['SCRIPT', 'EXISTS', 'e0e1f9fabfc9d4800c877a703b823ac0578ff8db'],
    ],
  ],
  [
    'math.random runs on one generator for scripts and functions',
    [
      loadLib('rnd', "redis.register_function('rnd', function() return math.random(1000000) end)"),
      ['EVAL', 'return math.random(1000000)', '0'],
      ['FCALL', 'rnd', '0'],
      ['EVAL', 'return math.random(1000000)', '0'],
      ['FCALL', 'rnd', '0'],
    ],
  ],
  [
    'ACL on FCALL and FUNCTION',
    [
      load(SHOP),
      ['ACL', 'SETUSER', 'fnuser', 'on', 'nopass', '~own*', '+@all', '-function|load'],
      ['AUTH', 'fnuser', 'x'],
      ['FCALL', 'put', '1', 'own1', 'v'],
      ['FCALL', 'put', '1', 'other', 'v'],
      ['FCALL', 'put', '0'],
      load(SHOP),
      ['FUNCTION', 'LIST', 'LIBRARYNAME', 'nomatch'],
      ['AUTH', 'default', 'x'],
      ['ACL', 'DELUSER', 'fnuser'],
    ],
  ],
]);
