/**
 * A minimal RESP2 client that keeps every reply's type. ioredis answers a status
 * reply (`+OK`) and a bulk string (`$2\r\nOK`) alike, and an integer as a JS
 * number that cannot hold 2^63; a script's reply is compared here type and byte
 * exact, so this client parses the wire itself. Commands are sent as pipelines:
 * all the commands of one batch in one write, the replies read back in order.
 */
import { createConnection, type Socket } from 'node:net';
import { textOfBytes } from '../../src/byte-text.ts';
import type { Caller, Reply } from './caller.ts';

/**
 * A reply with its RESP2 type. A bulk string is its UTF-8 text when its bytes are
 * valid UTF-8, else `{ bytes: hex }`; an integer keeps its decimal text.
 */
export type Wire =
  | string
  | { bytes: string }
  | { status: string }
  | { error: string }
  | { int: string }
  | null
  | { nilArray: true }
  | Wire[];

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A bulk string's bytes as the suite's {@link Wire} form. */
export function bulkOf(bytes: Uint8Array): Wire {
  try {
    return utf8.decode(bytes);
  } catch {
    return { bytes: Buffer.from(bytes).toString('hex') };
  }
}

const CRLF = 0x0d;

/** Parses one reply at `at`, or answers null when the buffer holds only part of it. */
function parse(buf: Buffer, at: number): [Wire, number] | null {
  if (at >= buf.length) return null;
  const eol = buf.indexOf(CRLF, at);
  if (eol < 0 || eol + 1 >= buf.length) return null;
  // a status or error line is bytes too: read as the simulator holds bytes (byte-text.ts)
  const line = textOfBytes(buf.subarray(at + 1, eol));
  const next = eol + 2;
  switch (buf[at]) {
    case 0x2b: // '+'
      return [{ status: line }, next];
    case 0x2d: // '-'
      return [{ error: line }, next];
    case 0x3a: // ':'
      return [{ int: line }, next];
    case 0x24: {
      // '$'
      const len = Number(line);
      if (len < 0) return [null, next];
      if (next + len + 2 > buf.length) return null;
      return [bulkOf(buf.subarray(next, next + len)), next + len + 2];
    }
    case 0x2a: {
      // '*'
      const len = Number(line);
      if (len < 0) return [{ nilArray: true }, next];
      const items: Wire[] = [];
      let pos = next;
      for (let i = 0; i < len; i++) {
        const r = parse(buf, pos);
        if (r === null) return null;
        items.push(r[0]);
        pos = r[1];
      }
      return [items, pos];
    }
    default:
      throw new Error(`not a RESP2 reply at byte ${at}: ${JSON.stringify(line)}`);
  }
}

/** One command in RESP's request form; arguments are sent as their UTF-8 bytes. */
function encode(args: readonly string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.from(a, 'utf8');
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

interface Pending {
  want: number;
  got: Wire[];
  resolve: (w: Wire[]) => void;
  reject: (e: Error) => void;
}

/** A connection that sends pipelines and answers typed replies. */
export interface RespClient {
  /** Sends every command in one write; answers their replies in order. */
  pipeline(cmds: readonly (readonly string[])[]): Promise<Wire[]>;
  /** The same connection as a {@link Caller}, for the keyspace dump and the scenario setup. */
  caller: Caller;
  close(): Promise<void>;
}

/** Connects to 127.0.0.1:`port` and SELECTs `db`. */
export async function connectResp(port: number, db: number): Promise<RespClient> {
  const sock: Socket = createConnection({ host: '127.0.0.1', port });
  sock.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    sock.once('connect', resolve);
    sock.once('error', reject);
  });
  const queue: Pending[] = [];
  let buf: Buffer = Buffer.alloc(0);
  let failure: Error | null = null;
  const fail = (e: Error) => {
    failure = e;
    for (const p of queue.splice(0)) p.reject(e);
  };
  sock.on('error', fail);
  sock.on('close', () => fail(new Error('the connection to redis-server closed')));
  sock.on('data', (chunk: Buffer) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    let at = 0;
    while (queue.length) {
      const r = parse(buf, at);
      if (r === null) break;
      at = r[1];
      const head = queue[0] as Pending;
      head.got.push(r[0]);
      if (head.got.length === head.want) {
        queue.shift();
        head.resolve(head.got);
      }
    }
    buf = buf.subarray(at);
  });

  const pipeline = (cmds: readonly (readonly string[])[]): Promise<Wire[]> => {
    if (failure) return Promise.reject(failure);
    if (cmds.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      queue.push({ want: cmds.length, got: [], resolve, reject });
      sock.write(Buffer.concat(cmds.map(encode)));
    });
  };
  const [selected] = await pipeline([['SELECT', String(db)]]);
  if (!isWireStatus(selected, 'OK')) throw new Error(`SELECT ${db} answered ${show(selected)}`);

  const caller: Caller = {
    call: async (args) => untyped((await pipeline([args]))[0] ?? null),
    pipeline: async (cmds) => (await pipeline(cmds)).map(untyped),
  };
  return {
    pipeline,
    caller,
    async close() {
      sock.removeAllListeners('close');
      if (sock.destroyed) return;
      sock.end();
      await new Promise<void>((r) => sock.once('close', () => r()));
    },
  };
}

function isWireStatus(w: Wire | undefined, text: string): boolean {
  return typeof w === 'object' && w !== null && 'status' in w && w.status === text;
}

/** Marks a bulk string that is not valid UTF-8 where only a plain string can stand. */
export function bytesMarker(hex: string): string {
  return `\u{FFFD}bytes:${hex}\u{FFFD}`;
}

/**
 * A typed reply as the untyped {@link Reply} the existing harness compares (the
 * keyspace dump): status and bulk both become strings, integers numbers, and a
 * bulk that is not UTF-8 the {@link bytesMarker} of its bytes.
 */
export function untyped(w: Wire): Reply {
  if (w === null || typeof w === 'string') return w;
  if (Array.isArray(w)) return w.map(untyped);
  if ('nilArray' in w) return null;
  if ('status' in w) return w.status;
  if ('error' in w) return { error: w.error };
  if ('int' in w) return Number(w.int);
  return bytesMarker(w.bytes);
}

/** JSON for messages. */
export function show(v: unknown): string {
  return JSON.stringify(v);
}
