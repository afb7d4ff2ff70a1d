import { isDeepStrictEqual } from 'node:util';
import { Redis } from 'ioredis';
import { createServer } from '@batch-lease/redis-sim';
import {
  asWire,
  isError,
  syncCaller,
  type Caller,
  type Reply,
} from '@batch-lease/redis-sim/differential/caller.ts';
import { readBackNow } from './compare.ts';
import { dumpKeyspace, type Keyspace } from '@batch-lease/redis-sim/differential/keyspace-dump.ts';
import {
  connectReal,
  normalise,
  type RealServer,
} from '@batch-lease/redis-sim/differential/real-server.ts';
import { toEvalCommand, toSetupCommands, type Scenario } from './scenario.ts';
import { loadScripts, type ScriptSources, type Shas } from './scripts.ts';

/** The password every ACL case's user gets. */
export const PASSWORD = 'pw';

/** One ACL case: a user made with `rules`, and the scenario's EVALSHA (or `command`) sent as it. */
export interface AclCase {
  /** the user's name; each case uses its own, deleted afterwards on the real server */
  user: string;
  /** modifiers after `reset on >pw` */
  rules: string[];
  scenario: Scenario;
  /** a command to send instead of the scenario's EVALSHA (`{sha}` is replaced by the script's SHA) */
  command?: string[];
}

/** What one server did with a case. */
export interface AclRun {
  setuser: Reply;
  /** the user's line in ACL LIST, or null when SETUSER refused */
  listed: Reply;
  /** the reply to AUTH with the right and with a wrong password */
  auth: [Reply, Reply];
  reply: Reply;
  keyspace: Keyspace;
}

export interface AclOutcome {
  match: boolean;
  real: AclRun;
  sim: AclRun;
  command: string[];
  now: number;
}

/**
 * The real server on database 0 (so a user needs no SELECT rights), an admin
 * connection as the default user, and the lesson's scripts loaded.
 */
export async function openAclHarness(port: number, sources: ScriptSources) {
  const admin = await connectReal(port, 0);
  const shas = await loadScripts(admin, sources);
  return { admin, shas, port };
}

/** The case's command as sent. */
export function commandOf(c: AclCase, shas: Shas): string[] {
  if (!c.command) return toEvalCommand(c.scenario, shas[c.scenario.script]);
  return c.command.map((a) => a.replace('{sha}', shas[c.scenario.script]));
}

function setuserArgs(c: AclCase): string[] {
  return ['ACL', 'SETUSER', c.user, 'reset', 'on', `>${PASSWORD}`, ...c.rules];
}

/**
 * The user's ACL LIST line, with the single commands after `+@all`/`-@all` and its
 * categories sorted: Redis 7.0 lists them in its command dict's order, which a random hash
 * seed changes at every start (checked by restarting a server), so their order is not part
 * of what is compared (the categories' is: it is fixed).
 */
function listedLine(list: Reply, user: string): Reply {
  if (!Array.isArray(list)) return list;
  const line = list.find((l) => typeof l === 'string' && l.startsWith(`user ${user} `));
  if (typeof line !== 'string') return null;
  const words = line.split(' ');
  const at = words.findIndex((w) => w === '+@all' || w === '-@all');
  if (at < 0) return line;
  let single = at + 1;
  while (/^[+-]@/.test(words[single] ?? '')) single++;
  return [...words.slice(0, single), ...words.slice(single).sort()].join(' ');
}

function timeMs(r: Reply): number {
  if (!Array.isArray(r)) throw new Error(`TIME answered ${JSON.stringify(r)}`);
  return Number(r[0]) * 1000 + Math.floor(Number(r[1]) / 1000);
}

