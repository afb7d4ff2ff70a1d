import { isError } from '../errors.ts';
import { luaToNumber } from '../numbers.ts';
import type { Check, Reply } from '../trace-types.ts';
import { wireErrorText, type WireReason } from '../wire-classes.ts';
import { SINGLE_SOURCE, lineOf } from './lua-source.ts';
import {
  luaRuntimeError,
  scriptError,
  stepper,
  type ScriptEnv,
  type ScriptModel,
  type ScriptRun,
} from './script-env.ts';

const at = (needle: string) => lineOf(SINGLE_SOURCE, needle);

/** Lines of extend_lock2.lua the model stands on, found by their text. */
export const SINGLE_LINES = {
  lease: at('local lease = tonumber(ARGV[1])'),
  time: at("local t = redis.call('TIME')"),
  now: at('local now = '),
  hget: at("redis.call('HGET'"),
  rowCheck: at('if not att then'),
  gone: at("redis.error_reply('EMQGONE"),
  tokenCheck: at('if att ~= token then'),
  stale: at("redis.error_reply('EMQSTALE"),
  zscore: at("redis.call('ZSCORE'"),
  notActive: at("redis.error_reply('EMQNOTACTIVE"),
  zadd: at("redis.call('ZADD'"),
  ret: at('return 1'),
} as const;

const L = SINGLE_LINES;
const step = stepper('extend_lock2.lua');
const REFUSAL_LINE: Record<Check, number> = {
  row: L.gone,
  token: L.stale,
  membership: L.notActive,
};
const REFUSAL_REASON: Record<Check, WireReason> = {
  row: 'gone',
  token: 'stale',
  membership: 'not_active',
};

/**
 * @extend_lock2 as a generator of steps: the batch's three checks for one
 * pair, each refusal returned as its own error reply (no script suffix, since
 * the script returns it rather than raising it).
 */
function* runSingle(env: ScriptEnv): ScriptRun {
  const leaseArg = env.argv[0] ?? null;
  const lease = leaseArg === null ? null : luaToNumber(leaseArg);
  const id = env.argv[1] ?? null;
  const token = env.argv[2] ?? null;
  yield step(L.lease, 0, { kind: 'args', base: null, lease, leaseArg, id, token });

  const t = env.call(['TIME']);
  if (isError(t)) return yield* fail(env, L.time, t.error);
  yield step(L.time, 0, { kind: 'command', args: ['TIME'], reply: t });
  const [seconds, micros] = t as [string, string];
  const now = (luaToNumber(seconds) ?? 0) * 1000 + Math.floor((luaToNumber(micros) ?? 0) / 1000);
  yield step(L.now, 0, { kind: 'clock', seconds, micros, now });

  const hget = ['HGET', env.keys[1] ?? null, 'attempts'];
  const att = env.call(hget);
  if (isError(att)) return yield* fail(env, L.hget, att.error);
  yield step(L.hget, 0, { kind: 'command', args: hget.map(String), reply: att });
  const attText = att as string | null;

  yield step(L.rowCheck, 0, {
    kind: 'check',
    check: 'row',
    passed: attText !== null,
    att: attText,
    token,
  });
  if (attText === null) return yield* refuse('row');

  const same = attText === token;
  yield step(L.tokenCheck, 0, { kind: 'check', check: 'token', passed: same, att: attText, token });
  if (!same) return yield* refuse('token');

  const zscoreArgs = ['ZSCORE', env.keys[0] ?? null, id];
  const score = env.call(zscoreArgs);
  if (isError(score)) return yield* fail(env, L.zscore, score.error);
  yield step(L.zscore, 0, { kind: 'command', args: zscoreArgs.map(String), reply: score });
  const inActive = score !== null;
  yield step(L.zscore, 0, {
    kind: 'check',
    check: 'membership',
    passed: inActive,
    att: attText,
    token,
  });
  if (!inActive) return yield* refuse('membership');

  if (lease === null) {
    const error = luaRuntimeError(
      env.sha,
      L.zadd,
      "attempt to perform arithmetic on local 'lease' (a nil value)",
    );
    yield step(L.zadd, 0, { kind: 'error', error });
    return { error };
  }
  const newScore = now + lease;
  const r = env.call(['ZADD', env.keys[0] ?? null, newScore, id]);
  if (isError(r)) return yield* fail(env, L.zadd, r.error);
  yield step(L.zadd, 0, { kind: 'rescore', id: id ?? '', score: newScore });

  yield step(L.ret, null, { kind: 'reply', reply: 1 });
  return 1;
}

function* refuse(check: Check): ScriptRun {
  const reply: Reply = { error: wireErrorText(REFUSAL_REASON[check]) };
  yield step(REFUSAL_LINE[check], null, { kind: 'reply', reply });
  return reply;
}

function* fail(env: ScriptEnv, line: number, text: string): ScriptRun {
  const error = scriptError(env.sha, line, text);
  yield step(line, 0, { kind: 'error', error });
  return { error };
}

export const singleScript: ScriptModel = {
  listing: 'extend_lock2.lua',
  source: SINGLE_SOURCE,
  run: runSingle,
};
