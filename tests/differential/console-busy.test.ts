import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { formatCliCommand } from '@batch-lease/redis-sim/client';
import { ConsoleBackend } from '../../src/console/backend.ts';
import type { HostReply, HostRequest } from '../../src/console/console-host.ts';
import { forkSpecAt } from '../../src/console/fork-spec.ts';
import type { SecondReply, SecondRequest } from '../../src/console/second-protocol.ts';
import { ServerSide } from '../../src/console/server-side.ts';
import type { LogLine, RunResult } from '../../src/console/session.ts';
import { defaultScenario } from '../../src/scenario/presets.ts';
import { useOwnFrozenRedis } from '@batch-lease/redis-sim/differential/own-redis.ts';
import { connectResp, type Wire } from '@batch-lease/redis-sim/differential/resp-client.ts';
import { redisCli } from './console-cli.ts';

/**
 * What a second client sees while a long script runs, on a real redis-server 7.0.15 and in the
 * console (which answers a line typed while another runs as that second client): BUSY naming
 * the command that kills what runs, SCRIPT KILL and FUNCTION KILL each refusing the other's
 * kind, UNKILLABLE after a write, and the killed call's error with its chunk and line; and,
 * printed as the real redis-cli prints them, what a second client's lines are answered
 * meanwhile: the lookup, arity and ACL errors before BUSY, and the commands a real server lets
 * through (allow_busy: MULTI, DISCARD, WATCH, UNWATCH, AUTH, HELLO, RESET, FUNCTION STATS, and
 * SHUTDOWN's own BUSY), a transaction's queued command refused and its EXEC aborted.
 *
 * The real server's script spins until its clock passes 2e9 s, a clock the test holds still
 * below it and moves past it to end a script nothing may kill; the console's spins a bounded
 * number of turns (it must end on its own, since the page's side runs it to its end before it
 * can be told anything) and is held "running" by keeping its answer back.
 */
const START_US = 1_700_000_000_000_000;
const PAST_US = 2_100_000_000_000_000;
const own = useOwnFrozenRedis(START_US);

/**
 * Spins `turns` times (or until the clock passes 2e9 s), after a write when asked. The clock is
 * read every 100th turn only: the real server answers other clients from a hook that runs every
 * 100,000 Lua instructions, and a TIME call per turn (each a read of the frozen clock's file)
 * made every such interval, hence every line the second client types, cost a loaded machine
 * about half a second.
 */
const SPIN =
  "for i = 1, tonumber(n) do if i % 100 == 0 and tonumber(redis.call('TIME')[1]) > 2000000000 then break end end";
const LIBRARY = [
  '#!lua name=busy',
  "redis.register_function('spin', function(keys, args)",
  "  local n = args[1]; if args[2] == 'write' then redis.call('SET', 'w', '1') end",
  `  ${SPIN}`,
  "  return 'done'",
  'end)',
].join('\n');
const EVAL_SCRIPT = `local n = ARGV[1]; if ARGV[2] == 'write' then redis.call('SET', 'w', '1') end ${SPIN} return 'done'`;

/** A long call: FCALL of the library's function or EVAL of the script, writing first or not. */
const call = (kind: 'eval' | 'function', turns: string, write: boolean): string[] => {
  const tail = [turns, ...(write ? ['write'] : [])];
  return kind === 'function'
    ? ['FCALL', 'spin', '0', ...tail]
    : ['EVAL', EVAL_SCRIPT, '0', ...tail];
};
/** Users the second client logs in as: one who may do anything, one who may only GET. */
const USERS = [
  ['ACL', 'SETUSER', 'ann', 'on', '>pw', '~*', '+@all'],
  ['ACL', 'SETUSER', 'bob', 'on', '>pw', '~*', '-@all', '+get'],
];

