/**
 * The cmi5 AU's requests to the LRS, one after another in the order the learner made them, with
 * an end. While one request is out the next ones wait their turn; when the session ends
 * (`pagehide`), what still waits is run at once, so that the runtime can gather its statements
 * into the session's last request with `terminated` (cmi5 §9.3.8: `terminated` is the last
 * statement of a session). After that nothing more is sent, whatever the page still does.
 */

/** A queue of requests with an end. */
export interface Outbox {
  /** queues a request; it starts once every request queued before it has settled */
  send(what: () => Promise<unknown>): void;
  /**
   * Ends the queue: every request still waiting is started now, in order, without waiting for
   * the one before it (the page is going away: there is no later). What is sent afterwards is
   * dropped.
   */
  end(): void;
  /** true once {@link Outbox.end} was called */
  readonly ended: boolean;
}

/** A new outbox; `refused` hears each request that failed (the lesson works on regardless). */
export function outbox(refused: (error: unknown) => void): Outbox {
  const waiting: (() => Promise<unknown>)[] = [];
  let busy = false;
  let ended = false;
  const run = (what: () => Promise<unknown>): Promise<unknown> => {
    try {
      return what().catch(refused);
    } catch (error) {
      refused(error);
      return Promise.resolve();
    }
  };
  const pump = () => {
    if (busy || ended) return;
    const next = waiting.shift();
    if (!next) return;
    busy = true;
    void run(next).finally(() => {
      busy = false;
      pump();
    });
  };
  return {
    send(what) {
      if (ended) return;
      waiting.push(what);
      pump();
    },
    end() {
      if (ended) return;
      ended = true;
      for (const what of waiting.splice(0)) void run(what);
    },
    get ended() {
      return ended;
    },
  };
}
