import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length, compareBytes } from './byte-order.ts';
import { bytesOfText, hasByteEscapes, textOfBytes } from './byte-text.ts';

const SEED = 20261201;
const fatal = new TextDecoder('utf-8', { fatal: true });

describe('text that holds any bytes', () => {
  it('gives back every byte string it was made from', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const text = textOfBytes(bytes);
        expect([...bytesOfText(text)]).toEqual([...bytes]);
        expect(utf8Length(text)).toBe(bytes.length);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('is plain text for valid UTF-8, decoded as TextDecoder decodes it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        const bytes = new TextEncoder().encode(s);
        expect(textOfBytes(bytes)).toBe(fatal.decode(bytes));
        expect(hasByteEscapes(textOfBytes(bytes))).toBe(false);
        expect([...bytesOfText(s)]).toEqual([...bytes]);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('escapes exactly the bytes that are not UTF-8', () => {
    // a lone byte, an overlong form, a surrogate's encoding, a cut sequence, past U+10FFFF
    expect(textOfBytes([0xc8])).toBe('\udcc8');
    expect(textOfBytes([0xc0, 0x80])).toBe('\udcc0\udc80');
    expect(textOfBytes([0xed, 0xa0, 0x80])).toBe('\udced\udca0\udc80');
    expect(textOfBytes([0xe2, 0x82, 0x41])).toBe('\udce2\udc82A');
    expect(textOfBytes([0xf4, 0x90, 0x80, 0x80])).toBe('\udcf4\udc90\udc80\udc80');
    expect(textOfBytes([0xe2, 0x82, 0xac])).toBe('€');
    expect(hasByteEscapes('a\udcc8')).toBe(true);
  });

  it('orders texts as memcmp orders their bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 8 }), (a, b) => {
        const bytes = Buffer.compare(Buffer.from(a), Buffer.from(b));
        expect(Math.sign(compareBytes(textOfBytes(a), textOfBytes(b)))).toBe(bytes);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});
