/**
 * The fate picker's full entry: the catalogue of fates and the answers the simulation gives for
 * each. It runs the simulator, so the build and lazy chunks import it; eager code uses
 * `./picker.ts`.
 */
export { DEFAULT_FATE, FATES, ILL_FORMED_ID, fateById } from './catalogue.ts';
export type { Arity, Executor, Fate, FateClaims, FateId, RunKey, Verdict } from './catalogue.ts';
export { FATE_RUN_ID, answersFor, computeFate, rawArgs } from './compute.ts';
export type { CellAnswer, CellKey, FateAnswers, RunAnswer } from './compute.ts';
export { announce, cellNames, epochLine, leadRun, stateFacts, verdictLabel } from './present.ts';
export type { StateFact } from './present.ts';
export { formatCliCommand, formatCliReply, quoteBulk } from '@batch-lease/redis-sim/client';
export { STEPPER_KEY, stepLink, stepperHash } from './step-link.ts';
export type { StepLink } from './step-link.ts';
export { fromAnswersData, toAnswersData } from './answers-data.ts';
export { buildFateAnswers } from './built-answers.ts';
export type { FateAnswersData } from './answers-data.ts';
export type { BullmqAnswers, BullmqRunAnswer } from './bullmq.ts';
