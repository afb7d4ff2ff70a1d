/**
 * One Lua case on both sides: the same setup, the same EVAL (or SCRIPT LOAD and
 * EVALSHA), then the typed reply and the whole keyspace compared exactly. The
 * expected answer is always the real server's, read live; nothing is written
 * down by hand.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { dumpKeyspace, keyspaceDiff, type Keyspace } from './keyspace-dump.ts';
import type { Side } from './lua-sides.ts';
import type { Wire } from './resp-client.ts';

/** The SHA1 a server files a script under. */
export function sha1(source: string): string {
  return createHash('sha1').update(source, 'utf8').digest('hex');
}

/** A script, its keys and arguments, and the keyspace it starts from. */
export interface LuaCase {
  /** what the case checks, shown in the test name */
  name: string;
  script: string;
  keys?: readonly string[];
  args?: readonly string[];
  /** commands that build the keyspace first; each must succeed on both sides */
  setup?: readonly (readonly string[])[];
  /** run by SCRIPT LOAD then EVALSHA instead of EVAL */
  evalsha?: boolean;
  /** the command sent instead of the EVAL built from the fields above (numkeys errors) */
  command?: readonly string[];
}

/** What one side did with a case. */
export interface LuaRun {
  reply: Wire;
  keyspace: Keyspace;
}

/** A case run on both sides: whether they agree, what each did, and the command sent. */
export interface LuaOutcome {
  match: boolean;
  real: LuaRun;
  sim: LuaRun;
  command: readonly string[];
}

/** The command a case sends (after the SCRIPT LOAD for an EVALSHA case). */
export function caseCommand(c: LuaCase): readonly string[] {
  if (c.command) return c.command;
  const keys = c.keys ?? [];
  const tail = [String(keys.length), ...keys, ...(c.args ?? [])];
  return c.evalsha ? ['EVALSHA', sha1(c.script), ...tail] : ['EVAL', c.script, ...tail];
}

function isWireError(w: Wire | undefined): boolean {
  return typeof w === 'object' && w !== null && 'error' in w;
}

/** Runs a case on one side: setup and the script in one pipeline, then the dump. */
export async function runCase(side: Side, c: LuaCase): Promise<LuaRun> {
  const s = await side.fresh();
  const setup = c.setup ?? [];
  const load = c.evalsha ? [['SCRIPT', 'LOAD', c.script]] : [];
  const replies = await s.send([...setup, ...load, caseCommand(c)]);
  const bad = replies.slice(0, setup.length).find(isWireError);
  if (bad) throw new Error(`setup of "${c.name}" failed on ${side.name}: ${JSON.stringify(bad)}`);
  if (c.evalsha && replies[setup.length] !== sha1(c.script)) {
    throw new Error(
      `SCRIPT LOAD on ${side.name} answered ${JSON.stringify(replies[setup.length])}`,
    );
  }
  return { reply: replies.at(-1) ?? null, keyspace: await dumpKeyspace(s.caller) };
}

/** Runs a case on both sides and compares reply and keyspace. */
export async function compareCase(real: Side, sim: Side, c: LuaCase): Promise<LuaOutcome> {
  const r = await runCase(real, c);
  const m = await runCase(sim, c);
  return { match: isDeepStrictEqual(r, m), real: r, sim: m, command: caseCommand(c) };
}

/** A readable account of a mismatch: the script, then each differing part. */
export function describeLuaMismatch(c: LuaCase, o: LuaOutcome): string {
  const show = (v: unknown) => JSON.stringify(v);
  const lines = [`case: ${c.name}`, `script: ${c.script}`];
  if (c.keys?.length) lines.push(`keys: ${show(c.keys)}`);
  if (c.args?.length) lines.push(`args: ${show(c.args)}`);
  if (c.setup?.length) lines.push(`setup: ${show(c.setup)}`);
  if (!isDeepStrictEqual(o.real.reply, o.sim.reply)) {
    lines.push(`reply  real: ${show(o.real.reply)}`, `reply   sim: ${show(o.sim.reply)}`);
  }
  lines.push(...keyspaceDiff(o.real.keyspace, o.sim.keyspace));
  return lines.join('\n');
}
