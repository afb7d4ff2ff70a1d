/**
 * Every command and subcommand a real 7.0.15 has and the simulator does not model (read from the
 * recorded catalogue, so a command modelled later drops out by itself) is answered as far as a
 * real server's answer goes without running it, byte for byte: a wrong number of arguments, from
 * a client and from a script; a command scripts may not send; an unknown subcommand of a
 * container the simulator lacks. Past those checks the simulator says it does not model the
 * command, and a script that sent it ends there, uncaught by `redis.pcall`, never hearing
 * "Unknown Redis command". DEBUG and MODULE are modelled as a server with the default
 * configuration answers them: refused as protected commands, but for MODULE HELP. Nothing here
 * changes the real server: each case is refused before it would run, but for that HELP.
 */
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import catalogue from '../../fixtures/command-catalogue.json' with { type: 'json' };
import { createServer } from '../../src/index.ts';
import { simulatorStopOf, unmodelledStopText, unmodelledText } from '../../src/stop-texts.ts';
import { wireOfSim } from './lua-sides.ts';
import { connectResp, type RespClient } from './resp-client.ts';

let client: RespClient | undefined;
beforeAll(async () => {
  client = await connectResp(inject('redisPort'), 0);
});
afterAll(async () => {
  await client?.close();
});

/** A recorded entry's name, arity, flags and subcommands, as COMMAND INFO lists them. */
type Entry = [string, number, { status: string }[], ...unknown[]];
const ENTRIES = Object.values(catalogue.info as unknown as Record<string, Entry>);

/** A command as a client types it: its words (a subcommand after its container) and its entry. */
interface Unmodelled {
  words: string[];
  arity: number;
  noscript: boolean;
  /** a container, whose second word names a subcommand */
  container: boolean;
}

/** An entry's subcommands (index 9 of COMMAND INFO's entry; none for a plain command). */
const subcommandsOf = (entry: Entry): Entry[] => (entry[9] as Entry[] | undefined) ?? [];

const sim = createServer();
const unmodelled: Unmodelled[] = ENTRIES.flatMap((entry) =>
  [entry, ...subcommandsOf(entry)].flatMap((e) => {
    const [name, arity, flags] = e;
    const words = name.split('|');
    if (!('unknown' in sim.commands.lookup(words))) return [];
    const noscript = flags.some((f) => f.status === 'noscript');
    return [{ words, arity, noscript, container: subcommandsOf(e).length > 0 }];
  }),
);

/** `words` padded with arguments to `argc` words in all. */
const called = (words: string[], argc: number) => [
  ...words,
  ...Array.from({ length: argc - words.length }, (_, i) => `x${i}`),
];

/** A call with the wrong number of arguments, or null where every count is right (`-1`, `-2` of a subcommand). */
function wrongArity({ words, arity }: Unmodelled): string[] | null {
  if (arity > 0) return called(words, arity + 1);
  const fewer = -arity - 1;
  return fewer >= words.length ? called(words, fewer) : null;
}

/** A call with a right number of arguments. */
const rightArity = ({ words, arity }: Unmodelled) => called(words, Math.abs(arity));

/** The script that sends its ARGV as one command through redis.pcall, and returns what it got. */
const PCALL = 'return redis.pcall(unpack(ARGV))';

/** What each side answers for `cmds`: the real server's and the simulator's replies, as wire values. */
async function both(cmds: string[][]) {
  const real = await client!.pipeline(cmds);
  const server = createServer();
  return { real, simulated: cmds.map((c) => wireOfSim(server.call(c))) };
}

