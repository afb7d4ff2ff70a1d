import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LogLine } from '../../console/index.ts';
import { COPY_JOIN, cellsOf, lineAtRow, rowStarts, rowsOf, shownParts } from './log-rows.ts';

const line = (text: string): LogLine => ({ kind: 'output', text });
const note = (text: string): LogLine => ({
  kind: 'note',
  text,
  copy: { generation: 1, id: 1 },
});

describe('shownParts', () => {
  it('keeps a plain line whole and boxes every other cluster with its cells', () => {
    expect(shownParts('GET k')).toEqual(['GET k']);
    expect(shownParts('')).toEqual(['']);
    expect(shownParts('a你b\te\u0301')).toEqual([
      'a',
      { cluster: '你', cells: 2 },
      'b',
      { cluster: '\t', cells: 1 },
      { cluster: 'e\u0301', cells: 1 },
    ]);
    expect(shownParts('👍🏽!')).toEqual([{ cluster: '👍🏽', cells: 2 }, '!']);
    // the plain character before a run begins its first cluster when the run extends it
    expect(shownParts('ae\u0301b')).toEqual(['a', { cluster: 'e\u0301', cells: 1 }, 'b']);
    expect(shownParts('a1\ufe0f\u20e3b')).toEqual([
      'a',
      { cluster: '1\ufe0f\u20e3', cells: 2 },
      'b',
    ]);
    expect(shownParts('ab你')).toEqual(['ab', { cluster: '你', cells: 2 }]);
    // a long run is read in pieces, a cluster across a piece's edge kept whole: 257 code units
    // in, the 129th ideograph and its accent straddle the first piece's end
    const run = `你${'你\u0301'.repeat(200)}`;
    expect(shownParts(run)).toEqual([
      { cluster: '你', cells: 2 },
      ...Array(200).fill({ cluster: '你\u0301', cells: 2 }),
    ]);
    // one cluster longer than a piece is cut at the piece's end, never read for ever
    expect(shownParts(`a${'\u0301'.repeat(600)}`).length).toBeGreaterThan(1);
    // a cut reply's line: its plain characters stay one string
    expect(shownParts(`${'x'.repeat(10_000)}…`)).toEqual([
      'x'.repeat(10_000),
      { cluster: '…', cells: 1 },
    ]);
  });
});

describe('without a segmenter (Firefox before 125)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('takes each code point as a cluster, so the log still loads and counts', async () => {
    vi.resetModules();
    vi.stubGlobal('Intl', Object.create(Intl, { Segmenter: { value: undefined } }));
    const bare = await import('./log-rows.ts');
    expect(bare.shownParts('ae\u0301你')).toEqual([
      'ae',
      { cluster: '\u0301', cells: 1 },
      { cluster: '你', cells: 2 },
    ]);
  });
});

describe('cellsOf', () => {
  it('is two for wide and fullwidth characters and emoji, one for the rest', () => {
    for (const wide of ['你', '한', 'カ', 'Ａ', '😀', '👍🏽', '1\ufe0f\u20e3'])
      expect(cellsOf(wide), wide).toBe(2);
    for (const one of ['é', 'e\u0301', 'ß', '—', '\t', 'ｶ']) expect(cellsOf(one), one).toBe(1);
  });
});

describe('rowsOf', () => {
  it('is one row a line until the log has measured its columns', () => {
    expect(rowsOf(line('x'.repeat(500)), null)).toBe(1);
  });

  it('wraps a line at the columns, an empty line still a row', () => {
    expect(rowsOf(line(''), 10)).toBe(1);
    expect(rowsOf(line('x'.repeat(10)), 10)).toBe(1);
    expect(rowsOf(line('x'.repeat(11)), 10)).toBe(2);
    expect(rowsOf(line('x'.repeat(30)), 10)).toBe(3);
  });

  it('counts a spelled-out format character as its spelling', () => {
    // U+202E (right-to-left override) is shown spelled out, longer than one cell
    expect(rowsOf(line('\u202e'), 3)).toBeGreaterThan(1);
  });

  it('counts an ideograph, a Hangul syllable or an emoji as two cells, an accent with its letter as one', () => {
    expect(rowsOf(line('你好世界你'), 10)).toBe(1);
    expect(rowsOf(line('你好世界你好'), 10)).toBe(2);
    expect(rowsOf(line('한국어한국'), 10)).toBe(1);
    expect(rowsOf(line('😀'.repeat(5)), 10)).toBe(1);
    expect(rowsOf(line('😀'.repeat(6)), 10)).toBe(2);
    // a skin tone and a text-form pictograph made emoji: one two-cell cluster each (a ZWJ, a
    // format character, is spelled out as the log spells every one)
    expect(rowsOf(line('👍🏽'.repeat(5)), 10)).toBe(1);
    expect(rowsOf(line('☺\ufe0f'.repeat(6)), 10)).toBe(2);
    expect(rowsOf(line('e\u0301'.repeat(10)), 10)).toBe(1);
    expect(rowsOf(line('e\u0301'.repeat(11)), 10)).toBe(2);
  });

  it('starts a wide character that does not fit the rest of a row on the next, as a terminal does', () => {
    // nine cells, then a two-cell ideograph: the tenth cell stays empty
    expect(rowsOf(line(`${'x'.repeat(9)}你`), 10)).toBe(2);
    expect(rowsOf(line(`${'x'.repeat(8)}你`), 10)).toBe(1);
    expect(rowsOf(line(`你${'x'.repeat(9)}你`), 10)).toBe(3 - 1);
  });

  it('puts a cut note’s button on its last row when it fits there, else on rows of its own', () => {
    // 4 + 3 characters leave 3 of 10 on the row: "Copy" (4) does not fit, "Cop" does
    expect(rowsOf(note('abcd'), 10, 'Cop')).toBe(1);
    expect(rowsOf(note('abcd'), 10, 'Copy')).toBe(2);
    // a button wider than a row wraps inside itself, below the note
    expect(rowsOf(note('abcd'), 10, 'x'.repeat(25))).toBe(1 + 3);
    // the note's own words wrap first
    expect(rowsOf(note('x'.repeat(20 - COPY_JOIN.length)), 10, 'Copy')).toBe(3);
  });
});

describe('rowStarts and lineAtRow', () => {
  const lines = [line('a'.repeat(25)), line(''), line('b'.repeat(10)), note('c'), line('d')];
  const at = rowStarts(lines, 10, () => 'Copy all');

  it('says where each line starts, the last entry every row', () => {
    // the note's "c — " leaves 6 of 10 columns, too few for "Copy all": it takes two rows
    expect([...at]).toEqual([0, 3, 4, 5, 7, 8]);
  });

  it('finds the line a row belongs to', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((r) => lineAtRow(at, r))).toEqual([0, 0, 0, 1, 2, 3, 3, 4]);
    expect(lineAtRow(at, 99)).toBe(4);
    expect(
      lineAtRow(
        rowStarts([], 10, () => ''),
        0,
      ),
    ).toBe(0);
  });
});
