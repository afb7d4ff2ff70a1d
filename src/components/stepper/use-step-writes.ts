import { useLayoutEffect, type RefObject } from 'react';
import type { Actor } from 'xstate';
import type { RunIndex, StepperMachine } from '../../stepper/index.ts';
import { stepWriter, type StepPlaces, type StepWords } from './step-writer.ts';

/** The refs of the places a step writes to. */
export interface StepPlaceRefs {
  counter: RefObject<HTMLElement | null>;
  timeline: RefObject<HTMLInputElement | null>;
  narration: RefObject<HTMLDivElement | null>;
  code: RefObject<HTMLPreElement | null>;
}

/**
 * Keeps the places every step changes (`StepPlaces`) at the machine's step, by a subscription
 * to its actor: a step writes them as the machine takes it, before React renders the rest of
 * the stage, in the same task and so the same frame. React renders those places only at
 * `shownK`, once per run.
 */
export function useStepWrites(
  actor: Actor<StepperMachine>,
  ix: RunIndex | null,
  shownK: number,
  refs: StepPlaceRefs,
  words: StepWords,
): void {
  const { position, codeLabel, litClass } = words;
  useLayoutEffect(() => {
    if (!ix) return;
    const places: StepPlaces = {
      counter: refs.counter.current,
      timeline: refs.timeline.current,
      narration: refs.narration.current,
      code: refs.code.current,
    };
    const writer = stepWriter(places, ix, shownK, { position, codeLabel, litClass });
    const follow = (snap: ReturnType<typeof actor.getSnapshot>) => {
      // another run's steps are not this writer's: React renders the new run's places first
      if (snap.context.ix === ix) writer.write(snap.context.k);
    };
    follow(actor.getSnapshot());
    const sub = actor.subscribe(follow);
    return () => {
      sub.unsubscribe();
      writer.stop();
    };
  }, [actor, ix, shownK, refs, position, codeLabel, litClass]);
}
