import { describe, expect, it } from 'vitest';
import { formatCliCommand, formatCliReply, quoteBulk } from './redis-cli.ts';

describe('redis-cli formatting', () => {
  it('prints each reply type as redis-cli 7 does', () => {
    expect(formatCliReply(1)).toBe('(integer) 1');
    expect(formatCliReply(null)).toBe('(nil)');
    expect(formatCliReply([])).toBe('(empty array)');
    expect(formatCliReply({ error: 'MYERR the token does not match the row' })).toBe(
      '(error) MYERR the token does not match the row',
    );
    expect(formatCliReply(['A', 'B'])).toBe('1) "A"\n2) "B"');
  });

  it('pads the numbers of a long array and indents nested ones under their label', () => {
    const ten = Array.from({ length: 10 }, (_, n) => String(n));
    expect(formatCliReply(ten).split('\n')[0]).toBe(' 1) "0"');
    expect(formatCliReply(ten).split('\n')[9]).toBe('10) "9"');
    expect(formatCliReply([['x', 'y']])).toBe('1) 1) "x"\n   2) "y"');
  });

  it('quotes bulk strings with sdscatrepr escapes, byte by byte', () => {
    expect(quoteBulk('a"b\\c\n')).toBe('"a\\"b\\\\c\\n"');
    expect(quoteBulk('é')).toBe('"\\xc3\\xa9"');
    expect(quoteBulk('JOB 1')).toBe('"JOB 1"');
  });

  it('quotes only the command arguments that need it', () => {
    expect(formatCliCommand(['MY.CMD', '2', 'my:{q}:active', 'JOB 1'])).toBe(
      'MY.CMD 2 my:{q}:active "JOB 1"',
    );
  });
});
