import { describe, expect, test } from 'vitest';
import { createServer, splitArgs } from '@batch-lease/redis-sim';
import { exportCommands } from './export.ts';
import { completionNames } from './help.ts';
import { ConsoleSession, MAX_LINE_BYTES, type LogLine } from './session.ts';
import {
  MAX_SHARED_CHARS,
  decodeShared,
  decodeSharedHash,
  encodeShared,
  keepingShared,
  movedToHash,
  withShared,
  withoutShared,
} from './share.ts';

const outputs = (s: ConsoleSession, line: string) =>
  s
    .run(line)
    .lines.filter((l) => l.kind === 'output')
    .map((l) => l.text);

/** What Copy all puts on the clipboard for `line`'s cut note, made as the worker makes it. */
function copiedOf(s: ConsoleSession, line: LogLine): string {
  const text = s.copies.text(line.copy!);
  if (!('parts' in text)) throw new Error(`the copy is gone (${text.gone})`);
  return text.parts.join('');
}

/** `line` run on a fresh console: the texts of its output lines, its last line, and the console. */
function printedBy(line: string) {
  const s = new ConsoleSession(createServer());
  const { lines } = s.run(line);
  return {
    s,
    out: lines.filter((l) => l.kind === 'output').map((l) => l.text),
    last: lines.at(-1)!,
  };
}

describe("redis-cli's line parser (sdssplitargs)", () => {
  test.each([
    ['set a b', ['set', 'a', 'b']],
    ['  get   "two words"  ', ['get', 'two words']],
    ['echo "a\\nb\\t\\"q\\" \\\\ \\z"', ['echo', 'a\nb\t"q" \\ z']],
    ['echo "\\xe2\\x82\\xac" "\\xZZ"', ['echo', '€', 'xZZ']],
    ["echo 'it\\'s' 'a\\nb'", ['echo', "it's", 'a\\nb']],
    ['echo ab"cd ef"', ['echo', 'abcd ef']],
    ['echo ""', ['echo', '']],
  ])('%j', (line, args) => {
    expect(splitArgs(line)).toEqual({ ok: true, args });
  });
  test.each(['echo "open', "echo 'open", 'echo "a"b', "echo 'a'b"])('%j is invalid', (line) => {
    expect(splitArgs(line)).toEqual({ ok: false, reason: 'unbalanced' });
  });
  test('bytes that are not UTF-8 are sent as the bytes they are', () => {
    expect(splitArgs('set k "\\xff\\xc3\\xa9"')).toEqual({
      ok: true,
      args: ['set', 'k', '\udcffé'],
    });
  });
});

