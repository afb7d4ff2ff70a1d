/**
 * The console is one semantics on both of its paths: where a worker starts, its server runs
 * there and every request and answer crosses by `postMessage` (structured clones, answered a
 * task later); where none can start, the page loads the same server side (`page-port.ts`) and
 * answers on its own thread. Generated lines (strings and their escapes, numbers, bytes that
 * are not UTF-8, errors of every kind, nested arrays, EVAL with its errors, repeat counts) give
 * the same answers, prompts and error texts both ways, and leave the same server behind.
 *
 * The worker here is the worker script's own handler (`ServerSide`, what console-worker.ts
 * answers with) behind a real MessageChannel: the requests and answers are structured-cloned
 * and arrive as messages, as between threads; only the second thread is missing.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { defaultScenario } from '../scenario/presets.ts';
import { ConsoleBackend } from './backend.ts';
import type { HostRequest } from './console-host.ts';
import { forkSpecAt } from './fork-spec.ts';
import type { SecondRequest } from './second-protocol.ts';
import { ServerSide } from './server-side.ts';
import type { RunResult } from './session.ts';

const SEED = 20_261_205;

/** A worker made of the worker script's handler behind a MessageChannel (see above). */
function channelWorker(): Worker {
  const { port1: page, port2: inside } = new MessageChannel();
  const side = new ServerSide((reply) => inside.postMessage(reply));
  inside.onmessage = (e: MessageEvent<HostRequest | SecondRequest>) => side.handle(e.data);
  const w = {
    onmessage: null as ((e: MessageEvent) => void) | null,
    onerror: null as ((e: Event) => void) | null,
    postMessage: (req: HostRequest | SecondRequest) => page.postMessage(req),
    terminate: () => {
      side.dispose();
      page.close();
      inside.close();
    },
  };
  page.onmessage = (e: MessageEvent) => w.onmessage?.(e);
  return w as unknown as Worker;
}

/** What one line answered, as the console shows it and as a link or a host is told. */
interface Answer {
  result: RunResult;
  prompt: string;
}

/** Runs `lines` one after another on a fresh console, then reads the server back as commands. */
async function session(backend: ConsoleBackend, lines: readonly string[]) {
  const spec = forkSpecAt(defaultScenario(), [], 0, null);
  await new Promise<void>((done) => backend.start(spec, [], () => done()));
  const inWorker = backend.inWorker;
  const answers: Answer[] = [];
  for (const line of lines)
    answers.push(
      await new Promise<Answer>((done) =>
        backend.run(line, (result, prompt) => done({ result, prompt })),
      ),
    );
  const exported = await new Promise<string[]>((done, failed) =>
    backend.exportCommands(done, (message) => failed(new Error(message))),
  );
  backend.dispose();
  // a time to live is exported as what is left of it, which the two runs read at their own moments
  return {
    inWorker,
    answers,
    exported: exported.map((l) => l.replace(/^(PEXPIRE \S+) \d+$/, '$1 <ms>')),
  };
}

// The grammar: a few keys, each argument in one of the ways redis-cli reads one.
const KEYS = ['a', 'b', 'n', 'l', 'h', 'z', 's', 'é', 'ключ'];
const STRINGS = ['', 'v', 'x y', 'é', '€uro', 'שלום', 'tab\there', 'q"uote', "it's", '\u202eRLO'];
const NUMBERS = ['0', '1', '-7', '41', '1.5', '-0.25', '1e3', '9223372036854775807', 'x', '+inf'];
/** bytes that are not UTF-8, written as redis-cli's \x escapes */
const BYTES = ['"\\xff"', '"\\x00\\x01"', '"\\xe2\\x80"', '"a\\xfeb"', '"\\xc3\\xa9"'];

const quoted = (s: string) =>
  `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\t/g, '\\t')}"`;
const keyArb = fc.constantFrom(...KEYS).map(quoted);
const strArb = fc.oneof(fc.constantFrom(...STRINGS).map(quoted), fc.constantFrom(...BYTES));
const numArb = fc.constantFrom(...NUMBERS);

