import { describe, expect, test } from 'vitest';
import { DEFAULT_OPTIONS, optionsQuery, readOptions } from './options.ts';

describe('embed options', () => {
  test('a plain URL gives the defaults and no notice', () => {
    expect(readOptions([], 'stepper')).toEqual({ options: DEFAULT_OPTIONS, notices: [] });
  });

  test('each setting is read, and written back the same', () => {
    const q = new URLSearchParams('theme=dark&editor=0&predict=1');
    const { options, notices } = readOptions(q.entries(), 'stepper');
    expect(notices).toEqual([]);
    expect(options).toEqual({ theme: 'dark', hideEditor: true, predict: true, fate: null });
    expect(optionsQuery(options)).toBe('?theme=dark&editor=0&predict=1');
    const fates = readOptions([['fate', 'stale-token']], 'fates');
    expect(fates.options.fate).toBe('stale-token');
  });

  test('a bad value keeps the default and says so, quoting a short fragment', () => {
    const long = 'x'.repeat(200);
    const { options, notices } = readOptions(
      [
        ['theme', 'purple'],
        ['predict', long],
        ['colour', '1'],
        ['fate', 'live'],
      ],
      'stepper',
    );
    expect(options).toEqual(DEFAULT_OPTIONS);
    expect(notices).toHaveLength(4);
    expect(notices[0]).toContain('theme');
    expect(notices[0]).toContain('the link said: “purple”');
    expect(notices[1]!.length).toBeLessThan(120);
    expect(notices[2]).toContain('“colour” is not one this widget knows');
    expect(notices[3]).toContain('only the fate picker has it');
  });

  test('a control character in a crafted link is not echoed', () => {
    const { notices } = readOptions([['theme', 'a\nb\u0007c']], 'stepper');
    expect(notices[0]).toContain('“a b c”');
  });
});
