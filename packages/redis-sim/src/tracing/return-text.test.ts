import { describe, expect, it } from 'vitest';
import { parseChunk, toLuaString, type LuaAst as A } from '../lua/index.ts';
import { RETURN_TEXT_SHOWN, returnedText } from './return-text.ts';

/** What the last statement of `source` returns, quoted as the stepper quotes it. */
function quoted(source: string): string {
  const body = parseChunk(toLuaString(source)).body;
  const ret = body.at(-1) as A.ReturnStatement;
  expect(ret.type).toBe('ReturnStatement');
  return returnedText(source, ret);
}

describe('the text a return wrote', () => {
  it('is the expressions after `return`, without a closing `;`', () => {
    expect(quoted('return failed')).toBe('failed');
    expect(quoted('local x = 1\nreturn (x), "a  b";')).toBe('(x), "a  b"');
    expect(quoted('return')).toBe('');
  });

  it('counts lines as the lexer does, and columns in UTF-8 bytes', () => {
    expect(quoted('local s = "héllo"\r\nlocal t = "ü"\n\rreturn s .. t')).toBe('s .. t');
    expect(quoted('local s = "é" return s, "ü"')).toBe('s, "ü"');
  });

  it('puts a table written over several lines on one line, and cuts a long one', () => {
    expect(quoted('return {\n  1,\n  2\n}')).toBe('{ 1, 2 }');
    const long = quoted(`return ${'"x", '.repeat(40)}"y"`);
    expect(Array.from(long)).toHaveLength(RETURN_TEXT_SHOWN);
    expect(long.endsWith('…')).toBe(true);
  });
});
