/**
 * The words of the stepper's three drawers: the scenario editor, the script editor and the
 * compare view, and the plain words that go with a script error the server reports. `{name}`
 * is a slot the component fills; the content schema (src/content/schema.ts) checks each
 * sentence names exactly those slots. The stepper's chunk carries these words, so none of
 * them is in the page's first load.
 */
export const editorWords = {
  scenario: {
    callers: { full: 'full access', 'read-only': 'read-only on the job rows' },
    clients: { verb: 'extend_locks/4', raw: 'a raw client' },
    rows: { hash: 'a hash row', none: 'no row (gone)', wrongtype: 'a string (wrong type)' },
    places: { active: 'in active', pending: 'in pending (reaped)', neither: 'in neither' },
    /** the kept-edits bar: where the edits are, and what a reload does to them */
    keptElsewhere:
      'The stepper now runs another scenario; your unapplied edits below are kept. Run them, or discard them to edit the scenario now running.',
    keptStored:
      'Unapplied edits: kept while the editor is closed or the page reloads, until you run or discard them.',
    keptOpen: 'Unapplied edits: kept while the editor is closed, until you run or discard them.',
    /** a kept draft that storage held damaged (or in an older page's format) */
    discarded:
      'Edits kept from before could not be read back (the browser’s storage held something damaged), so they were discarded: the editor shows the scenario that runs.',
    reload: {
      memory: ' They are kept while this page is open, not across a reload.',
      tooLarge:
        ' This draft is too large for the browser’s session storage: it is kept while this page is open, but a reload or closing the tab would lose it. Run it first.',
      noStorage:
        ' The browser refuses to store them here, so they are kept while this page is open, but a reload or closing the tab would lose them.',
    },
    discard: 'Discard my edits',
    /** each field: the caption beside it, and its name for a screen reader where it differs */
    lease: { caption: 'lease_ms (ARGV[1])', label: 'lease_ms' },
    clock: { caption: 'server clock (ms)', label: 'server clock in ms' },
    caller: 'caller',
    client: 'client',
    trailing: { caption: 'trailing id, no token (raw)', label: 'trailing id', none: 'none' },
    pairs: 'held pairs · {count}',
    addPair: 'Add a pair',
    addHundred: 'Add 100 pairs',
    tooLargeToShare:
      'This scenario is too large to share as a link: a link carries at most {cap} pairs, and this one has {count}. It still runs here.',
    shareCap:
      'A link to this scenario carries up to {cap} pairs; more still run here, but are not shared as a link.',
    previousPairs: 'Previous pairs',
    nextPairs: 'Next pairs',
    pairsShown: 'pairs {from}–{to} of {total}',
    pair: 'pair {n} · ARGV[{idSlot}], ARGV[{tokenSlot}]',
    id: { caption: 'id, at most {cap} bytes', label: 'pair {n} id' },
    token: { caption: 'token', label: 'pair {n} token' },
    row: { caption: 'row', label: 'pair {n} row' },
    attempts: { caption: 'attempts', label: 'pair {n} attempts' },
    group: {
      caption: 'group (lane), at most {cap} characters',
      label: 'pair {n} group',
      none: 'flat job',
    },
    place: { caption: 'place', label: 'pair {n} place' },
    leaseLeft: { caption: 'lease left (ms)', label: 'pair {n} lease left' },
    sameJob: 'the same job as pair {n}',
    up: { face: '↑ Up', label: 'move pair {n} up' },
    down: { face: '↓ Down', label: 'move pair {n} down' },
    remove: { face: 'Remove', label: 'remove pair {n}' },
    run: 'Run this scenario',
    refusedOne: '1 field is refused; fix it to run. Nothing you typed is lost{where}.',
    refusedMany: '{count} fields are refused; fix them to run. Nothing you typed is lost{where}.',
    /** the tail of the refusal when the draft is not stored across a reload */
    whileOpen: ' while this page is open',
  },
  script: {
    intro:
      "Edit the Lua and run it on this scenario with the script executor: the server loads it (SCRIPT LOAD) and runs it (EVALSHA) exactly as it runs the lesson's script. Tab leaves the editor.",
    label:
      'Lua script (KEYS[1] active · KEYS[2] the base · ARGV[1] lease_ms, then id, token pairs)',
    unrun: 'Not run yet: your edits are kept until you run or reset them.',
    /** a text that was run, found again after the tab closed before its link was written */
    restored:
      'This is the script you ran before the page closed: the link did not carry it yet, so it was kept here. Run it again to step it.',
    /** a kept edit that storage held damaged (or in an older page's format) */
    discarded:
      'An edit kept from before could not be read back (the browser’s storage held something damaged), so it was discarded: the editor shows the script that runs.',
    compiles: ' As typed, it compiles.',
    lessons: "This is the lesson's script.",
    running: "This is the stepper's script.",
    /** a script that ran, held by no link (a stepper without one, a script past a link's cap) nor storage */
    runNotKept:
      ' Nothing outside this page holds it (no link carries it, and the browser’s storage does not), so a reload or closing the tab would lose it: copy it somewhere to keep it.',
    tooLargeToShare:
      ' At {count} characters it is too large to share as a link (a link carries at most {cap}); it still runs here.',
    wouldRefuse: 'As typed, the server would refuse it. ',
    atLine: 'Line {line}: ',
    serverSays: 'The server says: ',
    run: 'Run this script',
    reset: "Reset to the lesson's script",
    /** the caption of a script that is not the lesson's and not a what-if */
    ownEdit: 'your edit of extend_locks2.lua',
    /** a what-if's caption: its label and the one edit it makes */
    whatIfEdit: '{variant} ({edit})',
  },
  /** a script error in plain words, beside the server's own (script-error-words.ts) */
  scriptErrors: {
    compile: 'The script does not compile, so the server runs none of it. {meaning}',
    runtime:
      'The script stopped with an error on line {line}. The writes it made before that line stay: Redis does not undo a script that fails.',
    /** what Lua's parser messages mean; {near} is the token Lua names, or endOfScript */
    endOfScript: 'the end of the script',
    unclosed: 'The {block} opened on line {line} is never closed: an end is missing before {near}.',
    expected: 'Lua needed {what} before {near}.',
    aName: 'a name',
    unexpected: 'Lua cannot start a statement or an expression with {near}.',
    unfinishedString: 'A string is never closed: a quote (or ]]) is missing.',
    malformedNumber: '{near} is not a number Lua can read.',
    ambiguous:
      'A line starts with ( right after a call on the line before: Lua 5.1 cannot tell whether it continues the call. Put a ; before the (.',
    forLoop: "A for loop needs '=' (numeric) or 'in' (generic) after its names.",
    other: 'Lua could not compile the script here; the server’s words above say what it found.',
  },
  compare: {
    agree: 'The two final states agree.',
    differOne: '1 difference, marked ≠.',
    differMany: '{count} differences, marked ≠.',
    table: 'Final states table',
    caption: 'Final states, script against native',
    script: 'script · wire 4',
    scriptRunning: 'the script running · wire 4',
    native: 'native · wire 6',
    differs: 'differs',
  },
  /** the what-ifs as the caption and the alerts name them */
  variants: {
    real: 'the real script',
    'no-membership-guard': 'variant: the membership guard dropped',
    'clock-per-member': 'variant: TIME read per member',
  },
} as const;

/** The shape of the drawers' words (the schema checks the sentences themselves). */
export type EditorWords = typeof editorWords;
