/**
 * The stepper's sentences are content with slots. Which slots a sentence names is held by the
 * compiler: `fill<T>` reads them from the sentence's literal type, so a writer who drops
 * `{lease}` or invents `{deadline}` fails `npm run typecheck` where the code fills it (the
 * `@ts-expect-error` lines below are that check, kept honest by tsc). The schema holds what only
 * runtime sees: a sentence shown as it is has no slot, a filled one no stray brace, every
 * sentence the code names is there and none other, and the counts of lists. The build runs the
 * same validation (the prerender) as this test.
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
  filled,
  plain,
} from './schema.ts';
import { braceProblems, fill, slotsIn } from './template.ts';

describe('sentences with slots', () => {
  it('fills every slot, repeated ones too, and leaves the rest of the text alone', () => {
    expect(fill('i = {i}, and {i} < #ARGV = {argc}', { i: 3, argc: 9 })).toBe(
      'i = 3, and 3 < #ARGV = 9',
    );
    expect(fill('{id} joins failed', { id: 'JOB{x}' })).toBe('JOB{x} joins failed');
    expect(slotsIn('{a} {b} {a}')).toEqual(['a', 'b']);
  });

  it('leaves the slots to the compiler: a slot the code does not fill, or one it drops, fails tsc', () => {
    const args = 'base = {base}, lease = {lease}' as const;
    expect(fill(args, { base: 'emq:{q}:', lease: 30000 })).toBe('base = emq:{q}:, lease = 30000');
    // @ts-expect-error the sentence names {lease}, which the code leaves out
    fill(args, { base: 'emq:{q}:' });
    // @ts-expect-error the code fills {deadline}, which the sentence does not name
    fill(args, { base: 'emq:{q}:', lease: 30000, deadline: 1 });
    // @ts-expect-error the real sentence from content/narration.ts, filled with a slot it lacks
    fill(narrationWords.detail.args, { base: 'b', lease: 1, deadline: 2 });
  });

  it('holds at runtime what the compiler cannot see: braces, and slots in a sentence shown as it is', () => {
    expect(braceProblems('{id} joins failed')).toEqual([]);
    expect(braceProblems('a table {1, 2} for {id}')).toEqual([
      'a brace that is not part of a {slot}',
    ]);
    expect(braceProblems('a member joins failed')).toEqual([
      'no {slot}: the code fills this sentence',
    ]);
    expect(filled.safeParse('{id} joins failed').success).toBe(true);
    expect(filled.safeParse('a member joins failed').success).toBe(false);
    expect(plain.safeParse('Step to run the script.').success).toBe(true);
    expect(plain.safeParse('Step to run {script}.').error?.issues.map((i) => i.message)).toEqual([
      'the code shows this sentence as it is: a {slot} or brace in it would reach the reader',
    ]);
    expect(plain.safeParse('').success).toBe(false);
  });

  it('holds the narration: the real words pass; a slot where nothing fills it, a stray brace, a lost sentence do not', () => {
    expect(narrationWordsSchema.safeParse(narrationWords).success).toBe(true);
    const slotted = {
      ...narrationWords,
      detail: { ...narrationWords.detail, rowMissing: 'row check: no row at {key}' },
    };
    expect(
      narrationWordsSchema
        .safeParse(slotted)
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual([
      'detail.rowMissing: the code shows this sentence as it is: a {slot} or brace in it would reach the reader',
    ]);
    const braced = { ...narrationWords, failedAfter: 'failed after {member}: {failed} }' };
    expect(
      narrationWordsSchema
        .safeParse(braced)
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(['failedAfter: a brace that is not part of a {slot}']);
    const { advance: _gone, ...missing } = narrationWords.detail;
    expect(narrationWordsSchema.safeParse({ ...narrationWords, detail: missing }).success).toBe(
      false,
    );
  });

  it("holds the stepper's own sentences: every executor and what-if named, nothing extra", () => {
    expect(stepperWordsSchema.safeParse(stepperWords).success).toBe(true);
    const { native: _gone, ...oneExecutor } = stepperWords.toolbar.executors;
    const toolbar = { ...stepperWords.toolbar, executors: oneExecutor };
    expect(stepperWordsSchema.safeParse({ ...stepperWords, toolbar }).success).toBe(false);
    const extra = { ...stepperWords, unused: 'a sentence no code shows' };
    expect(stepperWordsSchema.safeParse(extra).error?.issues.map((i) => i.code)).toEqual([
      'unrecognized_keys',
    ]);
    const leases = { ...stepperWords.leases, words: stepperWords.leases.words.slice(1) };
    expect(stepperWordsSchema.safeParse({ ...stepperWords, leases }).success).toBe(false);
  });

  it("holds the panels' words: a filled heading keeps a slot, a button its name, each check its name", () => {
    expect(panelWordsSchema.safeParse(panelWords).success).toBe(true);
    const failed = { ...panelWords.failed, heading: 'failed' };
    expect(
      panelWordsSchema
        .safeParse({ ...panelWords, failed })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(['failed.heading: no {slot}: the code fills this sentence']);
    const { last: _gone, ...buttons } = panelWords.controls.buttons;
    const controls = { ...panelWords.controls, buttons };
    expect(panelWordsSchema.safeParse({ ...panelWords, controls }).success).toBe(false);
    const { membership: _m, ...checkNames } = panelWords.members.checkNames;
    const members = { ...panelWords.members, checkNames };
    expect(panelWordsSchema.safeParse({ ...panelWords, members }).success).toBe(false);
  });

  it("holds the drawers' words: every variant named, a face shown as it is", () => {
    expect(editorWordsSchema.safeParse(editorWords).success).toBe(true);
    const { 'clock-per-member': _gone, ...variants } = editorWords.variants;
    expect(editorWordsSchema.safeParse({ ...editorWords, variants }).success).toBe(false);
    const scenario = {
      ...editorWords.scenario,
      up: { face: '↑ {n}', label: editorWords.scenario.up.label },
    };
    expect(
      editorWordsSchema
        .safeParse({ ...editorWords, scenario })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual([
      'scenario.up.face: the code shows this sentence as it is: a {slot} or brace in it would reach the reader',
    ]);
  });

  it("holds the console's and the picker's words: each run named, nothing lost", () => {
    expect(consoleWordsSchema.safeParse(consoleWords).success).toBe(true);
    expect(consoleWordsSchema.safeParse({ ...consoleWords, greeting: '' }).success).toBe(false);
    expect(pickerWordsSchema.safeParse(pickerWords).success).toBe(true);
    const { 'batch.native.raw': _gone, ...commands } = pickerWords.commands;
    expect(pickerWordsSchema.safeParse({ ...pickerWords, commands }).success).toBe(false);
    const { stamped: _s, ...epoch } = pickerWords.epoch;
    expect(pickerWordsSchema.safeParse({ ...pickerWords, epoch }).success).toBe(false);
  });
});