describe('the console session', () => {
  test('repeat counts as redis-cli reads them', () => {
    const s = new ConsoleSession(createServer());
    expect(outputs(s, '3 INCR n')).toEqual(['(integer) 1', '(integer) 2', '(integer) 3']);
    expect(outputs(s, '0 PING')).toEqual(['Invalid redis-cli repeat command option value.']);
    expect(outputs(s, '"" PING')).toEqual(['Invalid redis-cli repeat command option value.']);
    expect(outputs(s, '5')).toEqual([
      "(error) ERR unknown command '5', with args beginning with: ",
    ]);
  });

  test('a run names its command word (never its arguments) and whether the server said no', () => {
    const s = new ConsoleSession(createServer());
    expect(s.run('set secret-key "my words"')).toMatchObject({ command: 'SET', error: false });
    expect(s.run('3 incr secret-key')).toMatchObject({ command: 'INCR', error: true });
    expect(s.run('help get')).toMatchObject({ command: 'HELP', error: false });
    expect(s.run('')).toMatchObject({ command: null, error: false });
    expect(s.run('echo "open')).toMatchObject({ command: null, error: false });
  });

  test('a command of a group left out is named with its group, and not sent', () => {
    const s = new ConsoleSession(createServer());
    const notes = (line: string) =>
      s
        .run(line)
        .lines.filter((l) => l.kind === 'note')
        .map((l) => l.text);
    const left = (name: string, group: string) => [
      `${name} is a Redis 7.0 command of a group the simulator leaves out (${group}); nothing was sent.`,
    ];
    expect(notes('DUMP k')).toEqual(left('DUMP', 'the binary DUMP/RESTORE payloads'));
    expect(notes('RESTORE k 0 x')).toEqual(left('RESTORE', 'the binary DUMP/RESTORE payloads'));
    expect(notes('MIGRATE h 1 k 0 5')).toEqual(
      left('MIGRATE', 'the binary DUMP/RESTORE payloads, sent to another server'),
    );
    expect(notes('move k 1')).toEqual(
      left('MOVE', 'other databases: the simulator has database 0 only'),
    );
    expect(notes('WAIT 1 0')).toEqual(left('WAIT', 'replication'));
    expect(notes('PUBLISH c m')).toEqual(left('PUBLISH', 'pub/sub'));
    expect(notes('PFADD h a')).toEqual(left('PFADD', 'HyperLogLog'));
    // the commands now simulated are sent
    expect(notes('SORT nokey')).toEqual([]);
    expect(outputs(s, 'ZUNIONSTORE d 1 nokey')).toEqual(['(integer) 0']);
  });

  test('the blocking sorted-set pops answer at once from a set, and otherwise wait', () => {
    const s = new ConsoleSession(createServer());
    s.run('ZADD z 1 a 2 b');
    expect(outputs(s, 'BZPOPMAX none z 5')).toEqual(['1) "z"', '2) "b"', '3) "2"']);
    expect(s.run('BZPOPMIN none 2').wait).toMatchObject({ command: 'BZPOPMIN', timeoutMs: 2000 });
    expect(s.run('BZMPOP 0 1 none MIN').wait).toMatchObject({ command: 'BZMPOP', until: null });
  });

  test('FUNCTION LOAD and FCALL run, HELP and Tab know them, and what FCALL wrote is shown', () => {
    const server = createServer();
    const s = new ConsoleSession(server);
    const code = `"#!lua name=shop\\nredis.register_function('put', function(k, a) return redis.call('SET', k[1], a[1]) end)"`;
    expect(outputs(s, `FUNCTION LOAD ${code}`)).toEqual(['"shop"']);
    const ran = s.run('FCALL put 1 greeting hello');
    expect(ran.lines.filter((l) => l.kind === 'output').map((l) => l.text)).toEqual(['OK']);
    expect(ran.lines.some((l) => l.kind === 'change' && l.text.includes('greeting'))).toBe(true);
    expect(outputs(s, 'FCALL_RO put 1 greeting x')).toEqual([
      '(error) ERR Can not execute a script with write flag using *_ro command.',
    ]);
    expect(completionNames(server)).toEqual(
      expect.arrayContaining([
        'FCALL',
        'FCALL_RO',
        'FUNCTION LOAD',
        'FUNCTION LIST',
        'COMMAND DOCS',
      ]),
    );
    expect(outputs(s, 'HELP FCALL').join('\n')).toContain('FCALL function numkeys');
  });

  test('MULTI shows (TX) in the prompt and EXEC answers the queue', () => {
    const s = new ConsoleSession(createServer());
    expect(outputs(s, 'MULTI')).toEqual(['OK']);
    expect(s.prompt()).toBe('127.0.0.1:6379(TX)> ');
    expect(outputs(s, 'SET a 1')).toEqual(['QUEUED']);
    expect(outputs(s, 'EXEC')).toEqual(['1) OK']);
    expect(s.prompt()).toBe('127.0.0.1:6379> ');
  });

  test('SHUTDOWN restarts the server with a new run_id, keeps the keyspace, and reconnects as default', () => {
    const server = createServer({ runId: 'a'.repeat(40) });
    const s = new ConsoleSession(server);
    s.run('SET k v');
    s.run('SCRIPT LOAD "return 1"');
    const r = s.run('SHUTDOWN');
    expect(r.lines.filter((l) => l.kind === 'output')).toEqual([]);
    expect(r.lines.at(-1)?.text).toMatch(/restarted with run_id [0-9a-f]{40}/);
    expect(server.runId).not.toBe('a'.repeat(40));
    expect(outputs(s, 'INFO server').find((l) => l.startsWith('run_id:'))).toBe(
      `run_id:${server.runId}`,
    );
    expect(outputs(s, 'GET k')).toEqual(['"v"']);
    expect(outputs(s, 'SCRIPT EXISTS e0e1f9fabfc9d4800c877a703b823ac0578ff8db')).toEqual([
      '1) (integer) 0',
    ]);
    s.run('SHUTDOWN NOSAVE');
    expect(outputs(s, 'DBSIZE')).toEqual(['(integer) 0']);
  });

  test('keys expire on the server clock, and the export leaves expired keys out', () => {
    let now = 1_000_000;
    const server = createServer({ now: () => now });
    const s = new ConsoleSession(server);
    s.run('SET k v PX 1500');
    s.run('SET keep v');
    expect(outputs(s, 'TTL k')).toEqual(['(integer) 2']);
    now += 1_000;
    expect(outputs(s, 'PTTL k')).toEqual(['(integer) 500']);
    expect(exportCommands(server).filter((l) => !l.startsWith('SCRIPT'))).toEqual([
      'SET k v',
      'PEXPIRE k 500',
      'SET keep v',
    ]);
    // at its exact time the key is still there, as 7.0's keyIsExpired asks now > when
    now += 500;
    expect(outputs(s, 'PTTL k')).toEqual(['(integer) 0']);
    now += 1;
    expect(exportCommands(server).filter((l) => !l.startsWith('SCRIPT'))).toEqual(['SET keep v']);
    expect(outputs(s, 'EXISTS k')).toEqual(['(integer) 0']);
  });

  test('a line over the limit is refused before anything runs', () => {
    const s = new ConsoleSession(createServer());
    const r = s.run(`SET k ${'x'.repeat(MAX_LINE_BYTES)}`);
    expect(r.refused).toBe(true);
    expect(outputs(s, 'DBSIZE')).toEqual(['(integer) 0']);
  });

  test('HELLO 3 says the simulator speaks RESP2 only', () => {
    const s = new ConsoleSession(createServer());
    expect(outputs(s, 'HELLO 3')).toEqual([
      '(error) ERR the simulator speaks RESP2 only: HELLO 3 (RESP3) is not simulated',
    ]);
  });
});

