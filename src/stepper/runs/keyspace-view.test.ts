import { describe, expect, it } from 'vitest';
import { applyChange, cloneView, type KeyspaceView } from './keyspace-view.ts';

const view = (): KeyspaceView => ({
  active: new Map([
    ['a', 1],
    ['b', 2],
  ]),
  rows: new Map([['emq:{q}:job:a', new Map([['attempts', '1']])]]),
  pending: ['c'],
  keys: { active: 'k', pending: 'p', rows: 'emq:{q}:job:' },
});

const plain = (v: KeyspaceView) => ({
  active: [...v.active],
  rows: [...v.rows].map(([k, r]) => [k, r === 'wrongtype' ? r : [...r]]),
  pending: [...v.pending],
});

describe('cloneView', () => {
  it('copies nothing until a change, then only the part the change writes', () => {
    const source = view();
    const copy = cloneView(source);
    expect(copy.active).toBe(source.active);
    expect(copy.rows).toBe(source.rows);
    applyChange(copy, { kind: 'zset', key: 'k', member: 'a', before: 1, after: 9 }, 'forward');
    // a re-score writes the active set: the copy's own now; the rows are still shared
    expect(copy.active).not.toBe(source.active);
    expect(copy.rows).toBe(source.rows);
    expect(source.active.get('a')).toBe(1);
    expect(copy.active.get('a')).toBe(9);
  });

  it('keeps a clone and its source apart whichever changes first', () => {
    const source = view();
    const before = plain(source);
    const copy = cloneView(source);
    const copied = plain(copy);
    // the source changes after the clone, as the index's walk does after each snapshot
    applyChange(source, { kind: 'zset', key: 'k', member: 'b', before: 2, after: null }, 'forward');
    applyChange(
      source,
      { kind: 'hash', key: 'emq:{q}:job:a', field: 'attempts', before: '1', after: '2' },
      'forward',
    );
    applyChange(
      source,
      { kind: 'string', key: 'emq:{q}:job:x', before: null, after: 'v' },
      'forward',
    );
    expect(source.rows.get('emq:{q}:job:x')).toBe('wrongtype');
    expect(plain(copy)).toEqual(copied);
    // and the other way round
    const again = cloneView(copy);
    applyChange(copy, { kind: 'zset', key: 'k', member: 'z', before: null, after: 5 }, 'forward');
    expect(plain(again)).toEqual(before);
    expect(copy.active.get('z')).toBe(5);
  });

  it('copies nothing for a change that leaves the view as it was', () => {
    const source = view();
    const copy = cloneView(source);
    applyChange(copy, { kind: 'zset', key: 'k', member: 'a', before: 1, after: 1 }, 'forward');
    applyChange(
      copy,
      { kind: 'zset', key: 'k', member: 'q', before: null, after: null },
      'forward',
    );
    expect(copy.active).toBe(source.active);
  });
});
