/**
 * Lua 5.1 patterns and the rest of the string library against a real
 * redis-server 7.0.15: find/match/gmatch/gsub on panels and on generated
 * patterns × subjects, and byte/char/len/lower/upper/rep/reverse/sub with
 * their position rules.
 */
import fc from 'fast-check';
import { describe, test } from 'vitest';
import { useLibServer } from './lua-strings-suite.ts';
import {
  FALSE,
  NIL,
  num,
  REPLACER,
  str,
  TABLE,
  TRUE,
  type Arg,
  type LibCall,
} from './lua-strings-harness.ts';

const server = useLibServer();
const { expectSame } = server;

const call = (fn: string, ...args: Arg[]): LibCall => ({ fn: `string.${fn}`, args });
const gmatch = (...args: Arg[]): LibCall => ({ fn: 'string.gmatch', args, iterate: true });

/** Patterns of the panel: every item kind and every error. */
const PATTERNS = [
  '',
  'a',
  '^a',
  'a$',
  '^$',
  '$a',
  'a*',
  'a+',
  'a-',
  'a?',
  '.',
  '.-b',
  '%a+',
  '%A+',
  '%d+',
  '%D',
  '%l%u',
  '%L',
  '%p+',
  '%P',
  '%s+',
  '%S+',
  '%w+',
  '%W',
  '%x+',
  '%X',
  '%c',
  '%C',
  '%z',
  '%Z',
  '%.',
  '%%',
  '[abc]',
  '[^abc]',
  '[a-c]+',
  '[%a_][%w_]*',
  '[%]]',
  '[]]',
  '[^]]',
  '[a-]',
  '[-a]',
  '[%-a]',
  '[a%-z]',
  '[z-a]',
  '()',
  '(a)',
  '(a)(b)',
  '((a)(b))',
  '(a*(.)%w(%s*))',
  '()a()',
  '(a)%1',
  '(%a)%1',
  '()%1',
  '%b()',
  '%b',
  '%bx',
  '%f[%w]%w+',
  '%f[%W]',
  '%fa',
  '%f',
  '[',
  '[a',
  '[^',
  '%',
  'a%',
  '(',
  ')',
  '(()',
  '%1',
  '(a)%2',
  '(a%1)',
  '%0',
  '[%',
  'x(',
  'a[%d]-$',
  '^(%s*)(.-)(%s*)$',
  '(h)(e)(l)(l)(o)',
  '%g',
  '%f[%a]',
  '%f[]',
  '\0',
  'a\0b',
  '%z+',
  '[\0-a]',
  '('.repeat(33) + ')'.repeat(33),
  '(a)'.repeat(32),
  '(a)'.repeat(33),
  '^^a',
  'a^',
  '$$',
  '(.)-%1',
  'x*$',
  '[%w-]+',
  '[+-]?%d+',
  '%S-%.',
  '.-(%d+)$',
];

const SUBJECTS = [
  '',
  'a',
  'aaa',
  'abc',
  'hello world',
  '  padded  ',
  'x = (1 + (2 * 3)) - (4',
  'THE (quick) fox',
  'a1b22c333',
  'aa',
  '^a$',
  'a\0b\0',
  '\0',
  '[]]',
  'a-z_09',
  '%d %a',
  'hello',
  'key:42:v',
  '\xff\x80a',
];

