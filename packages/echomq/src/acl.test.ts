import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { BATCH_SHA, SINGLE_SHA } from './scripts/lesson-scripts.ts';
import { BATCH_SOURCE, SINGLE_SOURCE } from './scripts/lua-source.ts';
import { createServer, sha256Hex, type SimServer } from '@batch-lease/redis-sim';
import { echomqModule } from './module.ts';

// Texts below were read from a real redis-server 7.0.15 (see notes/acl-facts.md and
// the differential ACL suite, which checks the script path against it on every run).
const NOPERM_KEYS =
  'NOPERM this user has no permissions to access one of the keys used as arguments';
const SCRIPT_KEYS =
  "ERR The user executing the script can't access at least one of the keys mentioned in the command arguments";
const SCRIPT_CMD = "ERR The user executing the script can't run this command or subcommand";
const WRONGPASS = 'WRONGPASS invalid username-password pair or user is disabled.';
const PW_HASH = '30c952fab122c3f9759f02a6d95c3758b246b4fee239957b2d4fee46e26170c4';

function server(): SimServer {
  const s = createServer({ now: () => 1_700_000_000_000, modules: [echomqModule()] });
  s.call(['SCRIPT', 'LOAD', BATCH_SOURCE]);
  s.call(['SCRIPT', 'LOAD', SINGLE_SOURCE]);
  s.call(['HSET', 'emq:{q}:job:A', 'attempts', '1']);
  s.call(['ZADD', 'emq:{q}:active', '5', 'A']);
  return s;
}

function as(s: SimServer, name: string, ...rules: string[]) {
  expect(s.call(['ACL', 'SETUSER', name, 'on', 'nopass', ...rules])).toEqual({ status: 'OK' });
  return s.connect(name);
}

const batch = ['EVALSHA', BATCH_SHA, '2', 'emq:{q}:active', 'emq:{q}:', '1000', 'A', '1'];
const single = ['EVALSHA', SINGLE_SHA, '2', 'emq:{q}:active', 'emq:{q}:job:A', '1000', 'A', '1'];
const inScript = (text: string, line: number) => ({
  error: `${text} script: ${BATCH_SHA}, on @user_script:${line}.`,
});

describe('sha256Hex', () => {
  test.each(['pw', '', 'a'.repeat(200), 'é日本', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64)])(
    'agrees with node:crypto on %j',
    (text) => {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    },
  );
});

