/**
 * The words of the stepper's state panels and controls: headings, column names, the labels a
 * screen reader hears, and the short sentences a panel shows when it has nothing yet. `{name}`
 * is a slot the component fills, and the compiler holds the component to fill exactly the
 * slots a sentence names (src/content/template.ts). The stepper's chunk carries these
 * words, so none of them is in the page's first load.
 */
export const panelWords = {
  controls: {
    group: 'Stepper controls',
    /** each step button: its name (what a screen reader says), and the word on its face */
    buttons: {
      first: { name: 'First step', word: 'first' },
      memberBack: { name: 'Back one member', word: 'member' },
      back: { name: 'Back one line', word: 'line' },
      forward: { name: 'Forward one line', word: 'line' },
      member: { name: 'Forward one member', word: 'member' },
      last: { name: 'Last step', word: 'last' },
    },
    /** a button's tooltip: its name and its key */
    buttonTitle: '{name} ({key})',
    play: 'Play',
    pause: 'Pause',
    playTitle: 'Play or pause (Space)',
    speed: 'speed',
    speedOption: '{speed} steps/s',
    timeline: 'Timeline',
    /** the timeline's words for where the run stands, and the counter beside it */
    position: 'step {k} of {n}',
  },
  verdicts: {
    rescored: 're-scored',
    /** a reaped id re-scored by a script without the membership guard: now in active and in
        pending at once, the invariant broken (short, for a phone's verdict column) */
    resurrected: 're-scored: resurrected',
    /** an id in neither set re-scored by a script without the membership guard: a lease made
        anew, not extended */
    madeAnew: 're-scored: made anew',
    live: 'live (read pass)',
    failed: 'failed',
    failedBecause: 'failed ({reason})',
    error: 'error: run aborted',
    pending: '…',
    notReached: 'not reached',
    /** a live member's verdict once a native refusal has ended the command: the read pass found
        it live, and the words after it say what became of that */
    liveRefused: 'live',
    /** every member's verdict once a native refusal has ended the command: short, for a cell in
        a phone's column (the narration says why, `nothingWritten`) */
    refused: '{verdict} · nothing written',
    /** what a native refusal means for every member, as the narration says it */
    nothingWritten: 'nothing written: the refusal ends the command before any write',
  },
  members: {
    region: 'Members and their checks',
    heading: 'Members · checks in order',
    table: 'Members table',
    columns: { number: '#', id: 'id', token: 'token', verdict: 'verdict' },
    /** the check columns: the header, and the check's name in its cells' labels */
    checkHeads: { row: 'row', token: 'attempts', membership: 'in active' },
    /** the check columns' headers on a phone, where the long ones pushed a 360-px screen's
        verdicts off it; the token column is hidden there, so "token" names its check */
    checkHeadsShort: { row: 'row', token: 'token', membership: 'active' },
    checkNames: { row: 'row', token: 'attempts = token', membership: 'in active' },
    checkCell: '{check}: {outcome}',
    checkOutcomes: { passed: 'passed', failed: 'failed', notRun: 'not run' },
    shown: 'showing members {from}–{to} of {total} · so far {rescored} re-scored, {failed} failed',
  },
  argv: {
    region: 'KEYS and ARGV',
    count: '#ARGV = {count}',
    pointer: 'i = {i}',
    pointerAt: 'i → ',
    lease: 'lease_ms',
    id: 'id',
    token: 'token',
    unpaired: 'id, no token',
    pairsLeftOut: '… {count} pairs',
  },
  clock: {
    region: 'The clock read',
    readOnce: 'TIME · read once',
    readTimes: 'TIME · read {reads} times',
    seconds: 'seconds t[1]',
    micros: 'micros t[2]',
    now: 'now (ms)',
    notYet: 'not read yet',
  },
  active: {
    region: 'The active set and pending',
    heading: 'active · score before → after · pending',
    table: 'Active set table',
    columns: { member: 'member', before: 'before', after: 'after' },
    alsoPending: ' · also in pending',
    /** on a phone the mark is a star after the id, and its key under the table says it */
    alsoPendingStar: '*',
    alsoPendingKey: '* also in pending',
    shown: '{shown} of {total} members shown',
    empty: 'active is empty',
  },
  rows: {
    region: 'Job rows',
    heading: 'job rows',
    table: 'Job rows table',
    columns: {
      row: 'row',
      attempts: 'attempts',
      group: 'group',
      leaseEpoch: 'lease_epoch',
      where: 'where',
    },
    wrongType: 'a string, not a hash (WRONGTYPE)',
    noRow: 'no row',
    neither: 'neither',
    shown: '{shown} of {total} rows shown',
    more: ', … {count} more',
  },
  failed: {
    region: 'The failed list',
    heading: 'failed · {count}',
    earlier: '… {count} earlier',
  },
  reply: {
    region: 'The reply',
    heading: 'reply',
    notYetScript: 'the script has not returned yet',
    notYetNative: 'the command has not returned yet',
    cli: 'redis-cli',
    verb: 'extend_locks/4 (wire {wire})',
    /** on a cut reply's note: copies the whole reply as redis-cli prints it */
    copyAll: 'Copy all',
    copiedAll: 'Copied.',
  },
  calls: {
    heading: 'Calls · {count} so far',
    none: 'No redis.call yet.',
    call: 'line {line}: {call} → {reply}',
  },
  changes: {
    heading: 'Keyspace changes · {count} so far',
    /** the member view's list of the writes its tables do not show (an edited script's) */
    otherHeading: 'Other keyspace changes · {count} so far',
    otherWhat: 'Writes the tables here do not show: other keys, other fields, expiries.',
    none: 'Nothing written yet.',
    change: 'line {line}: {change}',
  },
  code: {
    /** the listing's name for a screen reader: where the run stands, and how it differs */
    label: '{title}, current line {line}{summary}',
    noLine: 'none',
    summary: "; {changed} changed, {added} added, {removed} removed from the lesson's script",
    /** the tag on a line that differs from the lesson's script */
    marks: { changed: 'changed', added: 'added', removed: 'removed' },
    /** the tag on a comment of the lesson's that a what-if's edit made false */
    untrue: 'no longer true after this edit',
  },
  locals: {
    heading: "Locals · the script's frame",
    none: 'No locals in scope yet.',
    sameTable: ' · the same table as {names}',
    justSet: 'just set',
    tableWritten: 'table written',
  },
  table: {
    entries: 'the entries of table {address}',
    /** after the empty table's braces */
    empty: 'empty',
    cycle: '↺ a table this one is inside of',
    justWritten: 'just written',
    gap: '… {count} more in the sequence …',
    moreKeys: '… and {count} more keys',
  },
} as const;

/** The shape of the panels' words (the schema checks the sentences themselves). */
export type PanelWords = typeof panelWords;
