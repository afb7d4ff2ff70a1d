import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { defaultScenario } from '../../scenario/presets.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';
import { stepperMachine, type StepperEvent, type StepperInput } from './stepperMachine.ts';

type Snap = ReturnType<typeof initialTransition<typeof stepperMachine>>[0];
const source = createSimTraceSource();
const start = (input: StepperInput = {}) =>
  initialTransition(stepperMachine, { source, ...input })[0];
const send = (s: Snap, ...events: StepperEvent[]) =>
  events.reduce((acc, e) => transition(stepperMachine, acc, e)[0], s);

describe("the stage's tab and drawer", () => {
  it('opens on the script with no drawer, or with compare open when asked', () => {
    expect(start().context).toMatchObject({ tab: 'script', more: 'locals', drawer: null });
    expect(start({ compare: true }).context.drawer).toBe('compare');
  });

  it('shows a tab and keeps the step, the run and play as they are', () => {
    let s = send(start(), { type: 'step.forward' }, { type: 'step.forward' }, { type: 'play' });
    const run = s.context.ix;
    s = send(s, { type: 'tab.show', tab: 'locals' });
    expect(s.context).toMatchObject({ tab: 'locals', more: 'locals', k: 2 });
    expect(s.context.ix).toBe(run);
    expect(s.value).toBe('playing');
  });

  it('remembers the last of the third region’s tabs while the script or members show', () => {
    const s = send(
      start(),
      { type: 'tab.show', tab: 'call' },
      { type: 'tab.show', tab: 'state' },
      { type: 'tab.show', tab: 'script' },
    );
    expect(s.context).toMatchObject({ tab: 'script', more: 'call' });
  });

  it('takes a tab it does not know as the script', () => {
    const s = send(start(), { type: 'tab.show', tab: 'keyspace' }, {
      type: 'tab.show',
      tab: 'nonsense',
    } as unknown as StepperEvent);
    expect(s.context.tab).toBe('script');
  });

  it('opens one drawer at a time, and closes it', () => {
    let s = send(start(), { type: 'drawer.set', drawer: 'script' });
    expect(s.context.drawer).toBe('script');
    s = send(s, { type: 'drawer.set', drawer: 'console' });
    expect(s.context.drawer).toBe('console');
    s = send(s, { type: 'drawer.set', drawer: null });
    expect(s.context.drawer).toBeNull();
  });

  it('keeps the tab and drawer through a new run (a preset, an edit, another executor)', () => {
    let s = send(
      start(),
      { type: 'tab.show', tab: 'keyspace' },
      { type: 'drawer.set', drawer: 'scenario' },
    );
    s = send(
      s,
      { type: 'scenario.load', preset: 'reaped' },
      { type: 'executor.set', executor: 'native' },
    );
    expect(s.context).toMatchObject({ tab: 'keyspace', drawer: 'scenario' });
  });

  it("follows a link's compare flag: opens compare, closes it, leaves another drawer open", () => {
    const scenario = defaultScenario();
    const link = (compare?: boolean): StepperEvent => ({
      type: 'state.restore',
      scenario,
      executor: 'script',
      k: 3,
      compare,
    });
    let s = send(start(), link(true));
    expect(s.context.drawer).toBe('compare');
    s = send(s, link(false));
    expect(s.context.drawer).toBeNull();
    s = send(s, { type: 'drawer.set', drawer: 'script' }, link(false));
    expect(s.context.drawer).toBe('script');
    // a restore that does not speak of compare leaves the drawer alone
    s = send(s, { type: 'drawer.set', drawer: 'compare' }, link(undefined));
    expect(s.context.drawer).toBe('compare');
  });

  it('opens the console for a link that carries its typed lines, in the same restore as the step', () => {
    const scenario = defaultScenario();
    const link = (console: boolean, compare?: boolean): StepperEvent => ({
      type: 'state.restore',
      scenario,
      executor: 'script',
      k: 2,
      compare,
      console,
    });
    // a relaunch whose place comes after the stepper is up: closed, then the step and the console
    let s = send(start(), link(true, false));
    expect(s.context).toMatchObject({ k: 2, drawer: 'console' });
    // the lines replay in the console, over whatever drawer was open, compare asked or not
    for (const open of ['script', 'scenario', 'compare'] as const) {
      s = send(start(), { type: 'drawer.set', drawer: open }, link(true, true));
      expect(s.context.drawer).toBe('console');
    }
    // a link without lines leaves an open console open, and a closed one closed
    s = send(start(), { type: 'drawer.set', drawer: 'console' }, link(false, false));
    expect(s.context.drawer).toBe('console');
    expect(send(start(), link(false, false)).context.drawer).toBeNull();
  });
});
