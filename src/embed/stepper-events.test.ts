import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { stepperMachine } from '../stepper/machine/stepperMachine.ts';
import { createSimTraceSource } from '../stepper/runs/trace-source.ts';
import { presetById } from '../scenario/presets.ts';
import type { EmbedEventDetail, EmbedEventKind } from './host-events.ts';
import { stepperEvents } from './stepper-events.ts';

function follow() {
  const heard: { kind: EmbedEventKind; detail: EmbedEventDetail[EmbedEventKind] }[] = [];
  const see = stepperEvents((kind, detail) => heard.push({ kind, detail }));
  const actor = createActor(stepperMachine, {
    input: { source: createSimTraceSource() },
  }).start();
  const tick = () => see(actor.getSnapshot().context);
  tick();
  actor.subscribe(tick);
  return { heard, actor };
}

describe('the host events a stepper tells', () => {
  test('ready first, a step per move, completed once at the end', () => {
    const { heard, actor } = follow();
    expect(heard[0]!.kind).toBe('ready');
    actor.send({ type: 'step.forward' });
    const steps = heard
      .filter((h) => h.kind === 'step')
      .map((h) => h.detail as EmbedEventDetail['step']);
    expect(steps.at(-1)!.k).toBe(1);
    actor.send({ type: 'step.last' });
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.last' });
    const completed = heard.filter((h) => h.kind === 'completed');
    expect(completed).toHaveLength(1);
    const n = (completed[0]!.detail as EmbedEventDetail['completed']).n;
    expect(
      heard.filter((h) => h.kind === 'step').map((h) => (h.detail as { k: number }).k),
    ).toContain(n);
  });

  test('a prediction is answered with whether it was right, and the tally follows', () => {
    const { heard, actor } = follow();
    actor.send({ type: 'predict.set', on: true });
    actor.send({ type: 'step.member' });
    actor.send({ type: 'predict.choose', choice: 'rescored' });
    const answered = heard.filter((h) => h.kind === 'answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.detail).toMatchObject({ member: 0, id: 'member-0', answer: 'rescored' });
    expect(typeof (answered[0]!.detail as { right: boolean }).right).toBe('boolean');
    expect(heard.filter((h) => h.kind === 'tally').at(-1)!.detail).toMatchObject({ total: 1 });
  });

  test('an answer is right as the tally counts it: "re-scored" for a live lease the native twin could not write', () => {
    const { heard, actor } = follow();
    const scenario = presetById('read-only-caller').build();
    actor.send({ type: 'state.restore', scenario, executor: 'native', k: 0 });
    actor.send({ type: 'predict.set', on: true });
    const ix = actor.getSnapshot().context.ix;
    if (!('n' in ix)) throw new Error('no native run');
    for (let i = 0; i < 2; i++) {
      actor.send({ type: 'step.member' });
      actor.send({ type: 'predict.choose', choice: 'rescored' });
    }
    const answered = heard
      .filter((h) => h.kind === 'answered')
      .map((h) => h.detail as EmbedEventDetail['answered']);
    const unwritten = answered.filter((a) => ix.members[a.member!]?.outcome === 'unwritten');
    expect(unwritten.length).toBeGreaterThan(0);
    for (const a of unwritten) expect(a.right).toBe(true);
    const last = heard.filter((h) => h.kind === 'tally').at(-1)!
      .detail as EmbedEventDetail['tally'];
    expect(answered.filter((a) => a.right).length).toBe(last.right);
  });
});

describe('what the host is told of a run', () => {
  test('a step is told once, however often the snapshot repeats it', () => {
    const { heard, actor } = follow();
    actor.send({ type: 'step.forward' });
    actor.send({ type: 'predict.set', on: true });
    actor.send({ type: 'predict.set', on: false });
    const ks = heard.filter((h) => h.kind === 'step').map((h) => (h.detail as { k: number }).k);
    expect(ks).toEqual([0, 1]);
  });

  test('no member id the scenario holds is told, only its place', () => {
    const { heard, actor } = follow();
    actor.send({ type: 'step.member' });
    actor.send({ type: 'step.last' });
    const text = JSON.stringify(heard);
    for (const id of actor.getSnapshot().context.scenario.held.map((p) => p.id))
      expect(text).not.toContain(id);
    expect(
      heard.some(
        (h) => h.kind === 'step' && (h.detail as { member: number | null }).member !== null,
      ),
    ).toBe(true);
  });
});
