import { describe, expect, test } from 'vitest';
import { encodeHash } from '../scenario/index.ts';
import { liveJob, scenarioOf } from '../scenario/presets.ts';
import { bookmarkOf, decodePlace, encodePlace } from './place.ts';

const lines = `console=${'A'.repeat(3000)}`;
const lua = `lua=${'B'.repeat(2000)}`;
// a scenario that is no preset travels whole in the hash (`s=`, some 3,000 characters here)
const ids = Array.from({ length: 16 }, (_, i) => `JOB0KHTOWnGL${String(i).padStart(2, '0')}`);
const custom = (k: number) =>
  encodeHash('stepper', {
    scenario: scenarioOf(
      ids.map((id) => liveJob(id)),
      ids.map((id) => ({ id, token: 1 })),
    ),
    executor: 'script',
    step: k,
    compare: false,
  });

describe('the learner’s place as suspend data', () => {
  test('a place that fits is kept whole, and reads back', () => {
    const place = { hash: '#stepper?preset=reaped&x=script&k=9', fate: 'stale-token' };
    const saved = encodePlace(place, 4096);
    expect(saved.dropped).toEqual([]);
    expect(decodePlace(saved.data)).toEqual({ ...place, dropped: [] });
  });

  test('what does not fit is dropped least needed first, and the data says so', () => {
    const hash = `#stepper?preset=default&x=script&k=7&${lua}&${lines}`;
    const saved = encodePlace({ hash, fate: null }, 4096);
    expect(saved.data.length).toBeLessThanOrEqual(4096);
    expect(saved.dropped).toEqual(['console lines']);
    expect(decodePlace(saved.data)).toMatchObject({ dropped: ['console lines'] });
    expect(decodePlace(saved.data)!.hash).toContain('k=7');

    const hash7 = `${custom(7)}&${lua}&${lines}`;
    const smaller = encodePlace({ hash: hash7, fate: 'no-row' }, 4096);
    expect(smaller.data.length).toBeLessThanOrEqual(4096);
    expect(smaller.dropped).toEqual(['console lines', 'edited script']);
    const tiny = encodePlace({ hash: hash7, fate: 'no-row' }, 1000);
    expect(tiny.dropped).toEqual(['console lines', 'edited script', 'scenario']);
    expect(decodePlace(tiny.data)).toMatchObject({ hash: '', fate: 'no-row' });
  });

  test('lines typed before the stepper wrote its state (`#console=…`) are the console lines', () => {
    const saved = encodePlace({ hash: `#${lines}`, fate: 'no-row' }, 1000);
    expect(saved.dropped).toEqual(['console lines']);
    expect(decodePlace(saved.data)).toMatchObject({ hash: '', fate: 'no-row' });
  });

  test('data this lesson did not write is no place', () => {
    for (const data of ['', 'not json', '{"v":2,"h":""}', '{"v":1,"h":"javascript:x"}'])
      expect(decodePlace(data)).toBeNull();
  });

  test('the bookmark is the step without lines or script, when it fits', () => {
    const hash = `#stepper?preset=default&x=script&k=7&${lua}&${lines}`;
    expect(bookmarkOf({ hash, fate: null }, 255)).toBe('#stepper?preset=default&x=script&k=7');
    expect(bookmarkOf({ hash: custom(1), fate: null }, 255)).toBe('');
  });
});
