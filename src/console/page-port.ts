/**
 * A worker's place taken on the page, where none can be made (a test's DOM, an old browser, a
 * host page's policy, a worker file that failed to start): the same {@link ServerSide} answers,
 * on the page's thread, each reply handed back at once, as the worker's would be later. Only
 * this path loads the simulator on the page, and only when it is taken: its chunk comes through
 * loadChunk (a bounded wait, and a failure that names the file that failed), and whatever is
 * sent meanwhile waits for it, in order.
 */
import { loadChunk, type ChunkLoadError } from '../loading/index.ts';
import type { HostReply, HostRequest } from './console-host.ts';
import type { SecondReply, SecondRequest } from './second-protocol.ts';
import type { ServerSide } from './server-side.ts';

/** What a console's servers are asked, and what they answer. */
type Request = HostRequest | SecondRequest;
type Reply = HostReply | SecondReply;

/** The server side, made on the page once its chunk has arrived. */
export interface PagePort {
  /** whether the chunk is here, so a request is answered as it is sent */
  readonly up: boolean;
  /** sends one request: answered once the chunk is here, in the order sent */
  post(req: Request): void;
  /** ends it (and any wait of its server's); nothing more is answered */
  end(): void;
}

/** The chunk with the server side: the simulator, loaded on the page only for this path. */
const loadServerSide = () => loadChunk(() => import('./server-side.ts'), { what: 'the simulator' });

/**
 * Starts loading the server side on the page; `answer` gets its replies, `failed` why its chunk
 * did not come (the requests sent are then not answered).
 */
export function onPage(
  answer: (reply: Reply) => void,
  failed: (error: ChunkLoadError) => void,
): PagePort {
  let side: ServerSide | null = null;
  let ended = false;
  const queued: Request[] = [];
  loadServerSide().then(
    (m) => {
      if (ended) return;
      const made = new m.ServerSide(answer, true);
      // in order: a request sent while one waiting is answered (an answer's callback sending the
      // next line, as a link's replay does) waits behind the others, not ahead of them
      while (queued.length > 0 && !ended) made.handle(queued.shift()!);
      if (!ended) side = made;
    },
    // loadChunk rejects with a ChunkLoadError only
    (error: unknown) => {
      if (!ended) failed(error as ChunkLoadError);
    },
  );
  return {
    get up() {
      return side !== null;
    },
    post: (req) => {
      if (side) side.handle(req);
      else queued.push(req);
    },
    end: () => {
      ended = true;
      side?.dispose();
    },
  };
}

/**
 * Makes an answerer on the page that is used as a worker is (postMessage, onmessage, terminate);
 * a chunk that does not come is its `onerror`, as a worker's file that does not load would be.
 */
export function onPageWorker(): Worker {
  const port = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    onerror: null as ((e: Event) => void) | null,
    postMessage: (req: Request) => side.post(req),
    terminate: () => side.end(),
  };
  const side = onPage(
    (data) => port.onmessage?.({ data } as MessageEvent),
    (error) => port.onerror?.(Object.assign(new Event('error'), { error })),
  );
  return port as unknown as Worker;
}
