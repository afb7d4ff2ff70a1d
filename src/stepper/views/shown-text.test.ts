import { describe, expect, it } from 'vitest';
import { luaNumberText, shownText } from './shown-text.ts';

describe("a shown value in Lua's words", () => {
  it('prints numbers as Lua 5.1 does (%.14g)', () => {
    expect(luaNumberText(123456789012345)).toBe('1.2345678901234e+14');
    expect(luaNumberText(1764590430000)).toBe('1764590430000');
    expect(luaNumberText(0.1 + 0.2)).toBe('0.3');
    expect(luaNumberText(1e-5)).toBe('1e-05');
    expect(luaNumberText(Infinity)).toBe('inf');
    expect(luaNumberText(NaN)).toBe('nan');
    expect(luaNumberText(-0)).toBe('-0');
  });

  it('quotes strings and names tables by their run address', () => {
    expect(shownText('JOB1')).toBe('"JOB1"');
    expect(shownText(null)).toBe('nil');
    expect(shownText(true)).toBe('true');
    expect(shownText({ table: '0x55d0c0a01000', length: 2 })).toBe('table: 0x55d0c0a01000');
  });
});
