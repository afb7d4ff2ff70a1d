/**
 * The fate picker's BullMQ column: BullMQ's own scripts on the fate's one-job state mirrored
 * into BullMQ's keys, through the same simulator code path the BullMQ stepper steps
 * (`runBullmq`). A fate with no counterpart in BullMQ has no runs.
 */
import { bullmqFateWords } from '../../content/bullmq.ts';
import { formatCliCommand, formatCliReply } from '@batch-lease/redis-sim/client';
import { heldVerdict, runBullmq, type HeldVerdict } from '../stepper/simulate.ts';
import type { Fate } from './catalogue.ts';

/** One of BullMQ's two scripts on the fate's job: what it was sent and what it answered. */
export interface BullmqRunAnswer {
  verdict: HeldVerdict;
  /** the reply as redis-cli prints it */
  shown: string;
  /** the call, as typed at redis-cli */
  sent: string;
}

/** The BullMQ column of one fate: the single script's row and the batch's. */
export interface BullmqAnswers {
  single: BullmqRunAnswer;
  batch: BullmqRunAnswer;
}

/** BullMQ's answers for `fate`, or null when the fate has no counterpart in BullMQ. */
export function computeBullmq(fate: Fate): BullmqAnswers | null {
  if (bullmqFateWords[fate.id].verdict === null) return null;
  const id = fate.scenario.held[0]!.id;
  const answer = (script: 'extendLock' | 'extendLocks'): BullmqRunAnswer => {
    const run = runBullmq(fate.scenario, script);
    return {
      verdict: heldVerdict(run.reply, id),
      shown: formatCliReply(run.reply),
      sent: formatCliCommand([...run.args]),
    };
  };
  return { single: answer('extendLock'), batch: answer('extendLocks') };
}
