import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isSensitive, isSensitiveBySplit } from './sensitive.ts';

/** A line as long as the console takes (64 KB), its words after `head`. */
const long = (head: string, tail = '') => `${head} ${'x'.repeat(64 * 1024 - 64)} ${tail}`;

describe('lines that carry a password (redis-cli’s isSensitiveCommand)', () => {
  test.each([
    'AUTH pw',
    'AUTH reader pw',
    '2 auth x',
    '"AUTH" pw',
    "'auth' 'pw'",
    'HELLO 2 AUTH reader pw',
    'hello 3 setname me auth reader pw',
    'HELLO AUTH reader pw',
    'acl setuser bob on >pw ~* +@all',
    'acl setuser bob >pw',
    'ACL SETUSER bob #5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8',
    'ACL GETUSER bob',
    'ACL DELUSER bob',
    'CONFIG SET requirepass pw',
    'config set maxmemory 10mb masterauth pw',
    'CONFIG SET tls-key-file-pass pw',
    'MIGRATE h 6379 "" 0 5000 AUTH pw KEYS a',
    'MIGRATE h 6379 k 0 5000 COPY AUTH2 user pw',
    'SENTINEL CONFIG SET sentinel-pass pw',
    'SENTINEL SET mymaster auth-pass pw',
    'AUTH "unclosed pw',
    '  \t"auth" pw',
    'AU"TH" pw',
    '3\tAUTH pw',
    "'3' AUTH pw",
    long('HELLO 3 SETNAME', 'AUTH reader pw'),
    long('CONFIG SET maxmemory', 'requirepass pw'),
    long('AUTH'),
  ])('%j is sensitive', (line) => expect(isSensitive(line)).toBe(true));

  test.each([
    'GET auth',
    'SET password auth',
    'HELLO 3',
    'HELLO 2 SETNAME me',
    'ACL WHOAMI',
    'ACL LIST',
    'CONFIG SET maxmemory 10mb',
    'CONFIG GET requirepass',
    'MIGRATE h 6379 k 0 5000 KEYS a b',
    'ECHO "AUTH pw"',
    '',
    '   ',
    '3',
    '3 ',
    'authx pw',
    long('SET k'),
    long('SET k', 'AUTH pw'),
    long('5 set "a b"', 'AUTH pw'),
    long('HELLO 3 SETNAME'),
  ])('%j is not', (line) => expect(isSensitive(line)).toBe(false));

  // the first word decides where it can: only a command that can carry a password is split
  // whole, and every line is judged as the whole line's split judges it
  test('judged from its first word as from the whole split, on generated lines', () => {
    const word = fc.oneof(
      fc.constantFrom(
        'auth',
        'AUTH',
        'Auth',
        'acl',
        'setuser',
        'getuser',
        'config',
        'set',
        'requirepass',
        'hello',
        'migrate',
        'auth2',
        'sentinel',
        'auth-pass',
        'get',
        'SET',
        '3',
        '-1',
        '0',
        '"auth"',
        "'AUTH'",
        'au"th"',
        '"a b"',
        '"\\x41UTH"',
        '"',
        "'",
        '\\',
        'ä',
        '\u00a0',
      ),
      fc.string({ maxLength: 6 }),
    );
    const blank = fc.constantFrom(' ', '  ', '\t', '\n', '\r', '\v', '\f', ' \u00a0');
    const line = fc
      .tuple(
        fc.constantFrom('', ' ', '\t', '\v'),
        fc.array(fc.tuple(word, blank), { maxLength: 6 }),
        fc.boolean(),
      )
      // the last word ended by a blank or by the line's end
      .map(([lead, ws, ended]) => {
        const text = lead + ws.map(([w, b]) => w + b).join('');
        return ended || ws.length === 0 ? text : text.slice(0, -ws.at(-1)![1].length);
      });
    fc.assert(
      fc.property(line, (l) => {
        expect(isSensitive(l), JSON.stringify(l)).toBe(isSensitiveBySplit(l));
      }),
      { seed: 20_261_205, numRuns: 20_000 },
    );
  });
});
