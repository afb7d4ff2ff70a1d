import {
  type CommandContext,
  type CommandSpec,
  drive,
  isError,
  keyRange,
  type Reply,
} from '@batch-lease/redis-sim';
import {
  argAt,
  argc,
  clockParts,
  deadline,
  fence,
  leaseVerdict,
  moduleCall,
  open,
  positiveInt,
  refuser,
  shape,
  stepper,
  type NativeRun,
} from './host.ts';
import { EXTENDS_LINES as L } from './native-source.ts';
import { nativeError } from './replies.ts';

const VERB = 'EMQ.EXTENDS';
const step = stepper('emq_extends.rs');

const refuse = refuser(step);

/**
 * EMQ.EXTENDS as a generator of steps on emq_extends.rs, line by line: the
 * shape, the pairing, the layout and the lease; the fence and the one clock
 * read; the read pass (each row opened for read as the caller, the script's
 * three checks, a verdict); then, only when a lease is live, the write pass
 * (each live row opened for write, then per lease ZADD and the lease_epoch
 * stamp). Every refusal comes before the first write, so it writes nothing.
 */
function* runExtends(ctx: CommandContext, args: readonly string[]): NativeRun {
  const s = shape(VERB, args);
  if ('error' in s) return yield* refuse(L.shape, null, 'shape', s.error);
  yield step(L.shape, null, { kind: 'native', what: 'shape', ok: true, detail: 'numkeys 2' });

  if (argc(s) % 2 === 0) {
    return yield* refuse(L.arity, null, 'arity', nativeError('arg-count', VERB).error);
  }
  yield step(L.arity, null, {
    kind: 'native',
    what: 'arity',
    ok: true,
    detail: `the lease and ${(argc(s) - 1) / 2} whole pairs`,
  });

  const [active, base] = s.keys;
  if (active !== `${base}active`) {
    return yield* refuse(L.layout, null, 'layout', nativeError('layout-extends', VERB).error);
  }
  yield step(L.layout, null, { kind: 'native', what: 'layout', ok: true, detail: active });

  const leaseArg = argAt(s, 1);
  const lease = positiveInt(VERB, leaseArg);
  if (typeof lease !== 'bigint') return yield* refuse(L.lease, null, 'lease', lease.error);
  yield step(L.lease, null, { kind: 'native', what: 'lease', ok: true, detail: leaseArg });
  yield step(L.lease, null, { kind: 'args', base, lease: Number(lease), leaseArg });

  const caller = fence(ctx);
  if (caller === null) {
    const error = nativeError('fence', VERB, { user: ctx.conn.user }).error;
    return yield* refuse(L.fence, null, 'fence', error);
  }
  yield step(L.fence, null, { kind: 'native', what: 'fence', ok: true, detail: caller.name });

  // the one clock read: the server's cached command time
  const now = ctx.host.now();
  const at = deadline(VERB, now, lease);
  yield step(L.deadline, null, { kind: 'clock', ...clockParts(now), now });
  if (typeof at !== 'bigint') {
    yield step(L.deadline, null, { kind: 'error', error: at.error });
    return at;
  }

  const live: Array<{ id: string; row: string; member: number }> = [];
  const failed: string[] = [];
  let i = 2;
  for (;;) {
    const enters = i < argc(s);
    const member = (i - 2) / 2;
    yield step(L.loop, enters ? member : null, { kind: 'loop', i, argc: argc(s), enters });
    if (!enters) break;
    const id = argAt(s, i);
    const token = argAt(s, i + 1);
    yield step(L.pair, member, { kind: 'pair', i, id, token });
    const row = `${base}job:${id}`;
    yield step(L.rowKey, member, { kind: 'row-key', key: row });

    const denied = open(VERB, caller, row, 'read');
    if (denied) return yield* refuse(L.openRead, member, 'open', denied.error);
    yield step(L.openRead, member, {
      kind: 'native',
      what: 'open',
      ok: true,
      detail: `read ${row}`,
    });

    const verdict = yield* leaseVerdict(ctx, step, L.verdict, member, active, row, id, token);
    if (typeof verdict !== 'string') {
      yield step(L.verdict, member, { kind: 'error', error: verdict.error });
      return verdict;
    }
    if (verdict === 'live') {
      live.push({ id, row, member });
      yield step(L.live, member, { kind: 'verdict', id, live: true, check: null });
    } else {
      failed.push(id);
      yield step(L.collect, member, { kind: 'verdict', id, live: false, check: verdict });
      yield step(L.collect, member, {
        kind: 'collect',
        id,
        check: verdict,
        failedCount: failed.length,
      });
    }
    i += 2;
    yield step(L.advance, member, { kind: 'advance', i });
  }

  if (live.length > 0) {
    for (const { row, member } of live) {
      const denied = open(VERB, caller, row, 'write');
      if (denied) return yield* refuse(L.openWrite, member, 'open', denied.error);
      yield step(L.openWrite, member, {
        kind: 'native',
        what: 'open',
        ok: true,
        detail: `write ${row}`,
      });
    }
    const runId = ctx.host.runId;
    yield step(L.epoch, null, { kind: 'native', what: 'epoch', ok: true, detail: runId });
    const score = at.toString();
    for (const { id, row, member } of live) {
      const z = moduleCall(ctx, ['ZADD', active, score, id]);
      if (isError(z)) throw new Error(`ZADD after the read pass answered ${z.error}`);
      yield step(L.zadd, member, { kind: 'rescore', id, score: Number(at) });
      moduleCall(ctx, ['HSET', row, 'lease_epoch', runId]);
      yield step(L.hset, member, { kind: 'stamp', key: row, runId });
    }
  }
  const reply: Reply = [...failed];
  yield step(L.reply, null, { kind: 'reply', reply });
  return reply;
}

/** EMQ.EXTENDS numkeys active base lease_ms [id token …]: the native twin of @extend_locks2. */
export const emqExtends: CommandSpec = {
  name: 'emq.extends',
  // a module command checks its own arguments, so every count reaches the handler
  arity: -1,
  flags: ['write'],
  // registered with first key 2, last key 3: both declared keys need read and write
  keys: keyRange(2, 3, 1, ['RW', 'access', 'update']),
  run: (ctx, args) => drive(runExtends(ctx, args), ctx.ks, ctx.trace),
};
