/**
 * The fate picker's light entry: the catalogue of fates, the words around an answer, the link
 * to a fate's step and answers as data. Nothing here runs a server, so the page's fate picker
 * may import it eagerly; `./index.ts` adds the computation, which runs the simulator.
 */
export { fromAnswersData } from './answers-data.ts';
export type { FateAnswersData } from './answers-data.ts';
export { DEFAULT_FATE, FATE_PARAM, FATES } from './catalogue.ts';
export type { FateId } from './catalogue.ts';
export type { CellAnswer, FateAnswers, RunAnswer } from './compute.ts';
export { announce, cellNames, epochLine, leadRun, stateFacts, verdictLabel } from './present.ts';
export { stepLink } from './step-link.ts';
export type { BullmqAnswers, BullmqRunAnswer } from './bullmq.ts';