/** A link as the console wrote it before lines moved to the hash: every line, in the query. */
const encodeOld = (step: number, lines: string[]) =>
  Buffer.from(JSON.stringify([step, lines])).toString('base64url');

describe('the shared link', () => {
  test('the link round-trips in the hash, beside the stepper’s state, and stays bounded', () => {
    const lines = ['SET a 1', 'GET a'];
    const stepper = '#stepper?preset=default&x=script&k=3';
    const hash = withShared(stepper, { step: 3, lines });
    expect(hash.startsWith(`${stepper}&console=`)).toBe(true);
    expect(decodeSharedHash(hash)).toEqual({ step: 3, lines });
    expect(withoutShared(hash)).toBe(stepper);
    // the stepper rewrites its part; the console's lines stay
    const next = keepingShared('#stepper?preset=default&x=script&k=9', hash);
    expect(decodeSharedHash(next)).toEqual({ step: 3, lines });
    expect(withoutShared(next)).toBe('#stepper?preset=default&x=script&k=9');
    // with no stepper state yet, the lines stand alone
    expect(decodeSharedHash(withShared('', { step: 0, lines }))).toEqual({ step: 0, lines });
    expect(withShared(hash, null)).toBe(stepper);
    const many = Array.from({ length: 400 }, (_, i) => `SET key:${i} ${'v'.repeat(80)}`);
    const { value, dropped } = encodeShared({ step: 0, lines: many });
    expect(value.length).toBeLessThanOrEqual(MAX_SHARED_CHARS);
    expect(dropped).toBeGreaterThan(350);
    expect(decodeShared(`?console=${value}`)?.lines.at(-1)).toBe(many.at(-1));
    expect(decodeShared('?console=not*base64')).toBeNull();
  });

  test('a password line never enters a link, and an old query link moves into the hash', () => {
    const lines = [
      'AUTH reader s3cret',
      'GET a',
      'HELLO 3 AUTH reader s3cret',
      'CONFIG SET requirepass x',
    ];
    const hash = withShared('#stepper?k=1', { step: 1, lines });
    expect(decodeSharedHash(hash)).toEqual({ step: 1, lines: ['GET a'] });
    // only password lines: no link at all
    expect(withShared('#stepper?k=1', { step: 1, lines: ['AUTH s3cret'] })).toBe('#stepper?k=1');
    // an old link: `?console=` (which server logs keep) becomes the hash's, passwords dropped
    const old = `?x=1&console=${encodeOld(1, lines)}`;
    const moved = movedToHash({ pathname: '/batch/', search: old, hash: '#stepper?k=1' });
    expect(moved).toMatch(/^\/batch\/\?x=1#stepper\?k=1&console=/);
    expect(decodeSharedHash(moved!.slice(moved!.indexOf('#')))).toEqual({
      step: 1,
      lines: ['GET a'],
    });
    expect(movedToHash({ pathname: '/', search: '?x=1', hash: '' })).toBeNull();
  });
});

describe('limits a typed line cannot pass', () => {
  test('a reply of 200,000 lines shows its first 10,000 and offers the rest to copy', () => {
    const s = new ConsoleSession(createServer());
    const r = s.run('EVAL "local t = {} for i = 1, 200000 do t[i] = i end return t" 0');
    const out = r.lines.filter((l) => l.kind === 'output');
    expect(out).toHaveLength(10_000);
    expect(out[9_999]!.text).toBe(' 10000) (integer) 10000');
    const cut = r.lines.at(-1)!;
    expect(cut.text).toBe('200,000 lines; showing the first 10,000');
    const copied = copiedOf(s, cut).split('\n');
    expect(copied).toHaveLength(200_001);
    expect(copied[0]).toBe('     1) (integer) 1');
    expect(copied[199_999]).toBe('200000) (integer) 200000');
    expect(copied[200_000]).toBe('');
    // the console answers the next line as before
    expect(outputs(s, 'PING')).toEqual(['PONG']);
  });

  test('a line of a megabyte shows its first 10,000 characters, and Copy all holds it whole', () => {
    const s = new ConsoleSession(createServer());
    const r = s.run(`EVAL "return string.rep('x', 1000000)" 0`);
    const out = r.lines.filter((l) => l.kind === 'output');
    expect(out).toHaveLength(1);
    expect(out[0]!.text).toBe(`"${'x'.repeat(9_999)}…`);
    const cut = r.lines.at(-1)!;
    expect(cut.text).toBe('A line of 1,000,002 characters; showing the first 10,000 of each line');
    expect(copiedOf(s, cut)).toBe(`"${'x'.repeat(1_000_000)}"\n`);
    // the change it makes quotes the value too, and is cut alike
    const set = s.run(`EVAL "redis.call('SET', 'big', string.rep('y', 1000000))" 0`);
    const change = set.lines.find((l) => l.kind === 'change')!;
    expect(change.text).toBe('+ "big" created (string)');
    const changed = s.run(`EVAL "redis.call('SET', 'big', string.rep('z', 1000000))" 0`);
    const line = changed.lines.find((l) => l.kind === 'change')!.text;
    expect(line).toHaveLength(10_001);
    expect(line).toMatch(/^~ "big" \(string\): "y+…$/);
    expect(outputs(s, 'PING')).toEqual(['PONG']);
  });

  // a table of one string's references is a reply of a gigabyte: formatted whole, it was
  // more than a JavaScript string can hold, and the line ended in the simulator's fault
  test('a reply naming a megabyte string a thousand times shows its first lines cut, and counts the rest', () => {
    const { s, out, last } = printedBy(
      `EVAL "local s = string.rep('x', 1000000) local t = {} for i = 1, 1000 do t[i] = s end return t" 0`,
    );
    // each line is its label (`   1) `, six characters) and the string quoted, cut at 10,000:
    // 10,001 characters shown, so a hundred fill the line's shown characters (MAX_SHOWN_CHARS)
    expect(out).toHaveLength(100);
    expect(out[0]).toBe(`   1) "${'x'.repeat(9_993)}…`);
    expect(out[99]).toBe(` 100) "${'x'.repeat(9_993)}…`);
    expect(last.text).toBe(
      '1,000 lines; showing the first 100; a line of 1,000,008 characters; showing the first ' +
        '10,000 of each line (too long to keep a copy of)',
    );
    expect(outputs(s, 'PING')).toEqual(['PONG']);
  });

  test('past the shown lines and the copy, a reply of nested arrays is counted, not formatted', () => {
    // 4,000 items of 3 lines each (the empty array is one), each naming the megabyte string:
    // 12,000 lines, 4 GB whole
    const { out, last } = printedBy(
      `EVAL "local s = string.rep('x', 1000000) local e = {s, {}, {err = 'E'}} ` +
        `local t = {} for i = 1, 4000 do t[i] = e end return t" 0`,
    );
    const quoted = `"${'x'.repeat(9_990)}…`;
    expect(out.slice(0, 4)).toEqual([
      `   1) 1) ${quoted}`,
      '      2) (empty array)',
      '      3) (error) E',
      `   2) 1) ${quoted}`,
    ]);
    // an item shows 10,041 characters: 99 of them and the next one's first line fill a million
    expect(out).toHaveLength(298);
    expect(out[297]).toBe(` 100) 1) ${quoted}`);
    expect(last.text).toBe(
      '12,000 lines; showing the first 298; a line of 1,000,011 characters; showing the ' +
        'first 10,000 of each line (too long to keep a copy of)',
    );
  });

  test('lines that together pass a million characters are shown up to it, and all kept to copy', () => {
    // 2,000 lines of 1,008 characters: two megabytes whole
    const { s, out, last } = printedBy(
      `EVAL "local s = string.rep('y', 1000) local t = {} for i = 1, 2000 do t[i] = s end return t" 0`,
    );
    expect(out).toHaveLength(993);
    expect(last.text).toBe('2,000 lines; showing the first 993');
    const copied = copiedOf(s, last).split('\n');
    expect(copied).toHaveLength(2_001);
    expect(copied[1_999]).toBe(`2000) "${'y'.repeat(1_000)}"`);
  });

  // These two run until the line's time limit stops them: a short one (the page gives its own
  // session a shorter one too) spares ten seconds of a busy loop, and what they check, that the
  // repeats share one limit and end at the first stop, does not hang on its length. The browser
  // suite types a repeat of an endless script against the shipped LINE_TIME_LIMIT_MS
  // (e2e/console-hostile-link.spec.ts).
  const SHORT_LIMIT_MS = 200;

  test("a repeat count shares one line's budget: the repeats stop when it is spent", () => {
    const s = new ConsoleSession(createServer(), 'default', SHORT_LIMIT_MS);
    // each repeat ends well within the limit (100,000 steps), all of them together do not: a
    // limit held to each repeat alone would run them all (the one the limit meets may be
    // stopped inside the script or before it starts, so the note may say either)
    const r = s.run('1000 EVAL "for i = 1, 1e5 do end return 1" 0');
    const replies = r.lines.filter((l) => l.kind === 'output');
    expect(replies[0]!.text).toBe('(integer) 1');
    expect(replies.length).toBeLessThan(1000);
    expect(r.lines.at(-1)!.text).toMatch(/^The console ran this [\d,]+ of 1,000 times: /);
    expect(outputs(s, 'PING')).toEqual(['PONG']);
  });

  test('a repeat of an endless script ends at its first stop', () => {
    const s = new ConsoleSession(createServer(), 'default', SHORT_LIMIT_MS);
    const r = s.run('10000 EVAL "while true do end" 0');
    const replies = r.lines.filter((l) => l.kind === 'output');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/^\(error\) ERR the simulator stopped script /);
  });

  // the script ended; its reply (a gigabyte, one string named a thousand times) is what the
  // line's limit stopped as it was read back: a real server would send it and go on to the next
  // repeat, so the note must not say it would still be running the script
  test('a repeat whose reply the limit stopped as it was read back says the line reached its limit', () => {
    // a time limit of 0: the script's few steps never read the clock, the read-back does
    const s = new ConsoleSession(createServer(), 'default', 0);
    const r = s.run(
      `3 EVAL "local s = string.rep('x', 1000000) local t = {} for i = 1, 1000 do t[i] = s end return t" 0`,
    );
    const replies = r.lines.filter((l) => l.kind === 'output');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(
      /^\(error\) ERR the simulator stopped script [0-9a-f]{40} after 0 seconds as it read back its reply: the script ran to its end/,
    );
    expect(r.limited).toBe(true);
    expect(r.lines.at(-1)!.text).toBe(
      'The console ran this 1 of 3 times: the line reached its limit (1,000,000,000 script ' +
        'steps or 0 seconds for all its repeats). A real server would run them all; the ' +
        'simulator stops here so the page stays usable.',
    );
    expect(outputs(s, 'PING')).toEqual(['PONG']);
  });
});

describe('HELP, Tab and the not-simulated note follow the hash and list commands', () => {
  const server = createServer();
  const s = new ConsoleSession(server);

  test('HELP @list and HELP @hash list every list and hash command, the blocking ones too', () => {
    const list = outputs(s, 'HELP @list').join('\n');
    for (const name of ['BLPOP', 'BLMPOP', 'BRPOPLPUSH', 'LINSERT', 'LPOS', 'LMPOP', 'RPUSHX']) {
      expect(list).toContain(`  ${name} `);
    }
    const hash = outputs(s, 'HELP @hash').join('\n');
    for (const name of ['HINCRBYFLOAT', 'HRANDFIELD', 'HSTRLEN'])
      expect(hash).toContain(`  ${name} `);
  });

  test('Tab completes them, and they are sent, not noted as missing', () => {
    expect(completionNames(server)).toEqual(
      expect.arrayContaining(['BLMOVE', 'HRANDFIELD', 'LTRIM', 'LSET']),
    );
    expect(outputs(s, 'LPOS nothing x')).toEqual(['(nil)']);
    expect(outputs(s, 'HSTRLEN nothing f')).toEqual(['(integer) 0']);
  });
});
