import { isError } from '../errors.ts';
import { luaToNumber } from '../numbers.ts';
import type { Check, Reply } from '../trace-types.ts';
import { BATCH_SOURCE, lineOf } from './lua-source.ts';
import {
  luaRuntimeError,
  scriptError,
  stepper,
  type ScriptEnv,
  type ScriptModel,
  type ScriptRun,
} from './script-env.ts';

const at = (needle: string) => lineOf(BATCH_SOURCE, needle);

/** Lines of extend_locks2.lua the model stands on, found by their text. */
export const BATCH_LINES = {
  lease: at('local lease = tonumber(ARGV[1])'),
  time: at("local t = redis.call('TIME')"),
  now: at('local now = '),
  loop: at('while i < #ARGV do'),
  pair: at('local id = ARGV[i]'),
  rowKey: at("local jk = base .. 'job:' .. id"),
  hget: at("redis.call('HGET'"),
  checks: at('if att and att == token and'),
  zadd: at("redis.call('ZADD'"),
  collect: at('table.insert(failed, id)'),
  advance: at('i = i + 2'),
  ret: at('return failed'),
} as const;

const L = BATCH_LINES;
const step = stepper('extend_locks2.lua');

/**
 * @extend_locks2 as a generator of steps, statement by statement in the
 * listing's order. Lua's semantics that show through are kept: tonumber for
 * the lease, string coercion of TIME's reply, strings compared as strings,
 * nil as false, short-circuit `and`, and an error that ends the run while the
 * ZADDs already made stay.
 */
function* runBatch(env: ScriptEnv): ScriptRun {
  const base = env.keys[1] ?? null;
  const leaseArg = env.argv[0] ?? null;
  const lease = leaseArg === null ? null : luaToNumber(leaseArg);
  yield step(L.lease, null, { kind: 'args', base, lease, leaseArg });

  const t = env.call(['TIME']);
  // a user whose rules refuse TIME stops the script here, before any member
  if (isError(t)) return yield* fail(env, L.time, null, t.error);
  yield step(L.time, null, { kind: 'command', args: ['TIME'], reply: t });
  const [seconds, micros] = t as [string, string];
  const now = (luaToNumber(seconds) ?? 0) * 1000 + Math.floor((luaToNumber(micros) ?? 0) / 1000);
  yield step(L.now, null, { kind: 'clock', seconds, micros, now });

  const failed: string[] = [];
  const argc = env.argv.length;
  let i = 2;
  for (;;) {
    const enters = i < argc;
    const member = (i - 2) / 2;
    yield step(L.loop, enters ? member : null, { kind: 'loop', i, argc, enters });
    if (!enters) break;

    // i < #ARGV, so both slots exist (ARGV is 1-based: ARGV[i] is argv[i - 1])
    const id = env.argv[i - 1] as string;
    const token = env.argv[i] as string;
    yield step(L.pair, member, { kind: 'pair', i, id, token });

    if (base === null) {
      const error = luaRuntimeError(
        env.sha,
        L.rowKey,
        "attempt to concatenate local 'base' (a nil value)",
      );
      yield step(L.rowKey, member, { kind: 'error', error });
      return { error };
    }
    const jk = `${base}job:${id}`;
    yield step(L.rowKey, member, { kind: 'row-key', key: jk });

    const hget = ['HGET', jk, 'attempts'];
    const att = env.call(hget);
    if (isError(att)) return yield* fail(env, L.hget, member, att.error);
    yield step(L.hget, member, { kind: 'command', args: hget, reply: att });

    let refused: Check | null = null;
    const attText = att as string | null;
    yield step(L.checks, member, {
      kind: 'check',
      check: 'row',
      passed: attText !== null,
      att: attText,
      token,
    });
    if (attText === null) refused = 'row';
    else {
      const same = attText === token;
      yield step(L.checks, member, {
        kind: 'check',
        check: 'token',
        passed: same,
        att: attText,
        token,
      });
      if (!same) refused = 'token';
      else {
        const zscoreArgs = ['ZSCORE', env.keys[0] ?? null, id];
        const score = env.call(zscoreArgs);
        if (isError(score)) return yield* fail(env, L.checks, member, score.error);
        yield step(L.checks, member, {
          kind: 'command',
          args: zscoreArgs.map(String),
          reply: score,
        });
        const inActive = score !== null;
        yield step(L.checks, member, {
          kind: 'check',
          check: 'membership',
          passed: inActive,
          att: attText,
          token,
        });
        if (!inActive) refused = 'membership';
      }
    }

    if (refused === null) {
      if (lease === null) {
        const error = luaRuntimeError(
          env.sha,
          L.zadd,
          "attempt to perform arithmetic on local 'lease' (a nil value)",
        );
        yield step(L.zadd, member, { kind: 'error', error });
        return { error };
      }
      const score = now + lease;
      const r = env.call(['ZADD', env.keys[0] ?? null, score, id]);
      if (isError(r)) return yield* fail(env, L.zadd, member, r.error);
      yield step(L.zadd, member, { kind: 'rescore', id, score });
    } else {
      failed.push(id);
      yield step(L.collect, member, {
        kind: 'collect',
        id,
        check: refused,
        failedCount: failed.length,
      });
    }

    i += 2;
    yield step(L.advance, member, { kind: 'advance', i });
  }

  const reply: Reply = [...failed];
  yield step(L.ret, null, { kind: 'reply', reply });
  return reply;
}

/** A redis.call that raised: the run ends here with Redis's script-error text. */
function* fail(env: ScriptEnv, line: number, member: number | null, text: string): ScriptRun {
  const error = scriptError(env.sha, line, text);
  yield step(line, member, { kind: 'error', error });
  return { error };
}

export const batchScript: ScriptModel = {
  listing: 'extend_locks2.lua',
  source: BATCH_SOURCE,
  run: runBatch,
};
