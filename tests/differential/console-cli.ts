/**
 * The judge of the console: the real `redis-cli --no-raw` reading typed lines on its stdin
 * (its interactive loop, as on a terminal: the same line parser, repeat counts and printer),
 * against a real redis-server.
 */
import { spawn } from 'node:child_process';

/** What redis-cli prints for `lines`, typed one after another on one connection. */
export function redisCli(port: number, lines: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('redis-cli', ['-h', '127.0.0.1', '-p', String(port), '--no-raw'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let errText = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (errText += d.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`redis-cli exited ${code}: ${errText}`));
      // redis-cli adds "(0.52s)" after a command that took half a second: timing, not output
      else resolve(out.replace(/^\(\d+\.\d\ds\)\n/gm, ''));
    });
    child.stdin.end(lines.map((l) => `${l}\n`).join(''));
  });
}
