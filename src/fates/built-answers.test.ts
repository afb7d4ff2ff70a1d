/**
 * The custom element's fate picker shows answers the build made (`virtual:fate-answers`) and
 * runs no simulator: one semantics only if those are the simulator's own answers. So what the
 * build made equals a direct run of every fate, read back as the picker reads it.
 */
import { describe, expect, it } from 'vitest';
import { answers } from 'virtual:fate-answers';
import { FATES } from './catalogue.ts';
import { computeFate } from './compute.ts';
import { fromAnswersData } from './answers-data.ts';

describe('the fate picker’s answers, made by the build', () => {
  it('are every fate’s answers as the simulator gives them, in the catalogue’s order', () => {
    expect(answers.map((a) => a.fate)).toEqual(FATES.map((f) => f.id));
    expect(answers.map(fromAnswersData)).toStrictEqual(FATES.map((f) => computeFate(f)));
  });
});
