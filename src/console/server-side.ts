/**
 * The side that holds a console's servers, answering the page: its own server (`console-host.ts`)
 * and its second client's (`stand-in.ts`). A console has two of these, each in a worker of its
 * own (the second is busy only while the first runs a script), or on the page where no worker
 * can be made; either way the same code answers.
 */
import { ConsoleHost, type HostReply, type HostRequest } from './console-host.ts';
import { faultText, secondLineFaultText } from './fault.ts';
import type { SecondReply, SecondRequest } from './second-protocol.ts';
import { StandIn } from './stand-in.ts';

/** Answers a console's requests; `post` is where its replies go. */
export class ServerSide {
  private readonly host: ConsoleHost;
  private readonly second = new StandIn();

  /** `onPage`: it runs on the page's own thread, not in a worker (see {@link ConsoleHost}). */
  constructor(
    private readonly post: (reply: HostReply | SecondReply) => void,
    onPage = false,
  ) {
    this.host = new ConsoleHost(post, onPage);
  }

  /**
   * Answers one request. A fault of the simulator's own code is answered too, in a worker and
   * on the page alike, so nothing the page sent waits for ever: a second client's line with the
   * fault's words (the line running goes on); any request of the console's own server with
   * `failed` (fault.ts's words), which the page takes for the answer to its oldest request
   * unanswered (a line: it starts a server afresh; the fork, completions, an export: it says
   * so). The second client's fork and its end have no answer, and no one waits for them.
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
      if (req.kind === 'second-line') {
        const text = secondLineFaultText(faultText(e));
        this.post({ kind: 'second-ran', id: req.id, lines: [{ kind: 'note', text }], ends: null });
      } else if (req.kind !== 'second-fork' && req.kind !== 'second-end') {
        this.post({ kind: 'failed', message: faultText(e) });
      }
    }
  }

  /** Ends any wait of its own server's (the page let it go). */
  dispose(): void {
    this.host.dispose();
  }
}