/** A second client's lines while the call runs, typed at one redis-cli (one connection). */
const SECOND = [
  'GET k',
  'NOSUCH',
  'GET',
  'EXEC',
  'MULTI',
  'GET k',
  'MULTI',
  'WATCH k',
  'DISCARD',
  'DISCARD',
  'MULTI',
  'PING',
  'EXEC',
  'WATCH k',
  'UNWATCH',
  'FUNCTION STATS',
  'FUNCTION STATS x',
  'AUTH x',
  'AUTH nouser x',
  'AUTH ann wrong',
  'AUTH bob pw',
  'SET k v',
  'GET k',
  'HELLO 2 AUTH ann pw SETNAME bee',
  'SET k v',
  'HELLO 4',
  'RESET',
  'CLIENT ID',
  'SHUTDOWN',
  'SHUTDOWN SAVE',
  'SHUTDOWN ABORT',
  'SCRIPT KILL now',
];

/**
 * The second client's output with what differs between two servers by design blanked: the
 * CLIENT ID HELLO answers (how many clients connected before) and how long the function has
 * run (FUNCTION STATS' duration_ms, in real time).
 */
const steady = (out: string): string =>
  out.replace(/("(?:id|duration_ms)"\n\s*\d+\) )\(integer\) \d+/g, '$1(integer) N');

const REAL_TURNS = '1e15';
const SIM_TURNS = '60000';

/**
 * What another client types meanwhile, in this order: a read, a write, the kill of the other
 * kind, then the kill that fits (last, since once it is accepted the script ends).
 */
const othersFor = (kind: 'eval' | 'function'): string[][] => {
  const kills = [
    ['SCRIPT', 'KILL'],
    ['FUNCTION', 'KILL'],
  ];
  return [['GET', 'k'], ['SET', 'k', 'v'], ...(kind === 'eval' ? kills.reverse() : kills)];
};

/** A reply as redis-cli prints the few shapes these commands answer. */
function printed(w: Wire): string {
  if (typeof w === 'object' && w !== null && 'error' in w) return `(error) ${w.error}`;
  if (typeof w === 'object' && w !== null && 'status' in w) return w.status;
  return JSON.stringify(w);
}

interface Seen {
  /** what the second client's lines ({@link SECOND}) printed, while the call ran */
  second: string;
  /** what each of {@link othersFor}'s lines was answered, while the call ran */
  others: string[];
  /** what the call itself was answered in the end */
  reply: string;
}

/**
 * On the real server: the call runs (BUSY once busy-reply-threshold has passed), the other
 * client's lines are sent, and the call ends by the kill that was accepted or by the clock.
 */
async function real(kind: 'eval' | 'function', write: boolean): Promise<Seen> {
  own.setClock(START_US);
  const a = await connectResp(own.port, 0);
  const b = await connectResp(own.port, 0);
  try {
    await a.pipeline([
      ['FLUSHALL'],
      ['FUNCTION', 'FLUSH'],
      ['CONFIG', 'SET', 'busy-reply-threshold', '10'],
      ['FUNCTION', 'LOAD', LIBRARY],
      ...USERS,
    ]);
    const running = a.pipeline([call(kind, REAL_TURNS, write)]);
    // asked again until the server answers other clients while the script runs
    let first: Wire | undefined;
    do [first] = await b.pipeline([['PING']]);
    while (!(typeof first === 'object' && first !== null && 'error' in first));
    const second = steady(await redisCli(own.port, SECOND));
    const others: string[] = [];
    for (const cmd of othersFor(kind)) {
      const [w] = await b.pipeline([cmd]);
      others.push(printed(w ?? null));
    }
    own.setClock(PAST_US);
    const [reply] = await running;
    return { second, others, reply: printed(reply ?? null) };
  } finally {
    await a.pipeline([['CONFIG', 'SET', 'busy-reply-threshold', '5000']]);
    await a.close();
    await b.close();
  }
}

/**
 * The console on workers whose messages to the page are held back: the page sees the call
 * start (and write) but not end, so it is running when the other client's lines are typed (and
 * answered by the second client's worker, whose answers are not held).
 */