describe('patterns against a real redis-server', () => {
  test('find, match, gmatch and gsub on the panel of patterns × subjects', async () => {
    const calls: LibCall[] = [];
    for (const p of PATTERNS) {
      for (const s of SUBJECTS) {
        calls.push(call('find', str(s), str(p)));
        calls.push(call('match', str(s), str(p)));
        calls.push(gmatch(str(s), str(p)));
        calls.push(call('gsub', str(s), str(p), str('<%0>')));
      }
    }
    await expectSame(calls);
  });

  test('find and match: init (negative, zero, past the end, huge, NaN) and the plain flag', async () => {
    const inits = [
      '1',
      '2',
      '0',
      '-1',
      '-2',
      '-100',
      '3',
      '4',
      '5',
      '100',
      '1.9',
      '-0.5',
      '9.3e18',
      '-9.3e18',
      'nan',
      'inf',
    ];
    const calls: LibCall[] = [];
    for (const init of inits) {
      for (const [s, p] of [
        ['abc', 'c'],
        ['abc', ''],
        ['abc', '^b'],
        ['a.c', '.'],
        ['abc', 'b()'],
      ]) {
        calls.push(call('find', str(s ?? ''), str(p ?? ''), num(init)));
        calls.push(call('match', str(s ?? ''), str(p ?? ''), num(init)));
        calls.push(call('find', str(s ?? ''), str(p ?? ''), num(init), TRUE));
      }
    }
    calls.push(
      call('find', str('a.c'), str('.'), NIL, TRUE),
      call('find', str('a.c'), str('.'), num(1), FALSE),
      call('find', str('a.c'), str('.'), num(1), num(0)),
      call('find', str('a.c'), str('.'), num(1), str('')),
      call('find', str('a\0.c'), str('\0.')),
      call('find', str('a\0.c'), str('\0'), NIL),
      call('find', str('ab'), str('[')),
      call('find', str('ab'), str('['), num(1), TRUE),
      call('find', num(12345), num(34)),
      call('find', str('abc'), str('b'), str('2')),
      call('find', str('abc'), str('b'), str('x')),
      call('find', str('abc')),
      call('find', TABLE, str('a')),
      call('find', str('abc'), NIL),
      call('match', str('abc'), TABLE),
      call('match', str('abc'), str('b'), TABLE),
    );
    await expectSame(calls);
  });

  test('gsub: replacement strings, tables, functions, max n and errors', async () => {
    const calls: LibCall[] = [];
    const repls: Arg[] = [
      str(''),
      str('x'),
      str('%0%0'),
      str('%1'),
      str('%2'),
      str('%%'),
      str('%a'),
      str('[%1-%2]'),
      str('%'),
      str('%9'),
      num(7),
      num(0.5),
      TABLE,
      REPLACER,
      TRUE,
      NIL,
      FALSE,
    ];
    const pats = ['%w+', '(%w)(%w*)', '()', '', 'a', '^a', '(a)', '%s', '(b)()', '^', '$', 'x*'];
    for (const p of pats) {
      for (const r of repls) {
        calls.push(call('gsub', str('abc a1 b e d'), str(p), r));
      }
    }
    for (const n of ['0', '1', '2', '-1', '1.9', '1e10', '-1e10', 'nan', '100']) {
      calls.push(call('gsub', str('aaa'), str('a'), str('b'), num(n)));
      calls.push(call('gsub', str('aaa'), str(''), str('-'), num(n)));
    }
    calls.push(
      call('gsub', str('aaa'), str('a'), str('b'), str('x')),
      call('gsub', str('aaa'), str('a'), NIL, str('x')),
      call('gsub', str('aaa'), str('a')),
      call('gsub', str('aaa')),
      call('gsub'),
      call('gsub', str('a b'), str('%w'), TABLE),
      call('gsub', str('a b d'), str('%w'), TABLE),
      call('gsub', str('1 e'), str('%w'), TABLE),
      call('gsub', num(123), num(2), num(9)),
      call('gsub', str('abc'), str('(b)'), str('%1%2')),
      call('gsub', str('abc'), str('b'), str('%1')),
      call('gsub', str('abc'), str('('), str('x')),
      call('gsub', str('hello world'), str('(o)'), REPLACER),
      call('gsub', str('hello world'), str('o'), REPLACER),
      call('gsub', str('hello'), str('()(l)'), REPLACER),
    );
    await expectSame(calls);
  });

  const PATTERN_ATOMS = [
    'a',
    'b',
    '.',
    '%a',
    '%d',
    '%s',
    '%w',
    '%p',
    '%x',
    '%u',
    '%l',
    '%z',
    '%A',
    '%S',
    '[ab]',
    '[^a]',
    '[a-c]',
    '[%d_]',
    '[%s%p]',
    '*',
    '+',
    '-',
    '?',
    '(',
    ')',
    '()',
    '^',
    '$',
    '%1',
    '%2',
    '%b()',
    '%bab',
    '%f[%w]',
    '%f[%s]',
    '%',
    '[',
    ']',
    '1',
    ' ',
    '%%',
    '%.',
    '\0',
  ];
  const patternArb = fc
    .array(fc.constantFrom(...PATTERN_ATOMS), { maxLength: 7 })
    .map((a) => a.join(''));
  const subjectArb = fc
    .array(
      fc.constantFrom('a', 'b', 'c', '1', '2', ' ', '(', ')', '_', '.', '%', '\0', 'A', '\xe9'),
      {
        maxLength: 12,
      },
    )
    .map((a) => a.join(''));

  test('3000 generated patterns × subjects through find, match, gmatch and gsub', async () => {
    const cases = fc.sample(
      fc.tuple(
        patternArb,
        subjectArb,
        fc.integer({ min: -14, max: 14 }),
        fc.constantFrom('<%0>', '%1', '%2|', 'R', 'T'),
      ),
      { seed: 5106, numRuns: 3000 },
    );
    const calls: LibCall[] = [];
    for (const [p, s, init, r] of cases) {
      const repl = r === 'R' ? REPLACER : r === 'T' ? TABLE : str(r);
      calls.push(call('find', str(s), str(p), num(init)));
      calls.push(call('match', str(s), str(p), num(init)));
      calls.push(gmatch(str(s), str(p)));
      calls.push(call('gsub', str(s), str(p), repl));
    }
    await expectSame(calls);
  });
});