describe('real 7.0 commands the simulator does not model, against redis-server 7.0.15', () => {
  test('the catalogue holds them (containers, subcommands and plain commands)', () => {
    const names = unmodelled.map((u) => u.words.join(' '));
    expect(names).toEqual(expect.arrayContaining(['xadd', 'client list', 'memory', 'setbit']));
    expect(names).not.toContain('zadd');
  });

  test('a wrong number of arguments: the real error, from a client and from a script', async () => {
    const calls = unmodelled.map(wrongArity).filter((c) => c !== null);
    expect(calls.length).toBeGreaterThan(100);
    const cmds = calls.flatMap((c) => [c, ['EVAL', PCALL, '0', ...c]]);
    const { real, simulated } = await both(cmds);
    cmds.forEach((c, i) => expect(simulated[i], c.join(' ')).toEqual(real[i]));
  });

  test('a command scripts may not send: the real refusal, before anything runs', async () => {
    const calls = unmodelled.filter((u) => u.noscript && !u.container).map(rightArity);
    expect(calls.map((c) => c[0])).toEqual(expect.arrayContaining(['save', 'monitor', 'sync']));
    const cmds = calls.map((c) => ['EVAL', PCALL, '0', ...c]);
    const { real, simulated } = await both(cmds);
    cmds.forEach((c, i) => expect(simulated[i], c.join(' ')).toEqual(real[i]));
  });

  test('an unknown subcommand of a container the simulator lacks: the real error', async () => {
    const containers = ENTRIES.filter((e) => subcommandsOf(e).length > 0)
      .map(([name]) => name)
      .filter((name) => 'unknown' in sim.commands.lookup([name]));
    expect(containers).toEqual(expect.arrayContaining(['memory', 'xinfo']));
    const cmds = containers.flatMap((name) => [
      [name, 'no-such-sub'],
      ['EVAL', PCALL, '0', name, 'no-such-sub'],
    ]);
    const { real, simulated } = await both(cmds);
    cmds.forEach((c, i) => expect(simulated[i], c.join(' ')).toEqual(real[i]));
  });

  test('past those checks, a client hears the simulator’s own refusal, and a script ends there', () => {
    const server = createServer();
    for (const u of unmodelled.filter((u) => !u.noscript && !u.container)) {
      const call = rightArity(u);
      const fullName = u.words.join('|');
      expect(server.call(call), call.join(' ')).toEqual({ error: unmodelledText(fullName) });
      // redis.pcall cannot catch the stop: the script's next line never runs
      const reply = server.call([
        'EVAL',
        "local r = redis.pcall(unpack(ARGV)) return 'caught'",
        '0',
        ...call,
      ]);
      expect(reply, call.join(' ')).toEqual({ error: unmodelledStopText(fullName) });
      expect(simulatorStopOf(unmodelledStopText(fullName))).toBe('unmodelled');
    }
    expect(unmodelledText('client|list')).toMatch(
      /^ERR the simulator does not model CLIENT LIST, /,
    );
  });

  test('queued in a transaction, one dooms it, as a command refused while queuing does', () => {
    const server = createServer();
    const conn = server.connect();
    expect(conn.call(['MULTI'])).toEqual({ status: 'OK' });
    expect(conn.call(['SET', 'k', 'v'])).toEqual({ status: 'QUEUED' });
    expect(conn.call(['XADD', 's', '*', 'a', '1'])).toEqual({ error: unmodelledText('xadd') });
    expect(conn.call(['EXEC'])).toEqual({
      error: 'EXECABORT Transaction discarded because of previous errors.',
    });
    expect(server.call(['EXISTS', 'k'])).toBe(0);
  });
});

describe('DEBUG and MODULE, as a 7.0.15 with its default configuration answers them', () => {
  test('refused as protected commands after their arity, MODULE HELP printed, from a client and a script', async () => {
    const calls = [
      ['DEBUG', 'OBJECT', 'k'],
      ['debug', 'sleep', '0'],
      ['DEBUG'],
      ['MODULE', 'LOAD', '/no/such.so'],
      ['MODULE', 'LOADEX', '/no/such.so', 'ARGS', 'a'],
      ['MODULE', 'UNLOAD', 'somemodule'],
      ['MODULE', 'UNLOAD'],
      ['MODULE', 'HELP'],
      ['MODULE', 'HELP', 'x'],
      ['MODULE'],
      ['MODULE', 'NOPE'],
    ];
    const cmds = calls.flatMap((c) => [c, ['EVAL', PCALL, '0', ...c]]);
    const { real, simulated } = await both(cmds);
    cmds.forEach((c, i) => expect(simulated[i], c.join(' ')).toEqual(real[i]));
  });

  test('queued in a transaction, DEBUG dooms it', async () => {
    const cmds = [['MULTI'], ['DEBUG', 'OBJECT', 'k'], ['EXEC']];
    const real = await client!.pipeline(cmds);
    const conn = createServer().connect();
    expect(cmds.map((c) => wireOfSim(conn.call(c)))).toEqual(real);
  });
});
