/**
 * The judge of the console: the real `redis-cli --no-raw` reading typed lines on its stdin
 * (its interactive loop, as on a terminal: the same line parser, repeat counts and printer),
 * against a real redis-server.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const cliArgs = (port: number) => ['-h', '127.0.0.1', '-p', String(port), '--no-raw'];

/** redis-cli adds "(0.52s)" after a command that took half a second: timing, not output. */
const withoutTimings = (out: string) => out.replace(/^\(\d+\.\d\ds\)\n/gm, '');

/** What redis-cli prints for `lines`, typed one after another on one connection. */
export function redisCli(port: number, lines: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', cliArgs(port), {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let errText = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (errText += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`redis-cli exited ${code}: ${errText}`));
      else resolve(withoutTimings(out));
    });
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}

/**
 * One redis-cli kept open for many cases, each typed as {@link redisCli} types it, on a
 * connection as a fresh redis-cli's: a case ends with `RESET` (typed after its lines, it is run
 * even inside a MULTI, and it puts the connection back as it was when opened: default user,
 * database 0, no transaction, no name, RESP2, and redis-cli resets its own database and
 * transaction marks with it), then an `ECHO` of a token no case prints, which marks where the
 * case's output ends. A process for each case cost two spawns a case of the generated suite.
 * The cases must not end the connection (QUIT, SHUTDOWN that succeeds, CLIENT KILL).
 */
export class RedisCliSession {
  private out = '';
  private errText = '';
  private cases = 0;
  private readonly token = `end-of-case-${randomBytes(8).toString('hex')}`;
  private waiting: {
    marker: string;
    done: (out: string) => void;
    fail: (err: Error) => void;
  } | null = null;
  private failed: Error | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    // decoded as a stream: a character split between two reads stays whole
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.out += d;
      this.settle();
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (this.errText += d));
    const fail = (err: Error) => {
      this.failed ??= err;
      this.settle();
    };
    child.on('error', fail);
    child.stdin.on('error', fail);
    child.on('close', (code) => fail(new Error(`redis-cli exited ${code}: ${this.errText}`)));
  }

  /** Starts redis-cli on `port`; {@link close} ends it. */
  static open(port: number): RedisCliSession {
    return new RedisCliSession(spawn('redis-cli', cliArgs(port), { stdio: 'pipe' }));
  }

  /** What redis-cli prints for `lines`, as {@link redisCli} prints it for them alone. */
  type(lines: readonly string[]): Promise<string> {
    if (this.waiting) throw new Error('one case at a time');
    const marker = `${this.token}-${++this.cases}`;
    return new Promise<string>((resolve, reject) => {
      this.waiting = {
        marker,
        done: (out) => {
          const text = withoutTimings(out);
          const end = `RESET\n"${marker}"\n`;
          if (text.endsWith(end)) resolve(text.slice(0, -end.length));
          else reject(new Error(`a case's output ended ${JSON.stringify(text.slice(-300))}`));
        },
        fail: reject,
      };
      this.child.stdin.write([...lines, 'RESET', `ECHO ${marker}`].map((l) => `${l}\n`).join(''));
      this.settle();
    });
  }

  /** Ends redis-cli (its stdin closed) and waits for it. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      this.child.once('close', () => resolve());
      this.child.stdin.end();
    });
  }

  /** Hands the waiting case its output once its marker's line has arrived. */
  private settle(): void {
    const w = this.waiting;
    if (!w) return;
    const line = `"${w.marker}"\n`;
    const at = this.out.indexOf(line);
    if (at >= 0) {
      const out = this.out.slice(0, at + line.length);
      this.out = this.out.slice(at + line.length);
      this.waiting = null;
      w.done(out);
    } else if (this.failed) {
      this.waiting = null;
      w.fail(this.failed);
    }
  }
}
