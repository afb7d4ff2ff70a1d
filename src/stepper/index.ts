/**
 * The stepper's public entry: its machine, the runs it steps (their index, their JSON form and
 * where they are fetched from), the views and words computed from a step, and the what-ifs.
 * Nothing here runs the simulator; `./simulate.ts` does, and `./prerender.ts` is for the build.
 */
export { compareFinal } from './machine/compare.ts';
export type { CompareRow, ReplyCell } from './machine/compare.ts';
export { isRightPick, latestFeedback, tally } from './machine/predict.ts';
export { scriptText } from './machine/script-text.ts';
export { isLimitReply } from './machine/limit-reached.ts';
export { STAGE_DRAWERS, isMoreTab } from './machine/stage-ui.ts';
export type { MoreTab, StageDrawer, StageTab } from './machine/stage-ui.ts';
export { panelOfStep } from './views/panel-of.ts';
export type { StepPanel } from './views/panel-of.ts';
export {
  SIMULATOR_LOAD_FAILED,
  SPEEDS,
  runFailureWords,
  isPending,
  runFor,
  stepperMachine,
} from './machine/stepperMachine.ts';
export type {
  Prediction,
  StepperContext,
  StepperEvent,
  StepperMachine,
} from './machine/stepperMachine.ts';
export type { KeyspaceView } from './runs/keyspace-view.ts';
export { buildRunIndex, keyspaceAt } from './runs/run-index.ts';
export type { MemberInfo, RunIndex } from './runs/run-index.ts';
export { prerenderedFromJSON } from './runs/run-json.ts';
export type { PrerenderedRunJSON } from './runs/run-json.ts';
export { createRunSource } from './runs/run-source.ts';
export type { PrerenderedRun, RunSource } from './runs/run-source.ts';
export { lazySimulator } from './runs/simulator-loader.ts';
export {
  OFF_THREAD_TIME_LIMIT_MS,
  OffThreadUnavailable,
  RunEnded,
  SimulatorFault,
} from './runs/off-thread.ts';
export type { OffThreadRuns } from './runs/off-thread.ts';
export type { SimulatorLoader } from './runs/simulator-loader.ts';
export {
  changeText,
  isGeneralRun,
  selectCalls,
  selectChanges,
  selectOtherChanges,
  stepWroteOnlyElsewhere,
} from './views/general-view.ts';
export type { CallView, ChangeView, SoFar } from './views/general-view.ts';
export { selectLocals } from './views/locals-at.ts';
export { MAX_TABLE_LINES, selectLocalsLayout } from './views/locals-layout.ts';
export type { LocalsLayout } from './views/locals-layout.ts';
export { bullmqKeyspaceAt } from './views/bullmq-keyspace.ts';
export { bullmqRunFromJSON } from './runs/bullmq-run-json.ts';
export { heldVerdict } from './runs/held-verdict.ts';
export type { HeldVerdict } from './runs/held-verdict.ts';
export { bullmqSentRows } from './views/bullmq-sent.ts';
export type { BullmqSentRow } from './views/bullmq-sent.ts';
export type { BullmqKeyRow } from './views/bullmq-keyspace.ts';
export type { LocalView } from './views/locals-at.ts';
export { diffScript } from './views/script-diff.ts';
export { activeLayoutOf } from './views/active-layout.ts';
export type { ActiveLayout } from './views/active-layout.ts';
export type { LineMark } from './views/script-diff.ts';
export {
  activeRowsAt,
  activeWindowAt,
  awaitsPrediction,
  jobRowsAt,
  rowIds,
  selectClock,
  selectCurrentMember,
  selectFailed,
  selectInvariantBreaks,
  selectMemberState,
  selectPointer,
  selectReply,
  selectStep,
  windowAround,
} from './views/selectors.ts';
export { selectDistinctScores, selectMemberTallies } from './views/member-tallies.ts';
export type { ActiveWindow, MemberState, RescoreKind, Verdict } from './views/selectors.ts';
export { chosenQuoted, shownText } from './views/shown-text.ts';
export type { EntryView, TableView } from './views/table-contents.ts';
export { editOf, untrueCommentLines } from './what-ifs/script-edits.ts';
export { runsWhatIf, VARIANTS, VARIANT_LABELS } from './what-ifs/variants.ts';
export type { Variant } from './what-ifs/variants.ts';
export { formatList, formatRedisCli } from './words/format.ts';
export { MAX_REPLY_LINES, replyOnOneLine, shownReply } from './words/shown-reply.ts';
export { LESSON_SCRIPT } from './words/lesson-text.ts';
export { narrate } from './words/narration.ts';
export type { Narration } from './words/narration.ts';
export { scriptErrorWords } from './words/script-error-words.ts';
export type { ScriptErrorWords } from './words/script-error-words.ts';
export { verdictWords, verdictWordsOfRun } from './words/verdict-words.ts';
export type {
  Check,
  ListingId,
  ReadyRun,
  Reply,
  RunResult,
  StepEvent,
  StepListing,
  TraceSource,
  UnavailableRun,
} from './runs/trace-source.ts';
