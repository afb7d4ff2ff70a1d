/**
 * The stepper's own sentences, around the run: its hints, the notices and alerts it raises,
 * the labels of its toolbar and drawers. `{name}` is a slot the component fills; the content
 * schema (src/content/schema.ts) checks each sentence names exactly those. The narration of
 * each step is in content/narration.ts. The stepper's chunk carries these words, so none of
 * them is in the page's first load.
 */
export const stepperWords = {
  /** the stage's title: it names the scenario it runs, by how many leases it extends */
  title: 'Extend {leases} · step the members',
  leases: {
    one: 'one lease',
    many: '{count} leases',
    /** the counts said in words; a larger one is written in figures */
    words: ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  },
  label: 'Batch lease extension stepper',
  keyHint:
    'Keys work while the stepper has focus (click it or Tab into it): ← → step · Shift+← → member · Space play · Home/End',
  /** a narrow stepper's buttons show their glyphs alone: this says what each one does */
  glyphHint: '‹ › a line · ⇤ ⇥ a member · « » first, last',
  noScript:
    "The stepper needs JavaScript: its controls run a simulated server in the page. With JavaScript off it shows the run's first step only.",
  toolbar: {
    scenario: 'Scenario',
    customScenario: 'your scenario (edited)',
    executor: 'Executor',
    executors: {
      script: 'script · wire 4 · EVALSHA',
      native: 'native · wire 6 · EMQ.EXTENDS',
    },
  },
  whatIf: {
    legend: 'What if',
    options: {
      real: 'the real script',
      'no-membership-guard': 'drop the membership guard',
      'clock-per-member': 'read the clock per member',
    },
    scriptOnly: 'the what-ifs vary the script (wire 4)',
  },
  predictMode: 'Predict mode: pick each verdict before it is revealed',
  /**
   * the start of a long label that a phone's row of controls shows, the rest read by a screen
   * reader only (each must start its label: the content schema checks)
   */
  phoneHeads: {
    predictMode: 'Predict mode',
    compare: 'Compare',
    console: 'Console',
  },
  predict: {
    region: 'Predict mode',
    ask: 'Predict member {n}',
    member: '{id} · token {token}',
    question: ': re-scored, or failed?',
    rescored: 'Re-scored',
    failed: 'Failed',
    tally: 'Tally: {right} of {total} predicted right',
    skipped: ' ({count} skipped)',
    stepOn: 'Step on: the stepper stops before each verdict and asks for your prediction.',
    /** the feedback once a picked member's verdict is revealed; {decided} is one of `decided` */
    feedback: '{verdict}: you said {said}, and {id} was {was}. {decided}.',
    right: 'Right',
    wrong: 'Not this time',
    said: { rescored: 're-scored', failed: 'failed' },
    was: {
      rescored: 're-scored',
      unwritten: 'live in the read pass, but the command wrote nothing',
      failed: 'failed',
    },
    /** the check that decided, with the values it compared (capitalised in the feedback) */
    decided: {
      row: 'the row check decided: HGET attempts answered nil, there is no row',
      token: 'the token check decided: attempts "{att}" is not token "{token}" (a stale token)',
      membership:
        'the membership check decided: ZSCORE answered nil, the id is no longer in active',
      passed: 'all three checks passed: a row, a matching token, and a member of active',
    },
  },
  copyLink: {
    button: 'Copy link to this step',
    copied: 'Link copied',
    refused: 'The clipboard was refused; copy the link:',
    field: 'Link to this step',
  },
  drawers: {
    compare: 'Compare script and native on this scenario',
    compareWhat: 'the compare view',
    script: 'Edit the script',
    scriptWhat: 'the script editor',
    ownScript: ' · your script',
    unrunKept: ' · your unrun edits are kept',
    scenario: 'Edit the scenario',
    scenarioWhat: 'the scenario editor',
    unappliedKept: ' · your unapplied edits are kept',
    loading: 'Loading…',
  },
  alerts: {
    linkSaid: 'The link said:',
    dismiss: 'Dismiss',
    whatIfBanner: "{variant}. Not the lesson's script.",
    /** the banner's second sentence, left out where a short stage has no room for it */
    whatIfBannerWhy:
      'A what-if the stepper runs to show why the real script is written as it is: the listing shows its text, the edit marked.',
    ownScript:
      "Your script, not the lesson's, is the stepper's: a run shows your text, the lines that differ from the lesson's marked.",
    ownScriptNative: ' (The native twin runs its own handler.)',
    loadingSimulator: 'Loading the simulator…',
    /** while a learner's script runs in a worker, off the page's thread, and its Stop button */
    runningScript:
      'Running your script. The page stays free meanwhile; Stop ends the script as SCRIPT KILL ends one on a real server.',
    stopScript: 'Stop (SCRIPT KILL)',
    scriptStopped:
      'You stopped your script before it ended, so there is no run to step. On a real server SCRIPT KILL ends a script the same way, unless it has written (then it answers UNKILLABLE). Run it again, or edit it.',
    scriptTimeLimit:
      'Your script ran for {seconds} seconds without ending, so the simulator ended it and there is no run to step. A real server would still be running it: past lua-time-limit (5 s) it answers every other client “{busy}” until one of them sends SCRIPT KILL.',
    /**
     * a link that says its script reached a limit of the simulator when it last ran: the script
     * shown in the editor, not run, and the two ways on
     */
    scriptHeld:
      'Your script was not run: this link says it reached a limit of the simulator when it last ran (its time limit, its step budget or its memory), so running it again would hold this stepper until that limit ends it again. A real server would not stop it: it would still be running it, and past lua-time-limit (5 s) answer every other client BUSY until one of them sent SCRIPT KILL. The script is in the editor.',
    /** the same, when the link says the learner stopped the script's last run */
    scriptHeldStopped:
      'Your script was not run: this link says you stopped it when it last ran, so it is not run again unasked. On a real server SCRIPT KILL ends a script the same way, unless it has written (then it answers UNKILLABLE). The script is in the editor.',
    runAgain: 'Run it again',
    dropScript: 'Drop it (back to the lesson’s script)',
    simulatorFailed:
      'The simulated server could not be loaded, so this run cannot be made. Check the connection, then press Retry.',
    /**
     * the simulator's own code threw as it made the run ({message}: what it threw): its fault,
     * not Redis's answer nor the connection's, and what the learner can do
     */
    simulatorFault:
      'The simulator failed on this run: its code stopped with an error ({message}). That is a fault of the simulator, not an answer a Redis server gives, so there is no run to step. Press Retry to make the run again; if the simulator fails on it again, reload the page.',
    /** what the stepper does when the simulator's worker did not start (content/worker.ts says why) */
    workerFallback:
      'The stepper now makes its runs on this page instead: the same runs, but without Stop, and the page does not answer while one is made, until its script ends, reaches the step budget, or has run for a second (the page’s time limit for your scripts: the simulator ends the run there and says so).',
    reload: 'Reload the page',
    retry: 'Retry',
  },
  /** the stage's tabs and the bar of drawers under them */
  stage: {
    tabs: "The stepper's views",
    tab: {
      script: 'Script',
      state: 'Members',
      stateGeneral: 'Calls',
      locals: 'Locals',
      keyspace: 'Keyspace',
      call: 'Args · clock · reply',
      callGeneral: 'Args · reply',
      changes: 'Other writes',
    },
    /** said after a tab's name when the step just taken changed what it shows */
    changed: 'Changed by the step just taken',
    bar: 'Options and tools',
    drawers: 'Tools',
    close: 'Close',
    notes: 'What the run breaks',
    invariantHolds: 'Invariant holds: no id is in active and in pending at once.',
    /** the cue over a box whose words go on below what it shows */
    more: 'more below ▾',
  },
  runNotes: {
    brokenOne:
      'Broken invariant: {ids} is in active and in pending at once, so a worker can claim it again while the old holder still extends the lease.',
    brokenMany:
      'Broken invariant: {ids} are in active and in pending at once, so a worker can claim them again while the old holder still extends the lease.',
    clockReads:
      'The server clock has been read {reads} times in this run, once per member. On Redis 7.0 each TIME reads the system clock afresh (timeCommand calls gettimeofday; only key expiry keeps the time the script started), so every read is later than the one before{latest}. {modelled} These reads still fall in one millisecond, so the members share a deadline by timing, not by design: a batch whose reads cross a millisecond gives its members different deadlines.',
    /** the tail of clockReads when the latest read is known */
    latest: ': the latest is at {micros} µs into its second',
    drift:
      'The scores drift: {count} different deadlines so far, from {first} to {last} ({gap} ms apart), where one clock read gives every member the same one. {modelled}',
    modelled:
      "This stepper models the advance: {tick} µs for every command the script sends, about what redis-server 7.0.15 takes per call on this project's machine; a real server's advance depends on its machine and load.",
  },
} as const;

/** The shape of the stepper's words (the schema checks the sentences themselves). */
export type StepperWords = typeof stepperWords;
