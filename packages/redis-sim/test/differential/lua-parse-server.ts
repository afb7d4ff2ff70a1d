/**
 * The real server's side of the Lua parser's differential tests: a bare RESP
 * connection that sends scripts byte for byte (one char per byte, as the
 * engine sees them) and reads back each compile error's exact bytes. ioredis
 * would decode replies as UTF-8 and lose bytes ≥ 128 of a `near '…'` text.
 */
import { createConnection, type Socket } from 'node:net';
import { parseChunk } from '../../src/lua/parser.ts';

/** What the server answered to one script: its error text, or null when it compiled. */
export type CompileReply = string | null;

/** A pipelined RESP2 connection that answers each command's reply in order. */
export class ByteConnection {
  private buf = Buffer.alloc(0);
  private readonly waiting: ((reply: { error?: string; line: string }) => void)[] = [];

  private constructor(private readonly sock: Socket) {
    sock.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.drain();
    });
  }

  static open(port: number): Promise<ByteConnection> {
    return new Promise((resolve, reject) => {
      const sock = createConnection({ host: '127.0.0.1', port });
      sock.once('error', reject);
      sock.once('connect', () => resolve(new ByteConnection(sock)));
    });
  }

  /** Sends one command; its arguments are byte strings. */
  send(args: string[]): Promise<{ error?: string; line: string }> {
    const parts = [`*${args.length}\r\n`];
    for (const a of args) parts.push(`$${a.length}\r\n`, a, '\r\n');
    this.sock.write(Buffer.from(parts.join(''), 'latin1'));
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * The reply to compiling `script`: `SCRIPT LOAD` compiles without running
   * (a mutant that parses may loop forever), so it is what the fuzzer asks.
   */
  async compile(
    script: string,
    how: 'EVAL' | 'SCRIPT LOAD' = 'SCRIPT LOAD',
  ): Promise<CompileReply> {
    const reply = await this.send(
      how === 'EVAL' ? ['EVAL', script, '0'] : ['SCRIPT', 'LOAD', script],
    );
    return reply.error ?? null;
  }

  close(): void {
    this.sock.destroy();
  }

  /** Parses whole replies off the buffer; only the first line's type matters here. */
  private drain(): void {
    for (;;) {
      const end = this.skip(0);
      if (end < 0) return;
      const eol = this.buf.indexOf('\r\n');
      const line = this.buf.toString('latin1', 1, eol);
      const type = this.buf[0];
      this.buf = this.buf.subarray(end);
      this.waiting.shift()?.(type === 0x2d ? { error: line, line } : { line });
    }
  }

  /** Where the reply starting at `at` ends, or -1 when it is not all here yet. */
  private skip(at: number): number {
    const eol = this.buf.indexOf('\r\n', at);
    if (eol < 0) return -1;
    const head = this.buf.toString('latin1', at + 1, eol);
    const type = this.buf[at];
    if (type === 0x24) {
      const n = Number(head);
      if (n < 0) return eol + 2;
      return this.buf.length >= eol + 2 + n + 2 ? eol + 2 + n + 2 : -1;
    }
    if (type === 0x2a) {
      let p = eol + 2;
      for (let i = 0; i < Number(head); i++) {
        p = this.skip(p);
        if (p < 0) return -1;
      }
      return p;
    }
    return eol + 2;
  }
}

/**
 * The reply Redis 7.0 builds from a Lua compile error (`luaCreateFunction`):
 * a fixed prefix, and CR/LF turned into spaces by `addReplyErrorFormat`.
 */
export function compileErrorReply(luaMessage: string): string {
  return ('ERR Error compiling script (new function): ' + luaMessage)
    .replace(/^[\r\n]+|[\r\n]+$/g, '')
    .replace(/[\r\n]/g, ' ');
}

/** Our parser's answer in the server's form: the compile-error reply, or null when the script parses. */
export function ourReply(script: string): CompileReply {
  try {
    parseChunk(script);
    return null;
  } catch (e) {
    return compileErrorReply((e as Error).message);
  }
}