/** A raw ioredis connection that AUTHs itself with the command we send, so AUTH is compared too. */
async function rawConnection(port: number): Promise<Redis> {
  const r = new Redis({
    host: '127.0.0.1',
    port,
    db: 0,
    protocol: 2,
    lazyConnect: true,
    enableReadyCheck: false,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  await r.connect();
  return r;
}

async function send(r: Redis, args: string[]): Promise<Reply> {
  const [cmd, ...rest] = args;
  try {
    return normalise(await r.call(cmd ?? '', ...rest));
  } catch (e) {
    const err = e as Error;
    if (err.name !== 'ReplyError') throw err;
    return { error: err.message };
  }
}

async function runReal(
  h: { admin: RealServer; port: number },
  c: AclCase,
  command: string[],
): Promise<{ run: AclRun; window: [number, number] }> {
  const setup = await h.admin.pipeline([['FLUSHDB'], ...toSetupCommands(c.scenario)]);
  const bad = setup.find(isError);
  if (bad) throw new Error(`setup failed on the real server: ${bad.error}`);
  const setuser = await h.admin.call(setuserArgs(c));
  const listed = listedLine(await h.admin.call(['ACL', 'LIST']), c.user);
  const conn = await rawConnection(h.port);
  try {
    const wrong = await send(conn, ['AUTH', c.user, `${PASSWORD}-wrong`]);
    const right = await send(conn, ['AUTH', c.user, PASSWORD]);
    const t0 = await h.admin.call(['TIME']);
    const reply = isError(right) ? right : await send(conn, command);
    const t1 = await h.admin.call(['TIME']);
    const keyspace = await dumpKeyspace(h.admin);
    return {
      run: { setuser, listed, auth: [right, wrong], reply, keyspace },
      window: [timeMs(t0), timeMs(t1)],
    };
  } finally {
    conn.disconnect();
    await h.admin.call(['ACL', 'DELUSER', c.user]);
  }
}

function runSim(
  c: AclCase,
  command: string[],
  sources: ScriptSources,
  now: number,
): Promise<AclRun> {
  const server = createServer({ now: () => now });
  const admin: Caller = syncCaller(server);
  return (async () => {
    await loadScripts(admin, sources);
    const setup = await admin.pipeline(toSetupCommands(c.scenario));
    const bad = setup.find(isError);
    if (bad) throw new Error(`setup failed on the simulator: ${bad.error}`);
    const setuser = asWire(server.call(setuserArgs(c)));
    const listed = listedLine(asWire(server.call(['ACL', 'LIST'])), c.user);
    const conn = server.connect();
    const wrong = asWire(conn.call(['AUTH', c.user, `${PASSWORD}-wrong`]));
    const right = asWire(conn.call(['AUTH', c.user, PASSWORD]));
    let reply: Reply;
    try {
      reply = isError(right) ? right : asWire(conn.call(command));
    } catch (err) {
      reply = { error: `simulator threw: ${err instanceof Error ? err.message : String(err)}` };
    }
    return { setuser, listed, auth: [right, wrong], reply, keyspace: await dumpKeyspace(admin) };
  })();
}

/**
 * Runs one ACL case on both servers and compares everything a client can see:
 * the SETUSER reply, the user's ACL LIST line, AUTH with a wrong and the right
 * password, the command's reply, and the whole keyspace after. The clock is
 * aligned as the main suite does it (read back, or every ms of the TIME bracket).
 */
export async function compareAclCase(
  h: { admin: RealServer; port: number; shas: Shas },
  sources: ScriptSources,
  c: AclCase,
): Promise<AclOutcome> {
  const command = commandOf(c, h.shas);
  const { run: real, window } = await runReal(h, c, command);
  const exact = readBackNow(c.scenario, real.keyspace);
  const candidates: number[] = [];
  if (exact !== null) candidates.push(exact);
  else for (let t = window[0]; t <= window[1]; t++) candidates.push(t);
  let first: AclOutcome | null = null;
  for (const now of candidates) {
    const sim = await runSim(c, command, sources, now);
    const outcome = { match: isDeepStrictEqual(real, sim), real, sim, command, now };
    if (outcome.match) return outcome;
    first ??= outcome;
  }
  if (!first) throw new Error(`empty TIME bracket ${window.join('..')}`);
  return first;
}

/** A readable account of a mismatch. */
export function describeAclMismatch(c: AclCase, o: AclOutcome): string {
  const show = (v: unknown) => JSON.stringify(v);
  const lines = [`case: ${show(c)}`, `command: ${show(o.command)}`, `now: ${o.now}`];
  for (const part of ['setuser', 'listed', 'auth', 'reply'] as const) {
    if (!isDeepStrictEqual(o.real[part], o.sim[part])) {
      lines.push(`${part}  real: ${show(o.real[part])}`, `${part}   sim: ${show(o.sim[part])}`);
    }
  }
  if (!isDeepStrictEqual(o.real.keyspace, o.sim.keyspace)) {
    lines.push(`keyspace real: ${show(o.real.keyspace)}`, `keyspace  sim: ${show(o.sim.keyspace)}`);
  }
  return lines.join('\n');
}
