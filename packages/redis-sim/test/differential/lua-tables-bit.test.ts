import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBitLib } from '../../src/lua/lib/bit.ts';
import { useRealLua } from './lua-eval.ts';
import { realOutcomes, simOutcomes, type Call, type Scalar } from './lua-calls.ts';

/** LuaBitOp against redis-server 7.0.15: generated calls, results and errors compared exactly. */
const server = useRealLua();

const lib = createBitLib();
const FUNCS = [
  'tobit',
  'bnot',
  'band',
  'bor',
  'bxor',
  'lshift',
  'rshift',
  'arshift',
  'rol',
  'ror',
  'bswap',
  'tohex',
];

const numArb: fc.Arbitrary<Scalar> = fc.oneof(
  { weight: 4, arbitrary: fc.integer() },
  { weight: 3, arbitrary: fc.integer({ min: -40, max: 40 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 32 + 5, -(2 ** 31) - 1, 2 ** 52, 2 ** 53, 2 ** 63, 1e300, 0.5, 1.5, 2.5, -0.5, -1.5, Infinity, -Infinity, Number.NaN, -0) },
  { weight: 1, arbitrary: fc.integer().map((n) => ` 0x${(n >>> 0).toString(16)} `) },
  { weight: 1, arbitrary: fc.constantFrom<Scalar>(undefined, true, 'abc', '', '12', '1e3') },
); // prettier-ignore

const callArb: fc.Arbitrary<Call> = fc.record({
  fn: fc.constantFrom(...FUNCS),
  args: fc.array(numArb, { minLength: 0, maxLength: 4 }),
});

describe('bit library against redis-server 7.0.15', () => {
  it('generated calls of every function', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 30 }), async (calls) => {
        const got = await realOutcomes(server(), 'bit', calls);
        expect(simOutcomes(lib, calls)).toEqual(got);
      }),
      { seed: 8100, numRuns: 300 },
    );
  });
  it('panel: the documented examples', async () => {
    const calls: Call[] = [
      { fn: 'tobit', args: [0xffffffff] },
      { fn: 'tobit', args: [2 ** 32 + 1] },
      { fn: 'tohex', args: [1] },
      { fn: 'tohex', args: [-1, -4] },
      { fn: 'tohex', args: [0x87654321, 4] },
      { fn: 'bswap', args: [0x12345678] },
      { fn: 'arshift', args: [-256, 8] },
      { fn: 'band', args: [] },
      { fn: 'tohex', args: [1, undefined] },
    ];
    const got = await realOutcomes(server(), 'bit', calls);
    expect((got as string[])[0]).toBe('true|n:-1');
    expect(simOutcomes(lib, calls)).toEqual(got);
  });
});
