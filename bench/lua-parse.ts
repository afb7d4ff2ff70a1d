/**
 * The Lua parser's figures for `npm run bench`: its minified gzip bytes (the
 * lexer and parser with what they import, as they will ship in the
 * simulator's lazy chunk) and how long a parse takes — the lesson's batch
 * script, as on every keystroke of a learner's edit, and long generated
 * scripts at two sizes, whose ratio shows the time grows linearly.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'rolldown';
import { parseChunk } from '@batch-lease/redis-sim';

const root = resolve(import.meta.dirname, '..');

export interface ParseBench {
  gzipBytes: number;
  lessonUs: number;
  lines10k: { lines: number; ms: number };
  lines100k: { lines: number; ms: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

function time(fn: () => void, runs: number): number {
  fn(); // warm up
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ts.push(performance.now() - t0);
  }
  return median(ts);
}

/** A long script of the lesson's kind: a loop body repeated to `n` lines (in `do` blocks: 200 locals is the limit). */
function longScript(n: number): string {
  const body =
    "do local id = ARGV[i]\nif att and att == token and redis.call('ZSCORE', KEYS[1], id) then\n" +
    "  redis.call('ZADD', KEYS[1], now + lease, id) -- extend\nelse table.insert(failed, id) end end\n";
  return 'local failed = {}\n' + body.repeat(n / 4) + 'return failed\n';
}

export async function benchParse(): Promise<ParseBench> {
  const out = await build({
    input: resolve(root, 'packages/redis-sim/src/lua/parser.ts'),
    write: false,
    logLevel: 'silent',
    output: { minify: true, format: 'esm' },
  });
  const gzipBytes = gzipSync(out.output[0].code, { level: 9 }).length;
  const lesson = readFileSync(resolve(root, 'packages/echomq/lua/extend_locks2.lua'), 'latin1');
  const s10k = longScript(10_000);
  const s100k = longScript(100_000);
  return {
    gzipBytes,
    lessonUs: Math.round(time(() => parseChunk(lesson), 200) * 1000),
    lines10k: { lines: 10_000, ms: +time(() => parseChunk(s10k), 15).toFixed(1) },
    lines100k: { lines: 100_000, ms: +time(() => parseChunk(s100k), 5).toFixed(1) },
  };
}
