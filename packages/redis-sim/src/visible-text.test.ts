import { describe, expect, test } from 'vitest';
import { textOfBytes } from './byte-text.ts';
import { FSI, PDI, isolate, visibleText } from './visible-text.ts';

describe('text a user or a link chose, made safe to show', () => {
  test('plain text, accents, emoji and right-to-left letters show as they are', () => {
    for (const s of ['JOB0KHTOWnGLuA', 'café', '🙂 ok', 'שלום', '']) expect(visibleText(s)).toBe(s);
  });

  test('bytes that are not UTF-8 show as \\xhh, as the console prints them, never as �', () => {
    const bytes = textOfBytes([0x61, 0xff, 0xc3]);
    expect(visibleText(bytes)).toBe('a\\xff\\xc3');
    expect(visibleText(bytes)).not.toContain('\ufffd');
  });

  test('format characters are spelled out, so none reverses, hides or joins its neighbours', () => {
    expect(visibleText('ab\u202ecd')).toBe('ab\\u202Ecd');
    expect(visibleText('a\u200bb\u200dc\ufeffd\u00ade')).toBe('a\\u200Bb\\u200Dc\\uFEFFd\\u00ADe');
    expect(visibleText('\u2066x\u2069')).toBe('\\u2066x\\u2069');
    expect(visibleText('tag\u{e0041}')).toBe('tag\\u{E0041}');
  });

  test('controls read as redis-cli writes them', () => {
    expect(visibleText('a\nb\tc\u0001\u007f\u0085')).toBe('a\\nb\\tc\\x01\\x7f\\u0085');
  });

  test('isolate marks where the user’s text begins and ends, and only the host marks it', () => {
    expect(isolate('JOB1')).toBe(`${FSI}JOB1${PDI}`);
    // a user's own isolate marks are spelled out, so they cannot close the host's early
    expect(isolate(`x${PDI}y`)).toBe(`${FSI}x\\u2069y${PDI}`);
  });
});
