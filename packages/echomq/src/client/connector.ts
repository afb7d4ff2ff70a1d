import { isError, NOSCRIPT, type Reply, sha1Hex } from '@batch-lease/redis-sim/client';

/** Anything that answers commands: a connection, or the server itself (its default user). */
export interface CommandSink {
  call(args: readonly string[]): Reply;
}

/**
 * The wire a connector speaks: 4 runs the lesson's scripts by EVALSHA (the
 * default); 6 sends the native command with the same keys and arguments.
 */
export type Wire = 4 | 6;

/** A connection as a verb uses it: where it sends commands, and over which wire. */
export interface Connector {
  conn: CommandSink;
  wire: Wire;
}

/** A connector over `conn`, on wire 4 unless said. */
export function connector(conn: CommandSink, wire: Wire = 4): Connector {
  return { conn, wire };
}

/** One operation as both wires carry it: the script, and its native twin's command name. */
export interface Operation {
  script: string;
  native: string;
}

/**
 * Sends an operation over the connector's wire and answers the reply, with
 * every command that went out (in order) appended to `sent`. Wire 4 sends
 * EVALSHA, and on NOSCRIPT loads the script and retries once, as a connector
 * does; wire 6 sends the native command, which a node without the module
 * answers with its unknown-command error.
 */
export function send(
  c: Connector,
  op: Operation,
  keys: readonly string[],
  argv: readonly string[],
  sent: string[][],
): Reply {
  const tail = [String(keys.length), ...keys, ...argv];
  const out = (args: string[]): Reply => {
    sent.push(args);
    return c.conn.call(args);
  };
  if (c.wire === 6) return out([op.native, ...tail]);
  const sha = sha1Hex(op.script);
  const first = out(['EVALSHA', sha, ...tail]);
  if (!isError(first) || first.error !== NOSCRIPT) return first;
  const loaded = out(['SCRIPT', 'LOAD', op.script]);
  if (isError(loaded)) return loaded;
  return out(['EVALSHA', sha, ...tail]);
}
