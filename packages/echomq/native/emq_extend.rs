// trafikey · EMQ.EXTEND, the native twin of EchoMQ.Jobs @extend_lock2
pub(crate) fn extend(ctx: &Context, args: Vec<ValkeyString>) -> ValkeyResult {
    let s = host::shape("EMQ.EXTEND", &args, 2)?;
    // exactly one pair after the lease: lease_ms, id, token
    if s.argc() != 3 {
        return Err(errors::arg_count(s.verb));
    }
    let (id, token) = (s.arg(2), s.arg(3));
    // the layout: KEYS[1] is an active set, and KEYS[2] must be the row of this id
    // under the same queue base
    let q = keys::Queue::from_active(s.key(1))
        .ok_or_else(|| errors::layout(s.verb, "KEYS[1] must end in 'active'"))?;
    if s.key(2) != q.job(id).as_slice() {
        return Err(errors::layout(s.verb, "KEYS[2] must be the row of ARGV[2]"));
    }
    // ARGV[1] is lease_ms, a positive integer, as in the batch
    let lease = host::positive_int(s.verb, s.arg(1))?;
    let caller = host::fence(ctx)?;
    // one clock read: the server's cached command time
    let at = host::deadline(s.verb, host::now_ms()?, lease)?;
    let row = s.key(2);
    caller.open(row, Access::Read)?;
    // the batch's three checks in the batch's order; each refusal keeps its wire class
    match lease_verdict(ctx, s.key(1), row, id, token)? {
        Lease::Live => {}
        Lease::Gone => return Err(errors::class("EMQGONE", "the job row does not exist")),
        Lease::Stale => {
            return Err(errors::class("EMQSTALE", "the token does not match the row attempts"))
        }
        Lease::NotActive => return Err(errors::class("EMQNOTACTIVE", "the job is not in active")),
    }
    // a live lease: open the row for write, re-score the member, stamp the epoch
    caller.open(row, Access::Write)?;
    let run_id = epoch::current()?;
    let score = at.to_string();
    let w = host::begin_writes(ctx)?;
    w.call(cmd::ZADD, &[s.key(1), score.as_bytes(), id])?;
    w.call(cmd::HSET, &[row, b"lease_epoch", run_id])?;
    Ok(ValkeyValue::Integer(1))
}
