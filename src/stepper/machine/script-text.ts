/**
 * Which Lua text a script run uses, and how the stepper keeps that choice: the lesson's script,
 * a counterfactual (by its variant id) or the learner's own text.
 */
import { LESSON_SCRIPT } from '../words/lesson-text.ts';
import { variantOfSource, variantSource } from '../what-ifs/script-edits.ts';
import type { Variant } from '../../vocabulary/index.ts';

/** The Lua text the script executor runs: the learner's, a counterfactual's, or null (the lesson's). */
export function scriptText(variant: Variant, script: string | null): string | null {
  return script ?? variantSource(LESSON_SCRIPT, variant);
}

/**
 * A script text as the context keeps it: the lesson's or a counterfactual's text is told by
 * its variant (so a link says `v=…`, and an old variant link reads as it did), anything else
 * is the learner's script.
 */
export function scriptChoice(source: string | null): { variant: Variant; script: string | null } {
  if (source === null) return { variant: 'real', script: null };
  const variant = variantOfSource(LESSON_SCRIPT, source);
  return variant === null ? { variant: 'real', script: source } : { variant, script: null };
}
