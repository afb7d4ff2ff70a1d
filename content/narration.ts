/**
 * The stepper's narration: the plain words under the controls for every step of both
 * executors and every what-if. `{name}` is a slot the code fills (src/stepper/words/
 * narration.ts), and the compiler holds the code to fill exactly the slots a sentence names
 * (src/content/template.ts). Lua values and replies are printed as Lua and redis-cli
 * print them, by the code, and arrive here already written.
 */
export const narrationWords = {
  /** why a member joined failed, by the check that decided it */
  reasons: {
    row: 'gone: no row',
    token: 'stale token',
    membership: 'not in active',
  },
  /** the member's line: "JOB… · token 1, attempts 1, in active → re-scored → …" */
  member: {
    line: '{id} · {checks}',
    token: 'token {token}',
    noToken: '(none)',
    attempts: 'attempts {att}',
    noRow: 'no row',
    inActive: 'in active',
    notInActive: 'not in active',
    rescored: 're-scored → ZADD active now+lease',
    /** a re-score that put a reaped id back into active (the membership guard dropped) */
    resurrected: 're-scored → ZADD active now+lease: resurrected, in active and in pending at once',
    live: 'live (read pass)',
    failed: 'failed ({reason})',
    refusedNative: 'the command refused on this row',
    abortedScript: 'the script aborted on this row',
  },
  /** once a member's verdict is in */
  failedAfter: 'failed after member {member}: {failed}',
  /** a long list (the failed list, a reply) shows its last few items after this note */
  earlier: '… {count} earlier',
  /** a command sent with many arguments shows its first few, then this note */
  more: '… {count} more',
  /** before the first step */
  ready: {
    general: 'Ready. Step to run the script line by line.',
    one: 'Ready: {count} held pair. Step to run the {runs}.',
    many: 'Ready: {count} held pairs. Step to run the {runs}.',
    script: 'script',
    native: 'native command',
  },
  /** what the step just taken did, by the kind of step */
  detail: {
    args: 'base = {base}, lease = tonumber(ARGV[1]) = {lease}',
    clock:
      'now = {seconds} × 1000 + floor({micros} / 1000) = {now} ms, read once for the whole batch',
    /** a script that reads the clock per member: each read is later, as on Redis 7.0 */
    clockForMember:
      "now = {seconds} × 1000 + floor({micros} / 1000) = {now} ms: TIME read for this member, at {micros} µs into its second; each read of the server clock is later than the last (modelled here as {tick} µs a command), so this member's deadline may not be the others'",
    clockAgain:
      "now = {seconds} × 1000 + floor({micros} / 1000) = {now} ms: TIME read again (read {reads} of this run), at {micros} µs into its second; each read of the server clock is later than the last (modelled here as {tick} µs a command), so this member's deadline may not be the others'",
    loopEnters: 'i = {i}, and {i} < #ARGV = {argc}: read the pair at ARGV[{i}], ARGV[{next}]',
    loopEnds: 'i = {i}, not < #ARGV = {argc}: the loop ends',
    loopEndsUnpaired:
      'i = {i}, not < #ARGV = {argc}: the loop ends; the unpaired id at ARGV[{argc}] is never read',
    pair: 'id = ARGV[{i}] = {id}, token = ARGV[{next}] = {token}',
    rowKey: 'the row key, derived from the base: {key}',
    command: '{command} → {reply}',
    rowFound: 'row check: the row exists (attempts "{att}")',
    rowMissing: 'row check: no row',
    tokenMatches: 'token check (a string compare): attempts "{att}" = token "{token}"',
    tokenDiffers: 'token check (a string compare): attempts "{att}" ≠ token "{token}"',
    inActive: 'membership check: ZSCORE finds the id in active',
    notInActive: 'membership check: ZSCORE answers nil, the id is not in active',
    rescore: 'a live lease: ZADD active now+lease = {score}, the same now as every other member',
    /** the ZADD on an id that was not in active but waits in pending (no membership guard) */
    rescoreResurrects:
      'no membership guard: ZADD active now+lease = {score} puts {id} back into active while it still waits in pending: the lease is resurrected, now in both sets',
    /** the ZADD on an id that was in neither set (no membership guard) */
    rescoreAdds:
      'no membership guard: ZADD active now+lease = {score} adds {id} to active, where it was not: the lease is made anew, not extended',
    collect: '{id} joins failed ({reason}); it is not re-scored',
    advance: 'i = i + 2 = {i}',
    /** the script's last step: what its `return` wrote, then the reply it gave */
    reply: 'return {expr}: {reply}',
    /** a script that ended without `return`, or with a bare one: Redis replies nil */
    replyNothing: 'the script ends returning no value, which the server replies as {reply}',
    /** a native command's last step */
    replyNative: 'the command replies {reply}',
    error: 'the run stops with an error: {error}',
    /** the run ended at one of the simulator's own limits: the words name the limit that did it */
    stopped: {
      steps:
        'the run reaches the simulator’s step budget, the most work it lets one run do, and the simulator ends it there; a real server has no such budget and would run on: {error}',
      time: 'the run reaches the simulator’s time limit, and the simulator ends it there; a real server would run on, answering other clients BUSY: {error}',
      reply:
        'the script ends, but its reply is more than the simulator reads back within its limits for one run, so the run answers this stop instead of the reply; a real server would send the whole reply: {error}',
      keyspace:
        'the script writes past the simulator’s memory cap for the keyspace, and the simulator ends the run there; a real server would go on until the machine ran out of memory: {error}',
      heap: 'the script has allocated more than the simulator’s memory cap for one run (256 MB), so the run stops with Lua’s own memory error, which a real server gives when the machine runs out of memory: {error}',
      pattern:
        'a pattern match reaches the simulator’s limit of matcher steps for one call, and the run stops with that error; a real server would stay busy matching: {error}',
      command:
        'the script sends a command that would do more work than the simulator lets one command do, so the simulator ends the run there, before the command writes anything; a real server would run it: {error}',
      unmodelled:
        'the script sends a Redis 7.0 command the simulator does not model, so the simulator ends the run there, before the command runs; a real server would run it and go on: {error}',
    },
    nativePasses: '{what} passes',
    nativeRefuses: '{what} refuses',
    nativeSaid: '{outcome}: {detail}',
    verdictLive:
      'read pass verdict for {id}: live (read pass): nothing is written until every verdict is in',
    verdictNotLive: 'read pass verdict for {id}: not live ({reason})',
    stamp: 'HSET {key} lease_epoch {runId}',
    statement: 'the next statement runs',
    statementNested: 'the next statement runs (inside a function, depth {depth})',
    loopTestHolds: 'the loop test holds: the body runs again',
    loopTestFails: 'the loop test fails: the loop ends',
    branchTaken: 'the test is true: its block runs',
    branchNotTaken: 'the test is false',
    operand: 'operand {n} of the and/or chain is {value}',
  },
} as const;

/** The shape of the narration's words (the schema checks the sentences themselves). */
export type NarrationWords = typeof narrationWords;
