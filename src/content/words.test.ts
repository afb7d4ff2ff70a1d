/**
 * The stepper's sentences are content with slots: each one must name exactly the slots its
 * code fills, so a writer who drops `{lease}` or invents `{deadline}` is stopped by the build
 * (the prerender runs the same validation) and by this test.
 */
import { describe, expect, it } from 'vitest';
import { consoleWords } from '../../content/console.ts';
import { editorWords } from '../../content/editors.ts';
import { pickerWords } from '../../content/fates.ts';
import { narrationWords } from '../../content/narration.ts';
import { panelWords } from '../../content/panels.ts';
import { stepperWords } from '../../content/stepper.ts';
import {
  consoleWordsSchema,
  editorWordsSchema,
  pickerWordsSchema,
  narrationWordsSchema,
  panelWordsSchema,
  stepperWordsSchema,
  template,
} from './schema.ts';
import { fill, slotsIn, templateProblems } from './template.ts';

describe('sentences with slots', () => {
  it('fills every slot, repeated ones too, and leaves the rest of the text alone', () => {
    expect(fill('i = {i}, and {i} < #ARGV = {argc}', { i: 3, argc: 9 })).toBe(
      'i = 3, and 3 < #ARGV = 9',
    );
    expect(fill('{id} joins failed', { id: 'JOB{x}' })).toBe('JOB{x} joins failed');
    expect(slotsIn('{a} {b} {a}')).toEqual(['a', 'b']);
  });

  it('names a slot the code does not fill, a slot it leaves out, and a stray brace', () => {
    expect(templateProblems('lease = {lease}', ['lease'])).toEqual([]);
    expect(templateProblems('lease = {deadline}', ['lease'])).toEqual([
      '{deadline} is not a slot the code fills (it fills {lease})',
      '{lease} is missing: the code fills it',
    ]);
    expect(templateProblems('a table {1, 2}', [])).toEqual([
      'a brace that is not part of a {slot}',
    ]);
    expect(template('id').safeParse('{id} joins failed').success).toBe(true);
    expect(template('id').safeParse('a member joins failed').success).toBe(false);
  });

  it('holds the narration: the real words pass, a dropped or invented slot does not', () => {
    expect(narrationWordsSchema.safeParse(narrationWords).success).toBe(true);
    const dropped = {
      ...narrationWords,
      detail: { ...narrationWords.detail, args: 'base = {base}, lease = tonumber(ARGV[1])' },
    };
    const res = narrationWordsSchema.safeParse(dropped);
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'detail.args: {lease} is missing: the code fills it',
    ]);
    const invented = { ...narrationWords, failedAfter: 'failed after {member}: {failed} {when}' };
    expect(narrationWordsSchema.safeParse(invented).success).toBe(false);
    const { advance: _gone, ...missing } = narrationWords.detail;
    expect(narrationWordsSchema.safeParse({ ...narrationWords, detail: missing }).success).toBe(
      false,
    );
  });

  it("holds the stepper's own sentences: every executor and what-if named, slots as filled", () => {
    expect(stepperWordsSchema.safeParse(stepperWords).success).toBe(true);
    const { native: _gone, ...oneExecutor } = stepperWords.toolbar.executors;
    const toolbar = { ...stepperWords.toolbar, executors: oneExecutor };
    expect(stepperWordsSchema.safeParse({ ...stepperWords, toolbar }).success).toBe(false);
    const runNotes = {
      ...stepperWords.runNotes,
      drift: 'The scores drift from {first} to {last}.',
    };
    const res = stepperWordsSchema.safeParse({ ...stepperWords, runNotes });
    expect(res.error?.issues.map((i) => i.message)).toEqual([
      '{count} is missing: the code fills it',
      '{gap} is missing: the code fills it',
      '{modelled} is missing: the code fills it',
    ]);
  });

  it("holds the panels' words: a heading's count, a button's name, each check's name", () => {
    expect(panelWordsSchema.safeParse(panelWords).success).toBe(true);
    const failed = { ...panelWords.failed, heading: 'failed' };
    expect(
      panelWordsSchema
        .safeParse({ ...panelWords, failed })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(['failed.heading: {count} is missing: the code fills it']);
    const { last: _gone, ...buttons } = panelWords.controls.buttons;
    const controls = { ...panelWords.controls, buttons };
    expect(panelWordsSchema.safeParse({ ...panelWords, controls }).success).toBe(false);
    const { membership: _m, ...checkNames } = panelWords.members.checkNames;
    const members = { ...panelWords.members, checkNames };
    expect(panelWordsSchema.safeParse({ ...panelWords, members }).success).toBe(false);
  });

  it("holds the drawers' words: every variant named, a pair's number in its labels", () => {
    expect(editorWordsSchema.safeParse(editorWords).success).toBe(true);
    const { 'clock-per-member': _gone, ...variants } = editorWords.variants;
    expect(editorWordsSchema.safeParse({ ...editorWords, variants }).success).toBe(false);
    const scenario = { ...editorWords.scenario, up: { face: '↑ Up', label: 'move this pair up' } };
    expect(
      editorWordsSchema
        .safeParse({ ...editorWords, scenario })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(['scenario.up.label: {n} is missing: the code fills it']);
    const scriptErrors = { ...editorWords.scriptErrors, runtime: 'Line {lines} failed.' };
    expect(editorWordsSchema.safeParse({ ...editorWords, scriptErrors }).success).toBe(false);
  });

  it("holds the console's and the picker's words: each run named, slots as filled", () => {
    expect(consoleWordsSchema.safeParse(consoleWords).success).toBe(true);
    const greeting = 'Connected to the simulated server as {user}.';
    expect(
      consoleWordsSchema
        .safeParse({ ...consoleWords, greeting })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(['greeting: {origin} is missing: the code fills it']);
    expect(pickerWordsSchema.safeParse(pickerWords).success).toBe(true);
    const { 'batch.native.raw': _gone, ...commands } = pickerWords.commands;
    expect(pickerWordsSchema.safeParse({ ...pickerWords, commands }).success).toBe(false);
    const epoch = { ...pickerWords.epoch, stamped: 'stamped with the run_id' };
    expect(pickerWordsSchema.safeParse({ ...pickerWords, epoch }).success).toBe(false);
  });
});