describe('the lead’s facts table (redis-server 7.0.15)', () => {
  const row = '%R~emq:{q}:job:*';
  test.each([
    [
      'rows read-only, active and base full: served',
      [row, '~emq:{q}:active', '~emq:{q}:'],
      batch,
      [],
    ],
    [
      'the same user may not write a row directly',
      [row, '~emq:{q}:active', '~emq:{q}:'],
      ['HSET', 'emq:{q}:job:A', 'lease_epoch', 'x'],
      { error: NOPERM_KEYS },
    ],
    [
      'the single script declares the row, which needs read and write',
      [row, '~emq:{q}:active', '~emq:{q}:'],
      single,
      { error: NOPERM_KEYS },
    ],
    [
      'no base pattern: the declared base refuses the EVALSHA',
      [row, '~emq:{q}:active'],
      batch,
      { error: NOPERM_KEYS },
    ],
    [
      'rows write-only: HGET needs read',
      ['%W~emq:{q}:job:*', '~emq:{q}:active', '~emq:{q}:'],
      batch,
      inScript(SCRIPT_KEYS, 17),
    ],
    ['-zadd: refused at the ZADD', ['-zadd', '~*'], batch, inScript(SCRIPT_CMD, 21)],
    ['-hget: refused at the HGET', ['-hget', '~*'], batch, inScript(SCRIPT_CMD, 17)],
    ['-time: refused at the clock read', ['-time', '~*'], batch, inScript(SCRIPT_CMD, 7)],
    ['read-only everywhere: the declared keys refuse', ['%R~*'], batch, { error: NOPERM_KEYS }],
    [
      'read-only everywhere: ZADD at top level',
      ['%R~*'],
      ['ZADD', 'emq:{q}:active', '1', 'A'],
      { error: NOPERM_KEYS },
    ],
    [
      'read-only everywhere: a script without keys loads',
      ['%R~*'],
      ['SCRIPT', 'LOAD', 'return 1'],
      'e0e1f9fabfc9d4800c877a703b823ac0578ff8db',
    ],
    [
      'no row pattern: refused at the HGET',
      ['~emq:{q}:active', '~emq:{q}:'],
      batch,
      inScript(SCRIPT_KEYS, 17),
    ],
  ])('%s', (_name, rules, cmd, reply) => {
    const s = server();
    const c = as(s, 'u', '+@all', ...rules);
    expect(c.call(cmd)).toEqual(reply);
  });

  test('-@all +get: EVALSHA is a command the user may not run', () => {
    const c = as(server(), 'u', '~*', '-@all', '+get');
    expect(c.call(batch)).toEqual({
      error: "NOPERM this user has no permissions to run the 'evalsha' command",
    });
    expect(c.call(['SCRIPT', 'LOAD', 'return 1'])).toEqual({
      error: "NOPERM this user has no permissions to run the 'script|load' command",
    });
    expect(c.call(['ACL', 'WHOAMI'])).toEqual({
      error: "NOPERM this user has no permissions to run the 'acl|whoami' command",
    });
  });

  test('AUTH: WRONGPASS for an off user and for a wrong password; a right one switches the user', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'off1', 'off', '>pw', '+@all', '~*']);
    s.call(['ACL', 'SETUSER', 'ro', 'on', '>pw', '+@all', '~*']);
    const c = s.connect();
    expect(c.call(['AUTH', 'off1', 'pw'])).toEqual({ error: WRONGPASS });
    expect(c.call(['AUTH', 'ro', 'nope'])).toEqual({ error: WRONGPASS });
    expect(c.call(['AUTH', 'ghost', 'pw'])).toEqual({ error: WRONGPASS });
    expect(c.call(['ACL', 'WHOAMI'])).toBe('default');
    expect(c.call(['AUTH', 'ro', 'pw'])).toEqual({ status: 'OK' });
    expect(c.call(['ACL', 'WHOAMI'])).toBe('ro');
    expect(c.user).toBe('ro');
  });

  test('AUTH: the one-word form, and too many words', () => {
    const c = server().connect();
    expect(c.call(['AUTH', 'x'])).toEqual({
      error:
        'ERR AUTH <password> called without any password configured for the default user. Are you sure your configuration is correct?',
    });
    expect(c.call(['AUTH', 'a', 'b', 'c'])).toEqual({ error: 'ERR syntax error' });
  });

  test('AUTH runs whatever the rules say, and never from a script', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'p2', 'on', '>pw', '+@all', '~*']);
    const c = as(s, 'p1', '-@all', '+get', '~*');
    expect(c.call(['AUTH', 'p2', 'pw'])).toEqual({ status: 'OK' });
    expect(c.call(['ACL', 'WHOAMI'])).toBe('p2');
  });
});

