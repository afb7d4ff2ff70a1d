/**
 * Number ↔ text in the Lua engine against a real redis-server 7.0.15:
 * tostring (%.14g), tonumber (luaO_str2d, and strtoul with a base), and
 * string.format's every conversion, on panels and on fast-check inputs.
 */
import fc from 'fast-check';
import { describe, test } from 'vitest';
import { exactText, useLibServer } from './lua-strings-suite.ts';
import { NIL, num, str, TABLE, TRUE, type LibCall } from './lua-strings-harness.ts';

const server = useLibServer();
const { expectSame } = server;

const NUMBER_TEXTS = [
  '  7  ',
  '0x10',
  '1e400',
  '-1e400',
  '-0',
  '0',
  'nan',
  '-nan',
  'NaN',
  'nan(123)',
  'inf',
  '-inf',
  'Infinity',
  'infinit',
  '9007199254740993',
  '9223372036854775807',
  '18446744073709551616',
  '1e',
  '0x',
  '0xg',
  '',
  ' ',
  '5\0x',
  '1e-400',
  '0x1.8',
  '0x1p4',
  '0x.8p1',
  '.5',
  '5.',
  '+5',
  '- 5',
  '0X1F',
  '1e+2',
  '\t5\n',
  '\v5',
  '\f5\r',
  '12abc',
  '1_000',
  '0b1',
  '1.7976931348623157e308',
  '2.2250738585072014e-308',
  '4.9e-324',
  '123456789012345',
  '1e14',
  '1e15',
  '100000000000000.5',
  '0.1',
  '0.3333333333333333',
  '1e21',
  '1e-5',
  '1e-4',
  '0.0001',
  '-1.5e-7',
  '3.14159265358979',
  '99999999999999.5',
  '999999999999995',
  '0x7fffffffffffffff',
  '0xffffffffffffffffff',
  '1e308',
  '2^53',
  '1,5',
  '٣',
  '\u00a05',
  '  0x10  ',
  '-0x10',
  '0x-10',
  'e5',
  '.',
  '-.5e-3',
  '00012',
];

describe('number ↔ text against a real redis-server', () => {
  test('tonumber and tostring on a panel of texts', async () => {
    const calls: LibCall[] = [];
    for (const text of NUMBER_TEXTS) {
      calls.push({ fn: 'tonumber', args: [str(text)] });
      calls.push({ fn: 'tostring', args: [num(text)] });
    }
    await expectSame(calls);
  });

  test('tostring of 3000 generated doubles (%.14g, -0, inf, nan)', async () => {
    const doubles = fc.sample(
      fc.oneof(
        fc.double(),
        fc.integer({ min: -1e15, max: 1e15 }),
        fc.double({ min: -1e16, max: 1e16 }),
        fc.integer({ min: -1000, max: 1000 }).map((n) => n / 8),
        fc.constantFrom(1e14, 1e15, -1e14, 99999999999999.5, 123456789012345, 0.5, 2.5, 1e-5),
      ),
      { seed: 5101, numRuns: 3000 },
    );
    await expectSame(doubles.map((x) => ({ fn: 'tostring', args: [num(exactText(x))] })));
  });

  const numberTextArb = fc
    .tuple(
      fc.constantFrom('', ' ', '\t', '  ', '\n'),
      fc.constantFrom('', '-', '+'),
      fc.oneof(
        fc.stringMatching(/^[0-9]{1,20}(\.[0-9]{0,10})?([eE][+-]?[0-9]{1,3})?$/),
        fc.stringMatching(/^0[xX][0-9a-fA-F]{0,18}(\.[0-9a-f]{0,4})?([pP][+-]?[0-9]{1,3})?$/),
        fc.constantFrom(
          'inf',
          'INF',
          'infinity',
          'nan',
          'NAN',
          'nan()',
          'in',
          'na',
          '.',
          'e1',
          '0x',
        ),
        fc.stringMatching(/^[0-9a-z. +-]{0,6}$/),
      ),
      fc.constantFrom('', ' ', '  ', 'x', '\0', '\0abc', 'e', '\r\n'),
    )
    .map((parts) => parts.join(''));

  test('tonumber of 3000 generated texts (whitespace, signs, hex, exponents, words)', async () => {
    const texts = fc.sample(numberTextArb, { seed: 5102, numRuns: 3000 });
    await expectSame(texts.map((text) => ({ fn: 'tonumber', args: [str(text)] })));
  });

  test('tonumber with a base: panel and 2000 generated', async () => {
    const panel: LibCall[] = [
      { fn: 'tonumber', args: [] },
      { fn: 'tonumber', args: [NIL] },
      { fn: 'tonumber', args: [TABLE] },
      { fn: 'tonumber', args: [TRUE] },
      { fn: 'tonumber', args: [str('10'), num(1)] },
      { fn: 'tonumber', args: [str('10'), num(37)] },
      { fn: 'tonumber', args: [str('10'), num(0)] },
      { fn: 'tonumber', args: [str('10'), str('16')] },
      { fn: 'tonumber', args: [str('10'), str('x')] },
      { fn: 'tonumber', args: [str('10'), TABLE] },
      { fn: 'tonumber', args: [str('10'), NIL] },
      { fn: 'tonumber', args: [num(10), num(16)] },
      { fn: 'tonumber', args: [num(1.5), num(16)] },
      { fn: 'tonumber', args: [NIL, num(16)] },
      { fn: 'tonumber', args: [TABLE, num(99)] },
      { fn: 'tonumber', args: [str('0x10'), num(10)] },
      { fn: 'tonumber', args: [str('0x10'), num(16)] },
      { fn: 'tonumber', args: [str('-0x10'), num(16)] },
      { fn: 'tonumber', args: [str('0x'), num(16)] },
      { fn: 'tonumber', args: [str('ff'), num(16.9)] },
      { fn: 'tonumber', args: [str('zz'), num(36)] },
      { fn: 'tonumber', args: [str('-1'), num(2)] },
      { fn: 'tonumber', args: [str(' 101 '), num(2)] },
      { fn: 'tonumber', args: [str('102'), num(2)] },
      { fn: 'tonumber', args: [str('1'.repeat(70)), num(2)] },
      { fn: 'tonumber', args: [str('ffffffffffffffff'), num(16)] },
      { fn: 'tonumber', args: [str('fffffffffffffffff'), num(16)] },
      { fn: 'tonumber', args: [str('-fffffffffffffffff'), num(16)] },
      { fn: 'tonumber', args: [str('1fffffffffffff1'), num(16)] },
      { fn: 'tonumber', args: [str('7\0z'), num(8)] },
      { fn: 'tonumber', args: [str(''), num(8)] },
      { fn: 'tonumber', args: [str('+'), num(8)] },
      { fn: 'tonumber', args: [str('10'), num(2 ** 32 + 16)] },
      { fn: 'tonumber', args: [str('10'), num('nan')] },
    ];
    const generated = fc.sample(
      fc.tuple(
        fc.stringMatching(/^[ ]?[+-]?(0[xX])?[0-9a-zA-Z]{0,14}[ ]?$/),
        fc.oneof(fc.integer({ min: 2, max: 36 }), fc.integer({ min: -3, max: 40 })),
      ),
      { seed: 5103, numRuns: 2000 },
    );
    await expectSame([
      ...panel,
      ...generated.map(([text, base]): LibCall => ({
        fn: 'tonumber',
        args: [str(text), num(base)],
      })),
    ]);
  });
});