describe('the other string functions against a real redis-server', () => {
  const POSITIONS = [
    '1',
    '2',
    '0',
    '-1',
    '-2',
    '-3',
    '-4',
    '-100',
    '3',
    '4',
    '100',
    '1.5',
    '-1.5',
    '2.9',
    'nan',
    'inf',
    '-inf',
    '9.3e18',
    '-9.3e18',
    '4294967297',
  ];

  test('sub and byte with every kind of position', async () => {
    const calls: LibCall[] = [];
    for (const i of POSITIONS) {
      calls.push(call('sub', str('abc'), num(i)));
      calls.push(call('byte', str('abc'), num(i)));
      for (const j of POSITIONS) {
        calls.push(call('sub', str('abc'), num(i), num(j)));
        calls.push(call('byte', str('abc'), num(i), num(j)));
      }
    }
    calls.push(
      call('sub', str('abc')),
      call('sub', str('abc'), NIL),
      call('sub', str('abc'), str('2')),
      call('sub', str('abc'), str('x')),
      call('sub', str('abc'), num(1), TABLE),
      call('sub', num(12345), num(2), num(-2)),
      call('sub', NIL, num(1)),
      call('sub'),
      call('byte', str('')),
      call('byte', str('\0\xff')),
      call('byte', str('\0\xff'), num(1), num(2)),
      call('byte', str('abc'), NIL, num(3)),
      call('byte', num(3.5), num(1), num(-1)),
      call('byte', TRUE),
      call('byte', str('x'.repeat(7997)), num(1), num(-1)),
      call('byte', str('x'.repeat(7998)), num(1), num(-1)),
      call('byte', str('x'.repeat(7999)), num(1), num(-1)),
      call('byte', str('x'.repeat(8000)), num(1), num(-1)),
      call('byte', str('x'.repeat(8001)), num(1), num(-1)),
      call('byte', str('x'.repeat(7999)), num(1), num(7998)),
    );
    await expectSame(calls);
  });

  test('char, len, lower, upper, rep and reverse', async () => {
    const calls: LibCall[] = [
      call('char'),
      call('char', num(72), num(105)),
      call('char', num(0), num(255)),
      call('char', num(256)),
      call('char', num(-1)),
      call('char', num(65.9)),
      call('char', num(-0.5)),
      call('char', num(2 ** 32 + 65)),
      call('char', num('nan')),
      call('char', str('66')),
      call('char', str('x')),
      call('char', num(65), NIL),
      call('char', TABLE),
      call('len', str('')),
      call('len', str('a\0b')),
      call('len', num(1 / 3)),
      call('len', num(-0)),
      call('len', NIL),
      call('len'),
      call('len', TABLE),
      call('lower', str('HeLLo W\xc9\xe9RLD 123 [@`{')),
      call('upper', str('HeLLo w\xc9\xe9rld 123 [@`{')),
      call('lower', num(1e100)),
      call('upper', num('inf')),
      call('upper', FALSE),
      call('reverse', str('abc\0d\xff')),
      call('reverse', str('')),
      call('reverse', num(123.5)),
      call('reverse', REPLACER),
      call('rep', str('ab'), num(3)),
      call('rep', str('ab'), num(0)),
      call('rep', str('ab'), num(-1)),
      call('rep', str('ab'), num(2.9)),
      call('rep', str(''), num(1e9)),
      call('rep', str('ab'), num(2 ** 32 + 2)),
      call('rep', str('ab'), num('nan')),
      call('rep', str('ab')),
      call('rep', str('ab'), str('3')),
      call('rep', str('ab'), str('x')),
      call('rep', num(12), num(2)),
      call('rep', NIL, num(2)),
      call('dump'),
      call('dump', str('x')),
      call('dump', TABLE),
      { fn: 'string.gfind', args: [str('a1b2'), str('%d')], iterate: true },
    ];
    const texts = fc.sample(fc.string({ maxLength: 20, unit: 'binary-ascii' }), {
      seed: 5107,
      numRuns: 300,
    });
    for (const t of texts) {
      calls.push(
        call('lower', str(t)),
        call('upper', str(t)),
        call('len', str(t)),
        call('reverse', str(t)),
      );
    }
    for (let c = 0; c < 256; c++)
      calls.push(call('char', num(c)), call('byte', str(String.fromCharCode(c))));
    await expectSame(calls);
  });
});
