import type { StepperEvent } from '../../stepper/index.ts';
import type { SharedState } from '../../scenario/index.ts';

/**
 * The one event that puts a stepper where a shared state says: everything a link carries (the
 * scenario, executor and step, the what-if or the learner's own script, predict mode and its
 * picks, the speed, the compare view). The lesson's link reader and the embeds' `state`
 * (the custom element's attribute, the embed page's hash) send it, so an element restores what
 * a link restores. `console`: the link carries console lines too (the console opens). A script
 * the state says reached a limit when it last ran (`limited`), or that the learner stopped
 * (`stopped`), is held, not run.
 */
export function restoreEvent(
  state: SharedState,
  console = false,
): Extract<StepperEvent, { type: 'state.restore' }> {
  const { scenario, executor, step, variant, script, limited, stopped } = state;
  const { predict, picks, speed, compare } = state;
  return {
    type: 'state.restore',
    scenario,
    executor,
    k: step,
    variant,
    script: script ?? null,
    predict,
    picks: picks ? { ...picks } : undefined,
    speed,
    compare,
    console,
    limited,
    stopped,
  };
}
