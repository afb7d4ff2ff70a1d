import extendsSource from '../../native/emq_extends.rs?raw';
import extendSource from '../../native/emq_extend.rs?raw';
import { lineOf } from '../scripts/lua-source.ts';

/** The EMQ.EXTENDS handler's exact file text, the listing the lesson shows. */
export const EXTENDS_SOURCE: string = extendsSource;
/** The EMQ.EXTEND handler's exact file text. */
export const EXTEND_SOURCE: string = extendSource;

const inExtends = (needle: string) => lineOf(EXTENDS_SOURCE, needle);
const inExtend = (needle: string) => lineOf(EXTEND_SOURCE, needle);

/** Lines of emq_extends.rs the simulation stands on, found by their text. */
export const EXTENDS_LINES = {
  shape: inExtends('host::shape('),
  arity: inExtends('if s.argc() % 2 == 0'),
  layout: inExtends('if s.key(1) != q.active()'),
  lease: inExtends('host::positive_int('),
  fence: inExtends('host::fence(ctx)'),
  deadline: inExtends('host::deadline('),
  loop: inExtends('while i < s.argc()'),
  pair: inExtends('let (id, token) = (s.arg(i), s.arg(i + 1));'),
  rowKey: inExtends('let row = q.job(id);'),
  openRead: inExtends('caller.open(&row, Access::Read)?;'),
  verdict: inExtends('if lease_verdict('),
  live: inExtends('live.push('),
  collect: inExtends('failed.push('),
  advance: inExtends('i += 2;'),
  anyLive: inExtends('if !live.is_empty()'),
  openWrite: inExtends('caller.open(row, Access::Write)?;'),
  epoch: inExtends('epoch::current()'),
  zadd: inExtends('w.call(cmd::ZADD'),
  hset: inExtends('w.call(cmd::HSET'),
  reply: inExtends('Ok(ValkeyValue::Array(failed))'),
} as const;

/** Lines of emq_extend.rs the simulation stands on. */
export const EXTEND_LINES = {
  shape: inExtend('host::shape('),
  arity: inExtend('if s.argc() != 3'),
  layoutActive: inExtend('keys::Queue::from_active('),
  layoutRow: inExtend('if s.key(2) != q.job(id)'),
  lease: inExtend('host::positive_int('),
  fence: inExtend('host::fence(ctx)'),
  deadline: inExtend('host::deadline('),
  openRead: inExtend('caller.open(row, Access::Read)?;'),
  verdict: inExtend('match lease_verdict('),
  gone: inExtend('Lease::Gone =>'),
  stale: inExtend('Lease::Stale =>'),
  staleError: inExtend('errors::class("EMQSTALE"'),
  notActive: inExtend('Lease::NotActive =>'),
  openWrite: inExtend('caller.open(row, Access::Write)?;'),
  epoch: inExtend('epoch::current()'),
  zadd: inExtend('w.call(cmd::ZADD'),
  hset: inExtend('w.call(cmd::HSET'),
  reply: inExtend('Ok(ValkeyValue::Integer(1))'),
} as const;
