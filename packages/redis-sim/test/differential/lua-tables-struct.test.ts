import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createStructLib } from '../../src/lua/lib/struct.ts';
import type { LuaFunction } from '../../src/lua/values.ts';
import { useRealLua } from './lua-eval.ts';
import { foldNanSign, realOutcomes, simOutcomes, type Call, type Scalar } from './lua-calls.ts';

/**
 * struct against redis-server 7.0.15: generated formats (every option,
 * sizes, endianness, alignment, bad options) with generated arguments for
 * pack and size, and unpack of what pack produced and of random bytes, at
 * generated offsets. Byte strings compare exactly.
 */
const server = useRealLua();

const lib = createStructLib();

const OPTIONS = [
  'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I', 'i1', 'i2', 'I3', 'i5', 'I8', 'i12', 'I16', 'i0', 'x', 'f', 'd', 'c', 'c3', 'c0', 's',
  '<', '>', '!', '!1', '!2', '!4', '!16', ' ', 'i33', '!3', 'z', '#', '=', '5', 'i99999999999',
]; // prettier-ignore
const COMMON = ['b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'd', 'f', 'c2', 's', '<', '>', '!', 'x'];

const formatArb = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...COMMON) }, { weight: 1, arbitrary: fc.constantFrom(...OPTIONS) }), { minLength: 1, maxLength: 6 })
  .map((xs) => xs.join('')); // prettier-ignore

const numArg: fc.Arbitrary<Scalar> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -300, max: 300 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.constantFrom(2 ** 31, 2 ** 32, 2 ** 53, 2 ** 63, 2 ** 64, 2 ** 70, -(2 ** 63), -(2 ** 64), 1e300, -1e300, 0.5, -0.5, -1, Infinity, -Infinity, Number.NaN, -0) },
); // prettier-ignore
const strArg: fc.Arbitrary<Scalar> = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 6 }),
  fc.uint8Array({ maxLength: 5 }).map((b) => String.fromCharCode(...b)),
);
const anyArg = fc.oneof({ weight: 5, arbitrary: numArg }, { weight: 3, arbitrary: strArg }, { weight: 1, arbitrary: fc.constantFrom<Scalar>(undefined, true, '12') }); // prettier-ignore
const bytesArb = fc.uint8Array({ maxLength: 40 }).map((b) => String.fromCharCode(...b));
const offsetArb = fc.oneof(
  fc.integer({ min: -2, max: 12 }),
  fc.constantFrom(0.5, 1.9, 1e300, -1e300),
);

const caseArb = fc.record({
  fmt: formatArb,
  args: fc.array(anyArg, { maxLength: 7 }),
  noise: bytesArb,
  offset: offsetArb,
});

describe('struct against redis-server 7.0.15', () => {
  it('generated formats: pack, size, unpack of the packed bytes and of random bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: 10 }), async (cases) => {
        const calls: Call[] = cases.flatMap(({ fmt, args, noise, offset }) => {
          const packed = (lib.get('pack') as LuaFunction).call.bind(null);
          let data = noise;
          try {
            data = packed([fmt, ...args])[0] as string;
          } catch {
            // pack refused: unpack random bytes instead
          }
          return [
            { fn: 'pack', args: [fmt, ...args] },
            { fn: 'size', args: [fmt] },
            { fn: 'unpack', args: [fmt, data] },
            { fn: 'unpack', args: [fmt, data + noise, offset] },
            { fn: 'unpack', args: [fmt, noise] },
          ];
        });
        // unpacked NaNs keep their sign on the server; see foldNanSign
        const got = foldNanSign(await realOutcomes(server(), 'struct', calls));
        expect(simOutcomes(lib, calls)).toEqual(got);
      }),
      { seed: 9300, numRuns: 400 },
    );
  });
});
