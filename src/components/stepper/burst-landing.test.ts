// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { BURST_FRAMES, holdInBurst, inBurst, noteStep } from './burst-landing.ts';

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(() => r(null)));
};

describe('holdInBurst', () => {
  it('lets a landing asked for alone land at once', async () => {
    const target = {};
    const landed: string[] = [];
    expect(holdInBurst(target, () => landed.push('a'))).toBe(false);
    await frames(BURST_FRAMES + 1);
    // (the caller landed it; nothing is held for later)
    expect(landed).toEqual([]);
    // and once the steps have paused, the next one lands at once too
    expect(holdInBurst(target, () => landed.push('b'))).toBe(false);
  });

  it('holds the landings of a burst and takes only the last, once the steps pause', async () => {
    const target = {};
    const landed: string[] = [];
    expect(holdInBurst(target, () => landed.push('a'))).toBe(false);
    for (const name of ['b', 'c', 'd']) {
      await frames(BURST_FRAMES - 1);
      expect(
        holdInBurst(target, () => landed.push(name)),
        name,
      ).toBe(true);
      expect(landed).toEqual([]);
    }
    await frames(BURST_FRAMES - 1);
    expect(landed).toEqual([]);
    await frames(1);
    expect(landed).toEqual(['d']);
    await frames(BURST_FRAMES + 1);
    expect(landed).toEqual(['d']);
  });

  it('drops a held landing when a later step of the burst already shows its panel', async () => {
    const target = {};
    const landed: string[] = [];
    holdInBurst(target, () => landed.push('a'));
    await frames(1);
    expect(holdInBurst(target, () => landed.push('b'))).toBe(true);
    await frames(1);
    noteStep(target);
    // the burst goes on: a landing asked for now is still held
    await frames(1);
    expect(holdInBurst(target, () => landed.push('c'))).toBe(true);
    await frames(1);
    noteStep(target);
    await frames(BURST_FRAMES + 1);
    expect(landed).toEqual([]);
  });

  it('keeps each scroll target to its own burst', async () => {
    const one = {};
    const two = {};
    holdInBurst(one, () => {});
    expect(holdInBurst(two, () => {})).toBe(false);
  });
});

describe('inBurst', () => {
  it('says what holdInBurst would answer now, and changes nothing', async () => {
    const target = {};
    expect(inBurst(target)).toBe(false);
    // asking again and again holds nothing and starts no burst
    expect(inBurst(target)).toBe(false);
    expect(holdInBurst(target, () => {})).toBe(false);
    expect(inBurst(target)).toBe(true);
    await frames(BURST_FRAMES - 1);
    expect(inBurst(target)).toBe(true);
    expect(holdInBurst(target, () => {})).toBe(true);
    await frames(BURST_FRAMES + 1);
    expect(inBurst(target)).toBe(false);
    expect(holdInBurst(target, () => {})).toBe(false);
  });
});
