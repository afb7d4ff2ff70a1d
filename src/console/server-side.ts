/**
 * The side that holds a console's servers, answering the page: its own server (`console-host.ts`)
 * and its second client's (`stand-in.ts`). A console has two of these, each in a worker of its
 * own (the second is busy only while the first runs a script), or on the page where no worker
 * can be made; either way the same code answers.
 */
import { ConsoleHost, type HostReply, type HostRequest } from './console-host.ts';
import { faultText } from './fault.ts';
import type { SecondReply, SecondRequest } from './second-protocol.ts';
import { StandIn } from './stand-in.ts';

/** Answers a console's requests; `post` is where its replies go. */
export class ServerSide {
  private readonly host: ConsoleHost;
  private readonly second = new StandIn();

  constructor(private readonly post: (reply: HostReply | SecondReply) => void) {
    this.host = new ConsoleHost(post);
  }

  /**
   * Answers one request. A fault of the simulator's own code is answered too (`failed`, in
   * fault.ts's words), in a worker and on the page alike, so the page can say so at once and
   * start a server afresh; thrown, it would leave the line unanswered until the watchdog.
   */
  handle(req: HostRequest | SecondRequest): void {
    try {
      if (req.kind === 'second-fork') this.second.fork(req.spec, req.origin);
      else if (req.kind === 'second-line') {
        const { lines, ends } = this.second.answer(req.line, req.busy);
        this.post({ kind: 'second-ran', id: req.id, lines, ends });
      } else if (req.kind === 'second-end') this.second.end();
      else this.host.handle(req);
    } catch (e) {
      this.post({ kind: 'failed', message: faultText(e) });
    }
  }

  /** Ends any wait of its own server's (the page let it go). */
  dispose(): void {
    this.host.dispose();
  }
}
