/**
 * A throwaway redis-server on a free loopback port, with no persistence and a temp
 * working dir: what the differential suite and the engine benchmark run against.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

const START_ATTEMPTS = 4;
const READY_TIMEOUT_MS = 10_000;

/** One raw PING; true when the server answers +PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let buf = '';
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(500, () => done(false));
    sock.on('error', () => done(false));
    sock.on('connect', () => sock.write('PING\r\n'));
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      if (buf.includes('\r\n')) done(buf.startsWith('+PONG'));
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
}

/**
 * Starts one redis-server and waits for PING. The free port is released before
 * redis binds it, so another process may win the race: the caller retries.
 */
async function startOnce(dir: string, options: StartOptions): Promise<Started> {
  const port = await freePort();
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const env = { ...process.env };
  if (options.frozenClock) {
    env.LD_PRELOAD = options.frozenClock.shim;
    env.CLOCK_SHIM_FILE = options.frozenClock.file;
    // jemalloc's background thread, which hands freed pages back to the system, sets the
    // deadline of each sleep by gettimeofday (the frozen clock, here a year behind) and waits
    // on the real one, so every sleep ends at once: once the server has freed memory it spun
    // a whole core, about a fifth of the differential suite's CPU. No reply depends on it.
    args.push('--jemalloc-bg-thread', 'no');
  }
  const child = spawn('redis-server', [...args, '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString('utf8')));
  let exited: string | null = null;
  child.on('error', (err) => (exited = `could not spawn redis-server: ${err.message}`));
  child.on(
    'exit',
    (code, signal) => (exited ??= `redis-server exited (code ${code}, signal ${signal})`),
  );

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`${exited}\n${log}`);
    if (await ping(port)) return { child, port };
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error(
    `redis-server on port ${port} did not answer PING within ${READY_TIMEOUT_MS} ms\n${log}`,
  );
}

/** Stops the server this setup started: SIGTERM, then SIGKILL if it lingers. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await gone;
  clearTimeout(timer);
}

/** How to start the server. */
export interface StartOptions {
  /**
   * Freeze the server's wall clock: `shim` is the shared object built from
   * test/differential/clock-shim/clock.c, loaded with LD_PRELOAD; `file` holds
   * the frozen time in microseconds since the epoch, re-read on every clock read.
   */
  frozenClock?: { shim: string; file: string };
}

/** A running server and how to stop it (the process, then its temp dir). */
export interface RedisProcess {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts one redis-server, retrying when another process wins the free port. A missing
 * or broken binary throws with the server's own output and the line to install it.
 */
export async function startRedis(options: StartOptions = {}): Promise<RedisProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'redis-sim-redis-'));
  let started: Started | null = null;
  const errors: string[] = [];
  for (let attempt = 0; attempt < START_ATTEMPTS && started === null; attempt++) {
    try {
      started = await startOnce(dir, options);
    } catch (err) {
      errors.push(err instanceof Error ? err.message : String(err));
      // a missing binary will not appear on a retry
      if (errors.at(-1)?.includes('ENOENT')) break;
    }
  }
  if (started === null) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      'A real redis-server is needed and none could be started ' +
        '(run scripts/ensure-system.sh, or apt-get install -y redis-server):\n' +
        errors.join('\n---\n'),
    );
  }
  const { child, port } = started;
  // a crash of the caller must not leave the server behind
  const onExit = () => child.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    port,
    async stop() {
      process.off('exit', onExit);
      await stop(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
