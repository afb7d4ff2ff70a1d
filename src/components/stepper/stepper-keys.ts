/**
 * The stepper's keys, and which keys a focused control keeps for itself. The keys work while
 * focus is anywhere in the stepper, buttons and the timeline included; a text field, a select,
 * a radio group's arrows and a checkbox's Space keep their own meaning.
 */
import type { StepperEvent } from '../../stepper/index.ts';

// input types whose keys are the learner's typing, not ours
const TYPING_INPUTS = new Set([
  'text',
  'number',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'date',
  'time',
  'datetime-local',
  'month',
  'week',
]);

/** Whether `target` keeps `key` for itself (so the stepper must leave it alone). */
export function keyBelongsToField(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    const type = target.type;
    if (TYPING_INPUTS.has(type)) return true;
    // a radio group moves with its arrows and picks with Space; a checkbox toggles with Space
    if (type === 'radio') return true;
    if (type === 'checkbox') return key === ' ';
  }
  return false;
}

/** The event a key sends, or null when the stepper does not answer it. */
export function eventOfKey(key: string, shift: boolean): StepperEvent | null {
  switch (key) {
    case 'ArrowRight':
      return { type: shift ? 'step.member' : 'step.forward' };
    case 'ArrowLeft':
      return { type: shift ? 'step.memberBack' : 'step.back' };
    case ' ':
      return { type: 'toggle' };
    case 'Home':
      return { type: 'step.first' };
    case 'End':
      return { type: 'step.last' };
    default:
      return null;
  }
}
