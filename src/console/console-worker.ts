/**
 * The simulated server's worker: a console's server and session live here, off the page's
 * thread, so a line that runs for seconds never stalls the page, and the page can end it (Stop,
 * SCRIPT KILL) by ending this worker and starting another. A console's second client (a line
 * typed while a script runs) lives in a second worker of this script, which answers it while
 * this one is busy. A stepper asks the same worker script for its runs and its script editor's
 * compile checks (`trace-protocol.ts`), for the same reason.
 */
import type { HostReply, HostRequest } from './console-host.ts';
import type { SecondReply, SecondRequest } from './second-protocol.ts';
import { ServerSide } from './server-side.ts';
import {
  answerCheck,
  answerTrace,
  type CheckRequest,
  type TraceReply,
  type TraceRequest,
} from './trace-protocol.ts';
import { checkScript, createSimTraceSource } from '../stepper/simulate.ts';
import { LINE_COMMAND_WORK } from './line-limits.ts';
import type { TraceSource } from '../stepper/index.ts';

const scope = self as unknown as {
  postMessage(reply: HostReply | SecondReply | TraceReply, transfer?: Transferable[]): void;
  onmessage:
    ((e: MessageEvent<HostRequest | SecondRequest | TraceRequest | CheckRequest>) => void) | null;
};
const side = new ServerSide((reply) => scope.postMessage(reply));
let source: TraceSource | null = null;
scope.onmessage = (e) => {
  const req = e.data;
  if (req.kind === 'check') {
    scope.postMessage(answerCheck(req, checkScript));
    return;
  }
  if (req.kind !== 'trace') {
    // a fault of the simulator's code is answered by the side itself (server-side.ts)
    side.handle(req);
    return;
  }
  scope.postMessage({ kind: 'trace-started', id: req.id });
  // a learner's script is held to a typed line's cap on one command's work, in the same words:
  // its run's time limit (as long as a line's) ends the worker from the page, which it cannot do
  // inside one command, so a command too big for it is refused before it runs, not run on
  source ??= createSimTraceSource({
    learnersCommandWork: LINE_COMMAND_WORK,
    learnersCommandCapReason: 'time-limit',
  });
  const { reply, transfer } = answerTrace(req, source);
  scope.postMessage(reply, transfer);
};