describe('ACL SETUSER', () => {
  const modifierError = (op: string, why: string) => ({
    error: `ERR Error in ACL SETUSER modifier '${op}': ${why}`,
  });
  test.each([
    ['bogus', 'Syntax error'],
    ['+@foo', 'Unknown command or category name in ACL'],
    ['+nosuch', 'Unknown command or category name in ACL'],
    ['+script|nosuch', 'Unknown command or category name in ACL'],
    ['%X~x', 'Syntax error'],
    ['%~x', 'Syntax error'],
    ['%RR~x', 'Syntax error'],
    ['<nope', 'The password you are trying to remove from the user does not exist'],
    [
      '#abc',
      'The password hash must be exactly 64 characters and contain only lowercase hexadecimal characters',
    ],
  ])('refuses %s as Redis does', (op, why) => {
    const s = server();
    expect(s.call(['ACL', 'SETUSER', 'u2', op])).toEqual(modifierError(op, why));
    // a refused SETUSER creates nothing
    expect(s.call(['ACL', 'USERS'])).toEqual(['default']);
  });

  test('a pattern after allkeys is refused, and the user is left as it was', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'k', 'on']);
    expect(s.call(['ACL', 'SETUSER', 'k', 'off', 'allkeys', '~x'])).toEqual(
      modifierError(
        '~x',
        "Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and does not have any effect. Try 'resetkeys' to start with an empty list of patterns",
      ),
    );
    expect(s.call(['ACL', 'LIST'])).toContain('user k on resetchannels -@all');
  });

  test('names with spaces, and a missing name', () => {
    const s = server();
    expect(s.call(['ACL', 'SETUSER', 'a b', 'on'])).toEqual({
      error: "ERR Usernames can't contain spaces or null characters",
    });
    expect(s.call(['ACL', 'SETUSER'])).toEqual({
      error: "ERR wrong number of arguments for 'acl|setuser' command",
    });
    expect(s.call(['ACL', 'FOO'])).toEqual({
      error: "ERR unknown subcommand 'FOO'. Try ACL HELP.",
    });
  });

  test('the simulator says what it does not model, in the modifier error', () => {
    const s = server();
    // selectors are what it leaves out; every category is modelled (acl-rule-cases.ts)
    expect(s.call(['ACL', 'SETUSER', 'c', '(+get ~k)'])).toEqual(
      modifierError('(+get ~k)', 'the simulator does not model selectors'),
    );
    expect(s.call(['ACL', 'SETUSER', 'c', '+@read'])).toEqual({ status: 'OK' });
  });

  test('ACL LIST reads as the real server’s for the shapes the lesson uses', () => {
    const s = server();
    const set = (...a: string[]) =>
      expect(s.call(['ACL', 'SETUSER', ...a])).toEqual({ status: 'OK' });
    set('u1', 'on', 'nopass', '+@all', '%R~a*', '%W~a*', '~b');
    set('u3', '>pw', 'on', '~*', '+get');
    set('a2', '~*', '~*');
    set('a4', '%R~*', '~x', '%W~x');
    set('a7', '-@all', '+get', '+@all');
    set('a8', '>pw', 'nopass');
    set('a9', 'nopass', '>pw');
    set('a10', 'on', '>pw', 'resetpass');
    set('a12', 'allkeys', 'resetkeys', '%W~k', 'allcommands', 'nocommands', '+zadd', '&*');
    set('a13', 'reset');
    set('a16', '-script|load', '+script');
    set('a17', '+@all', '-script|load');
    set('p1', 'reset', 'on', '>pw', '-@all', '+get', '+evalsha', '~*');
    set('p2', 'reset', 'on', 'nopass', '+@all', '%R~r*', '%W~w*');
    set('ro', 'on', 'nopass', '+@all', '%R~emq:{q}:job:*', '~emq:{q}:active', '~emq:{q}:');
    expect(s.call(['ACL', 'LIST'])).toEqual([
      'user a10 on resetchannels -@all',
      'user a12 off %W~k &* -@all +zadd',
      'user a13 off sanitize-payload resetchannels -@all',
      'user a16 off resetchannels -@all +script',
      'user a17 off resetchannels +@all -script|load',
      'user a2 off ~* resetchannels -@all',
      'user a4 off %R~* ~x resetchannels -@all',
      'user a7 off resetchannels +@all',
      'user a8 off nopass resetchannels -@all',
      `user a9 off #${PW_HASH} resetchannels -@all`,
      'user default on nopass ~* &* +@all',
      `user p1 on sanitize-payload #${PW_HASH} ~* resetchannels -@all +get +evalsha`,
      'user p2 on nopass sanitize-payload %R~r* %W~w* resetchannels +@all',
      'user ro on nopass %R~emq:{q}:job:* ~emq:{q}:active ~emq:{q}: resetchannels +@all',
      'user u1 on nopass ~a* ~b resetchannels +@all',
      `user u3 on #${PW_HASH} ~* resetchannels -@all +get`,
    ]);
  });
});

