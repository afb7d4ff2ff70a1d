/**
 * How a hand-written command case is compared with the real server: the commands are sent
 * one by one to a redis-server of the test file's own (its clock frozen) and to a fresh
 * simulator at the same instant; after every command the two replies must agree type for type
 * and byte for byte, and so must the whole keyspace: every key's TYPE, PTTL, OBJECT ENCODING
 * and content. A case may declare replies that Redis leaves open (hash-table order, random
 * draws); those are compared as the command fuzzer compares them.
 */
import { comparable } from './command-fuzz-compare.ts';
import { FROZEN_CLOCK_US } from './config.ts';
import { readCommand } from './keyspace-dump.ts';
import { simCall } from './lua-sides.ts';
import type { OwnFrozenRedis } from './own-redis.ts';
import type { Wire } from './resp-client.ts';
import { createServer, type SimServer } from '../../src/index.ts';

/** One case: a name and the commands sent in order (`+N` moves both clocks on N ms). */
export interface KeyedCase {
  name: string;
  commands: ReadonlyArray<readonly string[]>;
}

type Send = (cmds: string[][]) => Promise<Wire[]> | Wire[];

/** Every key with its type, PTTL, encoding and content, keys sorted. */
async function keyspaceOf(send: Send): Promise<unknown[]> {
  const [keys] = await send([['KEYS', '*']]);
  const names = (Array.isArray(keys) ? keys : []).map((k) =>
    typeof k === 'string' ? k : JSON.stringify(k),
  );
  names.sort();
  const heads = await send(
    names.flatMap((k) => [
      ['TYPE', k],
      ['PTTL', k],
      ['OBJECT', 'ENCODING', k],
    ]),
  );
  const reads = names.map((k, i) => {
    const type = (heads[i * 3] as { status?: string } | null)?.status ?? 'none';
    return readCommand(k, type) ?? ['EXISTS', k];
  });
  const contents = await send(reads);
  return names.map((k, i) => {
    const encoding = heads[i * 3 + 2];
    const read = reads[i]!;
    // a hashtable set or hash lists in its table's order
    const open = encoding === 'hashtable' && (read[0] === 'SMEMBERS' || read[0] === 'HGETALL');
    return [
      k,
      heads[i * 3],
      heads[i * 3 + 1],
      encoding,
      open ? comparable(read, contents[i] ?? null) : contents[i],
    ];
  });
}

/** The first place a case's two runs part, as text, or '' when they agree throughout. */
export async function runKeyedCase(own: OwnFrozenRedis, c: KeyedCase): Promise<string> {
  let now = FROZEN_CLOCK_US;
  own.setClock(now);
  const sim: SimServer = createServer();
  sim.setClock(now / 1000);
  const real: Send = (cmds) => own.client.pipeline(cmds);
  const simSend: Send = (cmds) => cmds.map((cmd) => simCall(sim, cmd));
  // SORT's number check reads the process's errno, which an earlier case may have left at
  // ERANGE; INCRBYFLOAT sets it to 0, so both sides start as a fresh server does
  await real([['SET', 'errno', '0'], ['INCRBYFLOAT', 'errno', '0'], ['FLUSHALL']]);
  const done: string[] = [];
  let queuing = false;
  for (const cmd of c.commands) {
    const step = cmd[0] ?? '';
    if (cmd.length === 1 && /^\+\d+$/.test(step)) {
      now += Number(step.slice(1)) * 1000;
      own.setClock(now);
      sim.setClock(now / 1000);
      done.push(`(clock ${step} ms)`);
      continue;
    }
    const line = cmd.map((a) => JSON.stringify(a)).join(' ');
    done.push(line.length > 160 ? `${line.slice(0, 160)} …` : line);
    const [r] = await real([[...cmd]]);
    const [m] = await simSend([[...cmd]]);
    const a = JSON.stringify(comparable(cmd, r ?? null));
    const b = JSON.stringify(comparable(cmd, m ?? null));
    if (a !== b) return `${done.slice(-6).join('\n')}\n  real: ${a}\n  sim:  ${b}`;
    // inside MULTI the reads would be queued: the keyspace is compared after EXEC or DISCARD
    const name = step.toUpperCase();
    if (name === 'MULTI') queuing = true;
    if (name === 'EXEC' || name === 'DISCARD') queuing = false;
    if (queuing) continue;
    const ka = JSON.stringify(await keyspaceOf(real));
    const kb = JSON.stringify(await keyspaceOf(simSend));
    if (ka !== kb)
      return `${done.slice(-6).join('\n')}\n  keyspace real: ${ka}\n  keyspace sim:  ${kb}`;
  }
  return '';
}