/** Scripts that reply with each kind of value, nested arrays and every kind of error among them. */
const SCRIPTS = [
  "return {1, {2, {'x', false, {}}}, redis.status_reply('OK'), 3.99}",
  "return redis.call('GET', KEYS[1])",
  "return {redis.call('INCR', KEYS[1]), ARGV[1]}",
  "return redis.pcall('LPUSH', KEYS[1], ARGV[1])",
  "return redis.call('LPUSH', KEYS[1], ARGV[1])",
  "return redis.error_reply('boom ' .. ARGV[1])",
  "error('plain ' .. ARGV[1])",
  'return cjson.encode({ARGV[1], {n = tonumber(ARGV[1])}})',
  'return cjson.decode(ARGV[1])',
  'return string.byte(ARGV[1], 1, -1)',
  "redis.call('SET', KEYS[1], ARGV[1]) return redis.call('STRLEN', KEYS[1])",
  "return redis.call('nosuch')",
  "return {redis.call('HSET', KEYS[1], 'f', ARGV[1]), redis.call('HGETALL', KEYS[1])}",
  'return 1 +',
  'local t = {} for i = 1, 3 do t[i] = {i, tostring(i)} end return t',
];
const evalArb = fc
  .tuple(fc.constantFrom(...SCRIPTS), keyArb, fc.oneof(strArb, numArb))
  .map(([script, key, arg]) => `EVAL ${quoted(script)} 1 ${key} ${arg}`);

const commandArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(keyArb, strArb).map(([k, v]) => `SET ${k} ${v}`),
  fc.tuple(keyArb, numArb).map(([k, v]) => `SET ${k} ${v}`),
  keyArb.map((k) => `GET ${k}`),
  fc.tuple(keyArb, strArb).map(([k, v]) => `APPEND ${k} ${v}`),
  keyArb.map((k) => `STRLEN ${k}`),
  keyArb.map((k) => `INCR ${k}`),
  fc.tuple(keyArb, numArb).map(([k, n]) => `INCRBY ${k} ${n}`),
  fc.tuple(keyArb, numArb).map(([k, n]) => `INCRBYFLOAT ${k} ${n}`),
  fc.tuple(keyArb, strArb, strArb).map(([k, a, b]) => `RPUSH ${k} ${a} ${b}`),
  keyArb.map((k) => `LRANGE ${k} 0 -1`),
  fc.tuple(keyArb, strArb, strArb).map(([k, f, v]) => `HSET ${k} ${f} ${v}`),
  keyArb.map((k) => `HGETALL ${k}`),
  fc.tuple(keyArb, numArb, strArb).map(([k, s, m]) => `ZADD ${k} ${s} ${m}`),
  keyArb.map((k) => `ZRANGE ${k} 0 -1 WITHSCORES`),
  fc.tuple(keyArb, strArb, strArb).map(([k, a, b]) => `SADD ${k} ${a} ${b}`),
  keyArb.map((k) => `SMEMBERS ${k}`),
  fc.tuple(keyArb, keyArb).map(([a, b]) => `DEL ${a} ${b}`),
  keyArb.map((k) => `TYPE ${k}`),
  fc.constant('KEYS *'),
  fc.constant('DBSIZE'),
  fc.constantFrom('MULTI', 'EXEC', 'DISCARD'),
  // errors: arity, syntax, unknown commands, wrong types, lines redis-cli cannot split
  fc.constantFrom('GET', 'SET k', 'SET k v FOO', 'nosuch cmd', 'INCRBY n x', 'HSET h f'),
  fc.constantFrom('GET "open', 'SET "a"b c', "GET 'x", '"" PING', '0 PING', '-1 PING'),
  fc.tuple(fc.constantFrom('2', '3'), keyArb).map(([n, k]) => `${n} INCR ${k}`),
  evalArb,
  evalArb,
  evalArb,
);

describe('the console through a worker and on the page', () => {
  test('give the same answers, error texts and keyspace for generated lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArb, { minLength: 1, maxLength: 8 }), async (lines) => {
        const { inWorker, ...worker } = await session(new ConsoleBackend(channelWorker), lines);
        const { inWorker: onWorker, ...page } = await session(new ConsoleBackend(null), lines);
        // each took its own path: the comparison is between the two
        expect([inWorker, onWorker]).toEqual([true, false]);
        expect(worker).toStrictEqual(page);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
