import { encodeHash, type Scenario, validateScenario } from '../scenario/index.ts';
import type { Fate } from './catalogue.ts';

/** The hash key the page's stepper listens on. */
export const STEPPER_KEY = 'stepper';

/** Where "step it" leads for one fate: the stepper's own URL state, or why it cannot go there. */
export type StepLink = { href: string } | { href: null; refused: string };

/** The stepper's hash for a whole scenario, from its first step, in compare mode. */
export function stepperHash(scenario: Scenario): string {
  return encodeHash(STEPPER_KEY, { scenario, executor: 'script', step: 0, compare: true });
}

/**
 * The link that opens the page's stepper on the fate's one-job state. A state the stepper's
 * editor would refuse (an ill-formed id) gets no link, only the editor's refusal.
 */
export function stepLink(fate: Fate): StepLink {
  const refusals = validateScenario(fate.scenario);
  if (refusals.length > 0) return { href: null, refused: refusals[0]!.message };
  return { href: stepperHash(fate.scenario) };
}