function heldConsole() {
  type Reply = HostReply | SecondReply;
  const workers: {
    side: ServerSide;
    requests: (HostRequest | SecondRequest)[];
    outbox: Reply[];
    onmessage: ((e: MessageEvent<Reply>) => void) | null;
  }[] = [];
  const backend = new ConsoleBackend(() => {
    const outbox: Reply[] = [];
    const made = {
      side: new ServerSide((r) => outbox.push(r)),
      requests: [] as (HostRequest | SecondRequest)[],
      outbox,
      onmessage: null as ((e: MessageEvent<Reply>) => void) | null,
    };
    workers.push(made);
    const w = {
      set onmessage(f: (e: MessageEvent<Reply>) => void) {
        made.onmessage = f;
      },
      postMessage: (req: HostRequest | SecondRequest) => made.requests.push(req),
      terminate: () => {
        made.side.dispose();
        made.requests.length = 0;
        made.outbox.length = 0;
      },
    };
    return w as unknown as Worker;
  });
  /** runs what was sent; hands the page every answer, or all but the line's own with `hold` */
  const pump = (hold = false) => {
    for (let busy = true; busy;) {
      busy = false;
      for (const w of workers) {
        while (w.requests.length > 0) w.side.handle(w.requests.shift()!);
        while (w.outbox.length > 0) {
          if (hold && w.outbox[0]!.kind === 'ran') break;
          busy = true;
          w.onmessage?.({ data: w.outbox.shift()! } as MessageEvent<Reply>);
        }
      }
    }
  };
  backend.start(forkSpecAt(defaultScenario(), [], 0, null), [], () => {});
  pump();
  return { backend, pump };
}

/** What the console prints for a line typed while its script runs (a second client answers it). */
function answered(backend: ConsoleBackend, pump: (hold: boolean) => void, line: string): LogLine[] {
  let lines: LogLine[] | null = null;
  backend.interject(line, (answer) => (lines = answer));
  pump(true);
  if (lines === null) throw new Error(`no second client took ${line} while the script ran`);
  return lines;
}

/** The same in the console: the lines typed meanwhile answered by `interject`, then the end. */
function inConsole(kind: 'eval' | 'function', write: boolean): Seen {
  const { backend, pump } = heldConsole();
  let last: RunResult | undefined;
  for (const cmd of [['FUNCTION', 'LOAD', LIBRARY], ...USERS]) {
    backend.run(formatCliCommand(cmd), () => {});
    pump();
  }
  backend.run(formatCliCommand(call(kind, SIM_TURNS, write)), (r) => (last = r));
  pump(true);
  expect(backend.running?.script?.kind).toBe(kind);
  const typed = SECOND.flatMap((line) => answered(backend, pump, line).map((l) => `${l.text}\n`));
  // the call's turns differ by design (see SIM_TURNS): FUNCTION STATS lists them as typed
  const second = steady(typed.join('').replaceAll(`"${SIM_TURNS}"`, `"${REAL_TURNS}"`));
  const others = othersFor(kind).map((cmd) =>
    answered(backend, pump, cmd.join(' '))
      .map((l) => l.text)
      .join('\n'),
  );
  pump();
  const outputs = last?.lines.filter((l) => l.kind === 'output').map((l) => l.text) ?? [];
  return { second, others, reply: outputs.join('\n') };
}

// performance.now() too: the console's wall-clock limit reads it, and on a loaded machine the
// spin's 60,000 turns could otherwise reach that limit and end as the simulator's stop
const FAKED: Parameters<typeof vi.useFakeTimers>[0] = {
  toFake: ['setTimeout', 'clearTimeout', 'performance'],
};
beforeEach(() => vi.useFakeTimers(FAKED));
afterEach(() => vi.useRealTimers());

describe('another client while a long script runs, as redis-server 7.0.15 answers it', () => {
  for (const kind of ['function', 'eval'] as const) {
    for (const write of [false, true]) {
      test(`${kind === 'function' ? 'FCALL' : 'EVAL'}, ${write ? 'after a write' : 'before any write'}`, async () => {
        vi.useRealTimers();
        const expected = await real(kind, write);
        vi.useFakeTimers(FAKED);
        const actual = inConsole(kind, write);
        expect(actual.second).toBe(expected.second);
        expect(actual.others).toEqual(expected.others);
        // a killed call's error names the line it was killed at; one that wrote ends on its own
        expect(actual.reply).toBe(expected.reply);
      });
    }
  }
});
