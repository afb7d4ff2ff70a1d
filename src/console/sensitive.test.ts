import { describe, expect, test } from 'vitest';
import { isSensitive } from './sensitive.ts';

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
  ])('%j is not', (line) => expect(isSensitive(line)).toBe(false));
});
