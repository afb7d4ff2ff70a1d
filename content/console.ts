/**
 * The console's words: its greeting, the bar above the log, its buttons and what the
 * clipboard said. `{name}` is a slot the component fills; the content schema
 * (src/content/schema.ts) checks each sentence names exactly those. What the simulated server
 * answers is not here: replies are the server's own words, printed as redis-cli prints them.
 */
export const consoleWords = {
  summary: 'Console: redis-cli on the server at this step',
  loading: 'Loading the console…',
  greeting:
    'Connected to the simulated Redis 7.0 server as it stands at {origin}, as {user}. HELP lists what it answers.',
  /** where the console's copy of the server was taken, and what typing in it changes */
  origin: 'On a copy of the server at {origin}; {aside}.',
  asideStepper: 'the stepper’s run is not changed',
  asideEmbed: 'nothing typed here changes the lesson’s run',
  before: 'step 0 of {n} (before the run)',
  after: 'step {n} of {n} (after the run)',
  step: 'step {k} of {n}',
  /**
   * where the stepper's console stands while a link's script is held, not run (the link says it
   * reached a limit when it last ran): the server the run would start from
   */
  heldOrigin: 'step 0, before the link’s script',
  asideHeld: 'the link’s script was not run: this is the server before it',
  /**
   * the same, while the learner's script has no run because it did not end (they stopped it, or
   * the time limit ended it): nothing of that run is kept, so the server is the one before it
   */
  endedOrigin: 'step 0, before your script',
  asideEnded:
    'your script did not run to its end, so nothing of it was kept: this is the server before it',
  /** the console's drawer while the stepper's run is being made, or there is none to fork */
  awaitsRun: 'The console forks the stepper’s run once there is one to step.',
  reset: 'Reset to step {k}',
  copyExport: 'Copy as redis-cli commands',
  exported:
    'The keyspace and a SCRIPT LOAD of every cached script were copied as redis-cli commands.',
  exportRefused: 'The clipboard refused the copy.',
  command: 'Command',
  /** the button on the note that says a reply was cut: it copies the whole of it */
  copyAll: 'Copy all',
  copiedAll: 'Copied.',
  /** while the side that holds the server makes the text (after a line running now, if one is) */
  copyingAll: 'Copying…',
  /** Copy all on a reply printed by a server the console has since replaced */
  copyGoneReplaced:
    'The copy is gone: the server that printed this was replaced since (Stop, a kill, SHUTDOWN NOSAVE or a fault starts a new one). Run the line again to copy its reply.',
  /** Copy all on an older cut reply: the console keeps only the last few to copy */
  copyGoneDropped:
    'The copy is gone: the console keeps the last {count} cut replies to copy, and this one is older. Run the line again to copy its reply.',
  copyRefused: 'The clipboard refused the copy.',
  /** while a line runs in the console's worker: what the bar says, and its Stop button */
  running: 'Running…',
  runningScript:
    'Running a script. On a real server every other client would now wait, then get BUSY.',
  runningFunction:
    'Running a function. On a real server every other client would now wait, then get BUSY.',
  /** while a blocking command (BLPOP and its kin) waits: it is the server's only client */
  blocked:
    '{command} is waiting out its timeout of {seconds} s on the server’s clock: no other client here can push to its keys.',
  blockedForever:
    '{command} with a timeout of 0 waits for ever: it is the server’s only client, so nothing can push to its keys. Stop ends the wait, as Ctrl-C ends redis-cli.',
  /** Enter while a line that runs no script (a wait, a long command) has not answered */
  waits:
    '{command} has not answered yet, and redis-cli sends the next line only after it. Your line stays in the input; Stop ends {command}.',
  /** the same, when the learner typed another line meanwhile: that stays, the line goes to ↑ */
  waitsTypedSince:
    '{command} has not answered yet, and redis-cli sends the next line only after it. The input keeps what you typed since, and ↑ brings back the line you sent; Stop ends {command}.',
  /** after a refusal (the session's words say why, and that nothing was sent): the line is in the input */
  refusedInInput: 'Your line is in the input, to edit.',
  /** a line refused once its answer came, when the learner typed another meanwhile */
  refusedTypedSince: 'The input keeps what you typed since, and ↑ brings back the refused line.',
  /** a password line handed back while the learner had typed another: history never keeps it */
  passwordBack:
    'That line carries a password, so the ↑/↓ history does not keep it: it is back in the input, and ↑ brings back what you typed since.',
  /** the same, when what the learner typed since carries a password too: kept in memory only */
  passwordsBack:
    'Both lines carry a password, which the ↑/↓ history never stores: the one you sent is back in the input, and ↑ brings back the one you typed since, held in this page’s memory only, never stored.',
  stop: 'Stop',
  stopScript: 'Stop (SCRIPT KILL)',
  stopFunction: 'Stop (FUNCTION KILL)',
  output: 'Console output',
  keys: 'Enter runs · ↑/↓ history · Tab completes · HELP · CLEAR',
  /** after a line that carries a password (AUTH, HELLO … AUTH, ACL SETUSER …) */
  keptOut:
    'That line carries a password, so it is kept out of the ↑/↓ history, the link and the Embed snippets, as redis-cli keeps it out of its history file.',
  /**
   * after a link's lines replayed and one reached a limit of the simulator: which line, that
   * the replay stopped there, the lines it did not run, and the way to drop them
   */
  linkStop: {
    stopped:
      'The link’s line {n} of {total}, {line}, reached a limit of the simulator (its answer is in the log), so the replay stopped there.',
    /** the same, when the learner stopped the link's line as it replayed (Stop, a kill) */
    youStopped:
      'You stopped the link’s line {n} of {total}, {line} (its answer is in the log), so the replay stopped there.',
    notRun: 'Not run: {lines}.',
    drop: 'Drop the link’s lines',
    /**
     * a link that says its replay reached a limit when it was last opened: its lines shown, none
     * run, and the two ways on
     */
    held: 'This link’s lines were not run. The link says its line {n} of {total}, {line}, reached a limit of the simulator when they last ran, so running them again would hold this console until that limit ends it again (a real server would still be running that line). The console stands where the link’s lines begin.',
    /** the same, when the link says the learner stopped that line (Stop, a kill) */
    heldStopped:
      'This link’s lines were not run. The link says you stopped its line {n} of {total}, {line}, when they last ran, so it is not run again unasked. The console stands where the link’s lines begin.',
    heldLines: 'The link’s lines',
    reachedLimit: 'reached a limit',
    youStoppedIt: 'you stopped it',
    runAgain: 'Run them again',
  },
  /**
   * the embedded console's run, the one its link names, made in the simulator's worker: while a
   * link's own script runs there (with Stop), and what the console says when that run did not
   * end by itself or ended in an error
   */
  linkRun: {
    running:
      'Running the script the link carries, off the page’s thread, so the page stays free; the console opens once it ends. Stop ends it as SCRIPT KILL ends one on a real server.',
    stopped:
      'You stopped the link’s script before it ended, so the console opens on the server as it stood before the script ran.',
    timeLimit:
      'The link’s script ran for {seconds} seconds without ending, so the simulator ended it, and the console opens on the server as it stood before the script ran. A real server would still be running it: past lua-time-limit (5 s) it answers every other client BUSY until one of them sends SCRIPT KILL.',
    error: 'The run the link names ended with an error: {error}',
    /** a link that says its script reached a limit when it last ran: shown, not run */
    held: 'The link’s script was not run: the link says it reached a limit of the simulator when it last ran (its time limit, its step budget or its memory), so running it again would hold this console until that limit ends it again. A real server would not stop it: it would still be running it, and past lua-time-limit (5 s) answer every other client BUSY until one of them sent SCRIPT KILL. The console opens on the server as it stood before the script.',
    /** the same, when the link says the learner stopped the script's last run */
    heldStopped:
      'The link’s script was not run: the link says you stopped it when it last ran, so it is not run again unasked. On a real server SCRIPT KILL ends a script the same way, unless it has written (then it answers UNKILLABLE). The console opens on the server as it stood before the script.',
    heldScript: 'The link’s script',
    runAgain: 'Run it again',
    drop: 'Drop it (back to the lesson’s script)',
  },
  /**
   * when the console's worker did not start and the page runs the server itself: which file
   * failed and why, then what running on the page means
   */
  /** what the console does when the simulator's worker did not start (content/worker.ts says why) */
  workerFallback:
    'The console runs its server on this page instead: the same answers, but without Stop, and a long script holds the page until the simulator’s time limit ends it.',
  /** after why the page's own server did not load (the file, from loadChunk): what is kept */
  pageServerRetry:
    'What was typed is kept: the next line sent loads the server again, and the lines then run in the order they were typed.',
  /** how to try again, in loadChunk's sentence: the console has no Retry button, its next line is the retry */
  pageServerTryAgain: 'send the next line',
  runLine: {
    button: 'Copy the EVALSHA command for this run',
    /** what a phone's row of the console's buttons shows of it (it must start `button`) */
    buttonHead: 'Copy the EVALSHA command',
    copied: 'The EVALSHA command for this run was copied.',
    refused: 'The clipboard was refused; copy the command:',
    field: 'The EVALSHA command for this run',
  },
} as const;

/** The shape of the console's words (the schema checks the sentences themselves). */
export type ConsoleWords = typeof consoleWords;