describe('key permissions', () => {
  test('one pattern must grant all a key needs; TYPE and EXISTS need neither', () => {
    const c = as(server(), 'p2', '+@all', '%R~r*', '%W~w*');
    expect(c.call(['SET', 'r1', 'x'])).toEqual({ error: NOPERM_KEYS });
    expect(c.call(['GET', 'w1'])).toEqual({ error: NOPERM_KEYS });
    expect(c.call(['GET', 'r1'])).toBeNull();
    expect(c.call(['DEL', 'r1', 'w1'])).toEqual({ error: NOPERM_KEYS });
    expect(c.call(['EXISTS', 'w1'])).toBe(0);
    expect(c.call(['TYPE', 'r1'])).toEqual({ status: 'none' });
    expect(c.call(['ZADD', 'w1', '1', 'm'])).toBe(1);
    expect(c.call(['SET', 'rw', 'x', 'GET'])).toEqual({ error: NOPERM_KEYS });
  });

  test('ACL runs the check before NOSCRIPT and numkeys', () => {
    const c = as(server(), 'p2', '+@all', '%R~r*', '%W~w*');
    expect(c.call(['EVALSHA', 'abc', '1', 'r1'])).toEqual({ error: NOPERM_KEYS });
    expect(c.call(['EVAL', 'return 1', '1', 'r1'])).toEqual({ error: NOPERM_KEYS });
    // a bad numkeys declares no keys, so the command's own error comes first
    expect(c.call(['EVAL', 'return 1', '5', 'r1'])).toEqual({
      error: "ERR Number of keys can't be greater than number of args",
    });
  });

  test('patterns are globs: classes and escapes', () => {
    const c = as(server(), 'g', '+@all', '~job:[a-c]?', '~lit\\*');
    expect(c.call(['GET', 'job:b1'])).toBeNull();
    expect(c.call(['GET', 'job:d1'])).toEqual({ error: NOPERM_KEYS });
    expect(c.call(['GET', 'lit*'])).toBeNull();
    expect(c.call(['GET', 'litx'])).toEqual({ error: NOPERM_KEYS });
  });
});

describe('users across the server’s life', () => {
  test('clone and snapshot carry the users', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'ro', 'on', 'nopass', '%R~*', '+@all']);
    const copy = s.clone();
    expect(copy.connect('ro').call(['ZADD', 'z', '1', 'a'])).toEqual({ error: NOPERM_KEYS });
    copy.call(['ACL', 'SETUSER', 'ro', 'allkeys']);
    expect(s.connect('ro').call(['ZADD', 'z', '1', 'a'])).toEqual({ error: NOPERM_KEYS });
  });

  test('a restart forgets users made at run time unless they were saved', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'ro', 'on', 'nopass', '%R~*', '+@all']);
    s.restart({ keepUsers: true });
    expect(s.call(['ACL', 'USERS'])).toEqual(['default', 'ro']);
    s.restart();
    expect(s.call(['ACL', 'USERS'])).toEqual(['default']);
    expect(s.connect('ro').call(['GET', 'x'])).toEqual({
      error:
        "ERR this connection's user 'ro' no longer exists (a real server would have closed the connection)",
    });
  });

  test('ACL DELUSER', () => {
    const s = server();
    s.call(['ACL', 'SETUSER', 'a']);
    expect(s.call(['ACL', 'DELUSER', 'a', 'b'])).toBe(1);
    expect(s.call(['ACL', 'DELUSER', 'default'])).toEqual({
      error: "ERR The 'default' user cannot be removed",
    });
  });

  test('ACL WHOAMI takes no arguments', () => {
    const s = server();
    expect(s.call(['ACL', 'WHOAMI', 'x'])).toEqual({
      error: "ERR wrong number of arguments for 'acl|whoami' command",
    });
  });
});
