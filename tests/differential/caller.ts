/** A reply as the server sends it; an error holds the full text without the leading '-'. */
export type Reply = string | number | null | Reply[] | { error: string };

/**
 * What the differential suite needs from a server: one command, or several sent
 * back to back. The real server answers asynchronously, the simulator synchronously;
 * both are driven through this one shape so every helper runs unchanged on both.
 */
export interface Caller {
  call(args: string[]): Promise<Reply>;
  pipeline(cmds: string[][]): Promise<Reply[]>;
}

/** The simulator's synchronous seam, as far as the suite uses it. */
export interface SyncServer {
  call(args: string[]): Reply;
}

/** Wraps a synchronous server as a {@link Caller}; a pipeline is the calls in order. */
export function syncCaller(server: SyncServer): Caller {
  return {
    call: (args) => Promise.resolve(server.call(args)),
    pipeline: (cmds) => Promise.resolve(cmds.map((c) => server.call(c))),
  };
}

/** True when the reply is an error reply. */
export function isError(reply: Reply): reply is { error: string } {
  return typeof reply === 'object' && reply !== null && !Array.isArray(reply);
}
