/**
 * A worker's place taken on the page, where none can be made (a test's DOM, an old browser, a
 * host page's policy): the same {@link ServerSide} answers, on the page's thread, each reply
 * handed back at once, as the worker's would be later.
 */
import { ServerSide } from './server-side.ts';

/** Makes an answerer on the page that is used as a worker is (postMessage, onmessage, terminate). */
export function onPageWorker(): Worker {
  const port = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    onerror: null as ((e: Event) => void) | null,
    postMessage: (req: Parameters<ServerSide['handle']>[0]) => side.handle(req),
    terminate: () => side.dispose(),
  };
  const side = new ServerSide((data) => port.onmessage?.({ data } as MessageEvent));
  return port as unknown as Worker;
}
