import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import type { RunIndex, StepperMachine } from '../../stepper/index.ts';

/**
 * What `select` reads from run `ix` at the machine's step, for a part of the stage that renders
 * only when what it shows changes: the machine's every step runs `select`, and the component
 * renders again only when the value is not the same (`same`, else `Object.is`). The selectors
 * are the ones the rest of the stage reads (`src/stepper`), so the parts agree step by step.
 * The step is taken at most `ix.n`: the machine may already stand in a longer run that has not
 * reached this component yet (it renders with that run next).
 */
export function useAtStep<T>(
  actor: Actor<StepperMachine>,
  ix: RunIndex,
  select: (k: number) => T,
  same?: (a: T, b: T) => boolean,
): T {
  return useSelector(actor, (snap) => select(Math.min(snap.context.k, ix.n)), same);
}

/** Whether two props objects hold the same values, key by key (`Object.is`). */
export function sameProps<T extends object>(a: T, b: T): boolean {
  for (const key in a) if (!Object.is(a[key], b[key])) return false;
  return true;
}
