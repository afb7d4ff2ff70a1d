import { describe, expect, test } from 'vitest';
import { encodeShared } from '../console/share.ts';
import { DEFAULT_OPTIONS, optionsQuery, readOptions } from './options.ts';

describe('embed options', () => {
  test('a plain URL gives the defaults and no notice', () => {
    expect(readOptions([], 'stepper')).toEqual({ options: DEFAULT_OPTIONS, notices: [] });
  });

  test('each setting is read, and written back the same', () => {
    const q = new URLSearchParams('theme=dark&editor=0&predict=1');
    const { options, notices } = readOptions(q.entries(), 'stepper');
    expect(notices).toEqual([]);
    expect(options).toEqual({
      theme: 'dark',
      hideEditor: true,
      predict: true,
      fate: null,
      console: null,
      offThread: false,
    });
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

  test("the console's typed lines are read as the lesson writes them, and only by the console", () => {
    const { value } = encodeShared({ step: 4, lines: ['GET x', 'ZRANGE q:active 0 -1'] });
    const good = readOptions([['console', value]], 'console');
    expect(good).toEqual({ options: { ...DEFAULT_OPTIONS, console: value }, notices: [] });
    // the lines are not in the query, which server logs keep: embedUrl puts them in the hash
    expect(optionsQuery(good.options)).toBe('');
    const bad = readOptions([['console', 'not*base64']], 'console');
    expect(bad.options.console).toBeNull();
    expect(bad.notices[0]).toContain('not a list of console lines');
    const elsewhere = readOptions([['console', value]], 'stepper');
    expect(elsewhere.options.console).toBeNull();
    expect(elsewhere.notices[0]).toContain('only the console has it');
    // the stepper's options are not the console's
    expect(readOptions([['predict', '1']], 'console').notices[0]).toContain(
      'only the stepper has it',
    );
  });

  test('off-thread is read as an attribute writes it, by the stepper and the console only', () => {
    // a bare attribute reads as the empty string
    expect(readOptions([['off-thread', '']], 'console')).toEqual({
      options: { ...DEFAULT_OPTIONS, offThread: true },
      notices: [],
    });
    expect(readOptions([['off-thread', '1']], 'stepper').options.offThread).toBe(true);
    expect(readOptions([['off-thread', '0']], 'stepper').options.offThread).toBe(false);
    const bad = readOptions([['off-thread', 'maybe']], 'console');
    expect(bad.options.offThread).toBe(false);
    expect(bad.notices[0]).toContain('it takes 1 or 0');
    const fates = readOptions([['off-thread', '']], 'fates');
    expect(fates.options.offThread).toBe(false);
    expect(fates.notices[0]).toContain('only the stepper and the console have it');
    // the embed pages run their worker anyway: their URL never carries it
    expect(optionsQuery({ ...DEFAULT_OPTIONS, offThread: true })).toBe('');
  });

  test('an embed page’s query that carries off-thread is told it is the custom element’s', () => {
    for (const widget of ['stepper', 'console'] as const) {
      for (const value of ['1', '', 'maybe']) {
        const { options, notices } = readOptions([['off-thread', value]], widget, 'page');
        expect(options.offThread).toBe(false);
        expect(notices).toHaveLength(1);
        expect(notices[0]).toContain('The embed setting off-thread was ignored');
        expect(notices[0]).toContain('it is a setting of the custom element');
      }
    }
  });

  test('a control character in a crafted link is not echoed', () => {
    const { notices } = readOptions([['theme', 'a\nb\u0007c']], 'stepper');
    expect(notices[0]).toContain('“a b c”');
  });

  test('neither a format character (RLO) nor an address from a crafted link is echoed', () => {
    const { notices } = readOptions(
      [
        ['theme', 'dark\u202e evil.example/login'],
        ['x\u202egnp.evil', '1'],
      ],
      'stepper',
    );
    for (const n of notices) {
      expect(n).not.toMatch(/[\u202e\u200b]/);
      expect(n).not.toContain('evil.example');
    }
    expect(notices[0]).toContain('the link said');
  });
});
