/**
 * Which script texts are a learner's: the runs that may do all the work a budget allows, so the
 * ones a time limit ends (in the worker, or on the page where no worker starts). The lesson's
 * script and its what-ifs end within a few steps a pair, and no limit of the machine's speed may
 * end them: what they show must not depend on how fast the machine is.
 */
import { BATCH_SOURCE } from '@batch-lease/echomq';
import type { Executor } from '../../scenario/index.ts';
import { variantOfSource } from '../what-ifs/script-edits.ts';

/**
 * Whether the script executor's text is a learner's: neither the lesson's script nor a what-if
 * (both of which end within a few steps a pair, and are made on the page at once).
 */
export function isLearnersText(executor: Executor, script: string | null): script is string {
  if (executor !== 'script' || script === null || script === BATCH_SOURCE) return false;
  return variantOfSource(BATCH_SOURCE, script) === null;
}
