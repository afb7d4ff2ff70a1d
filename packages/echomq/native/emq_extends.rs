// trafikey · EMQ.EXTENDS, the native twin of EchoMQ.Jobs @extend_locks2
pub(crate) fn extends(ctx: &Context, args: Vec<ValkeyString>) -> ValkeyResult {
    let s = host::shape("EMQ.EXTENDS", &args, 2)?;
    // a lease followed by whole (id, token) pairs is always an odd count,
    // so an even count means a trailing id came without its token
    if s.argc() % 2 == 0 {
        return Err(errors::arg_count(s.verb));
    }
    // the layout: KEYS[2] is the queue base and KEYS[1] must be its active set
    let q = keys::Queue::new(s.key(2));
    if s.key(1) != q.active().as_slice() {
        return Err(errors::layout(s.verb, "KEYS[1] must be KEYS[2] .. 'active'"));
    }
    // ARGV[1] is lease_ms; zero, a sign or a fraction refuses the whole command
    let lease = host::positive_int(s.verb, s.arg(1))?;
    let caller = host::fence(ctx)?;
    // a single deadline for every member, taken from the server's cached clock
    let at = host::deadline(s.verb, host::now_ms()?, lease)?;
    let mut live: Vec<(&[u8], Vec<u8>)> = Vec::new();
    let mut failed: Vec<ValkeyValue> = Vec::new();
    let mut i = 2;
    // first pass: decide every member before touching anything
    while i < s.argc() {
        let (id, token) = (s.arg(i), s.arg(i + 1));
        // the row key comes from the base, and the caller must be allowed to read it
        let row = q.job(id);
        caller.open(&row, Access::Read)?;
        // the same three checks as the script, in its order: row, token, membership
        if lease_verdict(ctx, s.key(1), &row, id, token)? == Lease::Live {
            live.push((id, row));
        } else {
            failed.push(host::bulk(id));
        }
        i += 2;
    }
    // second pass: writes happen only when at least one lease is live
    if !live.is_empty() {
        for (_, row) in &live {
            caller.open(row, Access::Write)?;
        }
        let run_id = epoch::current()?;
        let score = at.to_string();
        let w = host::begin_writes(ctx)?;
        // per live lease: move its score to the deadline, then stamp the server epoch
        for (id, row) in &live {
            w.call(cmd::ZADD, &[s.key(1), score.as_bytes(), id])?;
            w.call(cmd::HSET, &[row.as_slice(), b"lease_epoch", run_id])?;
        }
    }
    Ok(ValkeyValue::Array(failed))
}
