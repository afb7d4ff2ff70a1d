import { describe, expect, it } from 'vitest';
import { defaultScenario, presetById } from '../../scenario/index.ts';
import { stageTitle } from './stage-title.ts';

describe("the stage's title", () => {
  it('names how many leases the scenario extends', () => {
    expect(stageTitle(defaultScenario())).toBe('Extend four leases · step the members');
    expect(stageTitle(presetById('thousand').build())).toBe(
      'Extend 1,000 leases · step the members',
    );
    const two = { ...defaultScenario(), held: defaultScenario().held.slice(0, 2) };
    expect(stageTitle(two)).toBe('Extend two leases · step the members');
    const one = { ...defaultScenario(), held: defaultScenario().held.slice(0, 1) };
    expect(stageTitle(one)).toBe('Extend one lease · step the members');
    const many = { ...defaultScenario(), held: Array.from({ length: 504 }, () => one.held[0]!) };
    expect(stageTitle(many)).toBe('Extend 504 leases · step the members');
  });
});
