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

/** A simulator reply, which also keeps status lines apart (`{ status: 'OK' }`). */
export type SimReply =
  | string
  | number
  | bigint
  | null
  | SimReply[]
  | { error: string }
  | { status: string }
  | { nilArray: true };

/** The simulator's synchronous seam, as far as the suite uses it. */
export interface SyncServer {
  call(args: string[]): SimReply;
}

/**
 * A simulator reply as the real server's reaches this suite. ioredis speaks
 * RESP2 and hands a status line back as a plain string, so the comparison here
 * cannot tell `+OK` from `$2 OK`; the console's suite, judged by redis-cli's
 * own output, is the one that holds the simulator to that difference. ioredis also reads an
 * integer as a JS number, rounding one beyond 2^53, so a simulator's bigint is rounded the same
 * way here; the console's suite and the Lua suites (which keep integers as text) see every digit.
 */
export function asWire(reply: SimReply): Reply {
  if (Array.isArray(reply)) return reply.map(asWire);
  if (typeof reply === 'bigint') return Number(reply);
  if (reply !== null && typeof reply === 'object' && 'status' in reply) return reply.status;
  // ioredis reads a null array (`*-1`) as null, as it reads a null bulk
  if (reply !== null && typeof reply === 'object' && 'nilArray' in reply) return null;
  return reply;
}

/** Wraps a synchronous server as a {@link Caller}; a pipeline is the calls in order. */
export function syncCaller(server: SyncServer): Caller {
  return {
    call: (args) => Promise.resolve(asWire(server.call(args))),
    pipeline: (cmds) => Promise.resolve(cmds.map((c) => asWire(server.call(c)))),
  };
}

/** True when the reply is an error reply. */
export function isError(reply: Reply): reply is { error: string } {
  return typeof reply === 'object' && reply !== null && !Array.isArray(reply);
}
