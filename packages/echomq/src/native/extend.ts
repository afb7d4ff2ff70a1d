import {
  type CommandContext,
  type CommandSpec,
  drive,
  isError,
  keyRange,
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
import type { Check } from '../scripts/lesson-trace.ts';
import { EXTEND_LINES as L } from './native-source.ts';
import { nativeError, type NativeReplyId } from './replies.ts';

const VERB = 'EMQ.EXTEND';
const step = stepper('emq_extend.rs');

const refuse = refuser(step);

const REFUSAL: Record<Check, { line: number; id: NativeReplyId }> = {
  row: { line: L.gone, id: 'gone' },
  token: { line: L.staleError, id: 'stale' },
  membership: { line: L.notActive, id: 'not-active' },
};

/**
 * EMQ.EXTEND as a generator of steps on emq_extend.rs: the shape, exactly one
 * pair, the layout (an active set, and the row of this id under its base), the
 * lease, the fence and the one clock read; the row opened for read, the three
 * checks, each refusal in the single script's wire class; then the row opened
 * for write, the re-score and the lease_epoch stamp.
 */
function* runExtend(ctx: CommandContext, args: readonly string[]): NativeRun {
  const s = shape(VERB, args);
  if ('error' in s) return yield* refuse(L.shape, null, 'shape', s.error);
  yield step(L.shape, null, { kind: 'native', what: 'shape', ok: true, detail: 'numkeys 2' });

  if (argc(s) !== 3) {
    return yield* refuse(L.arity, null, 'arity', nativeError('arg-count', VERB).error);
  }
  yield step(L.arity, null, {
    kind: 'native',
    what: 'arity',
    ok: true,
    detail: 'lease, id, token',
  });

  const id = argAt(s, 2);
  const token = argAt(s, 3);
  const [active, row] = s.keys;
  if (!active.endsWith('active')) {
    return yield* refuse(L.layoutActive, null, 'layout', nativeError('layout-active', VERB).error);
  }
  const base = active.slice(0, -'active'.length);
  if (row !== `${base}job:${id}`) {
    return yield* refuse(L.layoutRow, null, 'layout', nativeError('layout-row', VERB).error);
  }
  yield step(L.layoutRow, null, { kind: 'native', what: 'layout', ok: true, detail: row });

  const leaseArg = argAt(s, 1);
  const lease = positiveInt(VERB, leaseArg);
  if (typeof lease !== 'bigint') return yield* refuse(L.lease, null, 'lease', lease.error);
  yield step(L.lease, 0, {
    kind: 'args',
    base: null,
    lease: Number(lease),
    leaseArg,
    id,
    token,
  });

  const caller = fence(ctx);
  if (caller === null) {
    const error = nativeError('fence', VERB, { user: ctx.conn.user }).error;
    return yield* refuse(L.fence, null, 'fence', error);
  }
  yield step(L.fence, null, { kind: 'native', what: 'fence', ok: true, detail: caller.name });

  const now = ctx.host.now();
  const at = deadline(VERB, now, lease);
  yield step(L.deadline, null, { kind: 'clock', ...clockParts(now), now });
  if (typeof at !== 'bigint') {
    yield step(L.deadline, null, { kind: 'error', error: at.error });
    return at;
  }

  const deniedRead = open(VERB, caller, row, 'read');
  if (deniedRead) return yield* refuse(L.openRead, 0, 'open', deniedRead.error);
  yield step(L.openRead, 0, { kind: 'native', what: 'open', ok: true, detail: `read ${row}` });

  const verdict = yield* leaseVerdict(ctx, step, L.verdict, 0, active, row, id, token);
  if (typeof verdict !== 'string') {
    yield step(L.verdict, 0, { kind: 'error', error: verdict.error });
    return verdict;
  }
  if (verdict !== 'live') {
    const refusal = REFUSAL[verdict];
    const reply = nativeError(refusal.id, VERB);
    yield step(refusal.line, 0, { kind: 'verdict', id, live: false, check: verdict });
    yield step(refusal.line, null, { kind: 'reply', reply });
    return reply;
  }
  yield step(L.verdict, 0, { kind: 'verdict', id, live: true, check: null });

  const deniedWrite = open(VERB, caller, row, 'write');
  if (deniedWrite) return yield* refuse(L.openWrite, 0, 'open', deniedWrite.error);
  yield step(L.openWrite, 0, { kind: 'native', what: 'open', ok: true, detail: `write ${row}` });
  const runId = ctx.host.runId;
  yield step(L.epoch, null, { kind: 'native', what: 'epoch', ok: true, detail: runId });
  const z = moduleCall(ctx, ['ZADD', active, at.toString(), id]);
  if (isError(z)) throw new Error(`ZADD after the checks answered ${z.error}`);
  yield step(L.zadd, 0, { kind: 'rescore', id, score: Number(at) });
  moduleCall(ctx, ['HSET', row, 'lease_epoch', runId]);
  yield step(L.hset, 0, { kind: 'stamp', key: row, runId });
  yield step(L.reply, null, { kind: 'reply', reply: 1 });
  return 1;
}

/** EMQ.EXTEND numkeys active row lease_ms id token: the native twin of @extend_lock2. */
export const emqExtend: CommandSpec = {
  name: 'emq.extend',
  arity: -1,
  flags: ['write'],
  // first key 2, last key 3: the active set and the row both need read and write
  keys: keyRange(2, 3, 1, ['RW', 'access', 'update']),
  run: (ctx, args) => drive(runExtend(ctx, args), ctx.ks, ctx.trace),
};
