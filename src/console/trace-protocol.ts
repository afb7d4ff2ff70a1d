/**
 * The stepper's side of the worker's protocol: the page asks for one run (a scenario, an
 * executor and the script text), the worker makes it on a server of its own, exactly as the
 * page's own trace source would, and sends it back packed ({@link PackedRun}); or asks whether
 * a text compiles, so the page never loads the simulator for the script editor's check. The console's
 * requests (`console-host.ts`) and these share one worker script, so the simulator is built
 * into one worker chunk, not two.
 */
import type { Executor, Scenario } from '../scenario/index.ts';
import type { TraceSource } from '../stepper/index.ts';
import { faultText } from './fault.ts';
import { packRun, type PackedRun } from './run-transfer.ts';

/** Make this run; `id` pairs the answer with its request. */
export interface TraceRequest {
  kind: 'trace';
  id: number;
  scenario: Scenario;
  executor: Executor;
  script: string | null;
}

/** What the server answers SCRIPT LOAD of `text` with, as the script editor asks as one types. */
export interface CheckRequest {
  kind: 'check';
  id: number;
  text: string;
}

/**
 * The worker began the run (the time limit counts from here); then the run made, or the error
 * that kept the worker from making it. A check's answer: null when the text compiles, else the
 * server's compile error; or what the simulator threw as it checked (its own fault).
 */
export type TraceReply =
  | { kind: 'trace-started'; id: number }
  | { kind: 'traced'; id: number; run: PackedRun }
  | { kind: 'trace-failed'; id: number; message: string }
  | { kind: 'checked'; id: number; error: string | null }
  | { kind: 'check-failed'; id: number; message: string };

/** Makes the run a request asks for with `source`, as the answer and the buffers it transfers. */
export function answerTrace(
  req: TraceRequest,
  source: TraceSource,
): { reply: TraceReply; transfer: Transferable[] } {
  try {
    const { packed, transfer } = packRun(source(req.scenario, req.executor, req.script));
    return { reply: { kind: 'traced', id: req.id, run: packed }, transfer };
  } catch (e) {
    return { reply: { kind: 'trace-failed', id: req.id, message: faultText(e) }, transfer: [] };
  }
}

/**
 * Answers a compile check with `check`: its answer, or what the simulator threw (so the page's
 * check never waits for ever on a fault of the simulator's).
 */
export function answerCheck(req: CheckRequest, check: (text: string) => string | null): TraceReply {
  try {
    return { kind: 'checked', id: req.id, error: check(req.text) };
  } catch (e) {
    return { kind: 'check-failed', id: req.id, message: faultText(e) };
  }
}
