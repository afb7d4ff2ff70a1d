// The lesson's content schema. Build-time and test-time only: zod never reaches the
// browser bundle (nothing under src/page or src/components imports this file).
import { z } from 'zod';
import {
  EXECUTORS,
  FATE_IDS,
  PRESET_IDS,
  RUN_KEYS,
  type RunKey,
  SECTION_IDS,
  VARIANTS,
} from '../vocabulary/index.ts';
import { coursePages, moduleNav, related } from '../../content/course.ts';
import { fateWords, pickerWords } from '../../content/fates.ts';
import { narrationWords } from '../../content/narration.ts';
import { comparePresets, presetWords } from '../../content/presets.ts';
import { references } from '../../content/references.ts';
import { stepperWords } from '../../content/stepper.ts';
import { panelWords } from '../../content/panels.ts';
import { editorWords } from '../../content/editors.ts';
import { consoleWords } from '../../content/console.ts';
import { workerWords } from '../../content/worker.ts';
import { embedWords } from '../../content/embed.ts';
import { pageWords } from '../../content/page.ts';
import { reconstructedWords } from '../../content/reconstructed.ts';
import { listingManifest } from '../../content/listing-manifest.ts';
import { validationWords } from '../../content/validation.ts';
import { BULLMQ_SCENARIO_IDS, bullmqFateWords, bullmqWords } from '../../content/bullmq.ts';
import { braceProblems } from './template.ts';

const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'ids are kebab-case');

/** The sections of the dive, in the seed's order, by their stable heading ids. */
export const lessonOutline = SECTION_IDS;

/** The `meta` export of content/lesson.mdx: the title block and the section navigation. */
export const lessonMetaSchema = z.strictObject({
  kicker: z.literal('Batches · dive 03'),
  title: z.literal('Batch lease extension'),
  lede: z.string().min(40),
  description: z.string().min(50).max(300),
  nav: z
    .array(z.strictObject({ id: kebab, label: z.string().min(1) }))
    .min(3)
    .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'nav ids repeat')
    .refine(
      (items) => items.every((i) => (lessonOutline as readonly string[]).includes(i.id)),
      'every nav entry points at a section of the outline',
    ),
});

const referenceHosts = ['valkey.io', 'redis.io'];

/** The external sources: real https pages on the projects' own sites. */
export const referencesSchema = z
  .array(
    z.strictObject({
      title: z.string().min(1),
      url: z
        .url({ protocol: /^https$/ })
        .refine((u) => referenceHosts.includes(new URL(u).hostname), 'a project page'),
      note: z.string().min(1),
    }),
  )
  .min(5);

/** The course pages: paths relative to the one base URL. */
export const coursePagesSchema = z.record(
  kebab,
  z.strictObject({
    path: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*\/$/, 'a relative path ending in /'),
    title: z.string().min(1),
  }),
);

/** Every preset a "try it" can open. */
export const presetsSchema = z.array(kebab).min(7);

/** What the preset picker says of each preset: a short label and one whole sentence. */
export const presetWordsSchema = z.record(
  z.enum(PRESET_IDS),
  z.strictObject({
    label: z.string().min(3).max(60),
    blurb: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Z0-9].*[.!?]$/, 'a blurb is one sentence: a capital first, a full stop last'),
  }),
);

/** The fate picker's words: a short radio label, and whole sentences on why. */
export const fateWordsSchema = z.record(
  z.enum(FATE_IDS),
  z.strictObject({
    label: z.string().min(3).max(40),
    why: z
      .string()
      .min(40)
      .regex(/^[A-Z].*[.!?]$/, 'a why is whole sentences: a capital first, a full stop last'),
  }),
);

/**
 * A sentence the code shows as it is: no `{slot}` and no brace at all, since nothing fills one
 * and the reader would see the braces. Only runtime can check this: the compiler does not know
 * which sentences the code shows without `fill`.
 */
export const plain = z
  .string()
  .min(1)
  .refine(
    (text) => !/[{}]/.test(text),
    'the code shows this sentence as it is: a {slot} or brace in it would reach the reader',
  );

/**
 * A sentence the code fills with `fill` (src/content/template.ts). Which slots it names is the
 * compiler's to check, not this schema's: `fill<T>` reads them from the sentence's literal type,
 * so a slot the code does not fill, or one it fills that the sentence drops, fails
 * `npm run typecheck`. Left for runtime: at least one slot, and no brace outside a slot.
 */
export const filled = z
  .string()
  .min(1)
  .superRefine((text, ctx) => {
    for (const message of braceProblems(text)) ctx.addIssue({ code: 'custom', message });
  });

/** The narration (content/narration.ts): which sentences the code fills and which it shows as they are. */
export const narrationWordsSchema = z.strictObject({
  reasons: z.strictObject({ row: plain, token: plain, membership: plain }),
  member: z.strictObject({
    line: filled,
    token: filled,
    noToken: plain,
    attempts: filled,
    noRow: plain,
    inActive: plain,
    notInActive: plain,
    rescored: plain,
    resurrected: plain,
    live: plain,
    failed: filled,
    refusedNative: plain,
    abortedScript: plain,
  }),
  failedAfter: filled,
  earlier: filled,
  more: filled,
  ready: z.strictObject({
    general: plain,
    one: filled,
    many: filled,
    script: plain,
    native: plain,
  }),
  detail: z.strictObject({
    args: filled,
    clock: filled,
    clockForMember: filled,
    clockAgain: filled,
    loopEnters: filled,
    loopEnds: filled,
    loopEndsUnpaired: filled,
    pair: filled,
    rowKey: filled,
    command: filled,
    rowFound: filled,
    rowMissing: plain,
    tokenMatches: filled,
    tokenDiffers: filled,
    inActive: plain,
    notInActive: plain,
    rescore: filled,
    rescoreResurrects: filled,
    rescoreAdds: filled,
    collect: filled,
    advance: filled,
    reply: filled,
    replyNothing: filled,
    replyNative: filled,
    error: filled,
    stopped: z.strictObject({
      steps: filled,
      time: filled,
      reply: filled,
      keyspace: filled,
      heap: filled,
      pattern: filled,
      command: filled,
      unmodelled: filled,
    }),
    nativePasses: filled,
    nativeRefuses: filled,
    nativeSaid: filled,
    verdictLive: filled,
    verdictNotLive: filled,
    stamp: filled,
    statement: plain,
    statementNested: filled,
    loopTestHolds: plain,
    loopTestFails: plain,
    branchTaken: plain,
    branchNotTaken: plain,
    operand: filled,
  }),
});

/** The stepper's sentences around the run (content/stepper.ts): which sentences the code fills and which it shows as they are. */
export const stepperWordsSchema = z.strictObject({
  title: filled,
  leases: z.strictObject({
    one: plain,
    many: filled,
    words: z.array(plain).length(11),
  }),
  label: plain,
  keyHint: plain,
  glyphHint: plain,
  noScript: plain,
  toolbar: z.strictObject({
    scenario: plain,
    customScenario: plain,
    executor: plain,
    executors: z.record(z.enum(EXECUTORS), plain),
  }),
  whatIf: z.strictObject({
    legend: plain,
    options: z.record(z.enum(VARIANTS), plain),
    scriptOnly: plain,
  }),
  predictMode: plain,
  phoneHeads: z.strictObject({ predictMode: plain, compare: plain, console: plain }),
  predict: z.strictObject({
    region: plain,
    ask: filled,
    member: filled,
    question: plain,
    rescored: plain,
    failed: plain,
    tally: filled,
    skipped: filled,
    stepOn: plain,
    feedback: filled,
    right: plain,
    wrong: plain,
    said: z.strictObject({ rescored: plain, failed: plain }),
    was: z.strictObject({ rescored: plain, unwritten: plain, failed: plain }),
    decided: z.strictObject({
      row: plain,
      token: filled,
      membership: plain,
      passed: plain,
    }),
  }),
  copyLink: z.strictObject({
    button: plain,
    copied: plain,
    refused: plain,
    field: plain,
  }),
  drawers: z.strictObject({
    compare: plain,
    compareWhat: plain,
    script: plain,
    scriptWhat: plain,
    ownScript: plain,
    unrunKept: plain,
    scenario: plain,
    scenarioWhat: plain,
    unappliedKept: plain,
    loading: plain,
  }),
  alerts: z.strictObject({
    linkSaid: plain,
    dismiss: plain,
    whatIfBanner: filled,
    whatIfBannerWhy: plain,
    ownScript: plain,
    ownScriptNative: plain,
    loadingSimulator: plain,
    runningScript: plain,
    stopScript: plain,
    scriptStopped: plain,
    scriptTimeLimit: filled,
    scriptHeld: plain,
    scriptHeldStopped: plain,
    runAgain: plain,
    dropScript: plain,
    simulatorFailed: plain,
    simulatorFault: filled,
    workerFallback: plain,
    reload: plain,
    retry: plain,
  }),
  stage: z.strictObject({
    tabs: plain,
    tab: z.strictObject({
      script: plain,
      state: plain,
      stateGeneral: plain,
      locals: plain,
      keyspace: plain,
      call: plain,
      callGeneral: plain,
      changes: plain,
    }),
    changed: plain,
    bar: plain,
    drawers: plain,
    close: plain,
    notes: plain,
    invariantHolds: plain,
    more: plain,
  }),
  runNotes: z.strictObject({
    brokenOne: filled,
    brokenMany: filled,
    clockReads: filled,
    latest: filled,
    drift: filled,
    modelled: filled,
  }),
});

const named = () => z.strictObject({ name: plain, word: plain });
const byCheck = () => z.strictObject({ row: plain, token: plain, membership: plain });

/** The stepper's panels and controls (content/panels.ts): which sentences the code fills and which it shows as they are. */
export const panelWordsSchema = z.strictObject({
  controls: z.strictObject({
    group: plain,
    buttons: z.strictObject({
      first: named(),
      memberBack: named(),
      back: named(),
      forward: named(),
      member: named(),
      last: named(),
    }),
    buttonTitle: filled,
    play: plain,
    pause: plain,
    playTitle: plain,
    speed: plain,
    speedOption: filled,
    timeline: plain,
    position: filled,
  }),
  verdicts: z.strictObject({
    rescored: plain,
    resurrected: plain,
    madeAnew: plain,
    live: plain,
    failed: plain,
    failedBecause: filled,
    error: plain,
    pending: plain,
    notReached: plain,
    liveRefused: plain,
    refused: filled,
    nothingWritten: plain,
  }),
  members: z.strictObject({
    region: plain,
    heading: plain,
    table: plain,
    columns: z.strictObject({
      number: plain,
      id: plain,
      token: plain,
      verdict: plain,
    }),
    checkHeads: byCheck(),
    checkHeadsShort: byCheck(),
    checkNames: byCheck(),
    checkCell: filled,
    checkOutcomes: z.strictObject({ passed: plain, failed: plain, notRun: plain }),
    shown: filled,
  }),
  argv: z.strictObject({
    region: plain,
    count: filled,
    pointer: filled,
    pointerAt: plain,
    lease: plain,
    id: plain,
    token: plain,
    unpaired: plain,
    pairsLeftOut: filled,
  }),
  clock: z.strictObject({
    region: plain,
    readOnce: plain,
    readTimes: filled,
    seconds: plain,
    micros: plain,
    now: plain,
    notYet: plain,
  }),
  active: z.strictObject({
    region: plain,
    heading: plain,
    table: plain,
    columns: z.strictObject({ member: plain, before: plain, after: plain }),
    alsoPending: plain,
    alsoPendingStar: plain,
    alsoPendingKey: plain,
    shown: filled,
    empty: plain,
  }),
  rows: z.strictObject({
    region: plain,
    heading: plain,
    table: plain,
    columns: z.strictObject({
      row: plain,
      attempts: plain,
      group: plain,
      leaseEpoch: plain,
      where: plain,
    }),
    wrongType: plain,
    noRow: plain,
    neither: plain,
    shown: filled,
    more: filled,
  }),
  failed: z.strictObject({
    region: plain,
    heading: filled,
    earlier: filled,
  }),
  reply: z.strictObject({
    region: plain,
    heading: plain,
    notYetScript: plain,
    notYetNative: plain,
    cli: plain,
    verb: filled,
    copyAll: plain,
    copiedAll: plain,
  }),
  calls: z.strictObject({
    heading: filled,
    none: plain,
    call: filled,
  }),
  changes: z.strictObject({
    heading: filled,
    otherHeading: filled,
    otherWhat: plain,
    none: plain,
    change: filled,
  }),
  code: z.strictObject({
    label: filled,
    noLine: plain,
    summary: filled,
    marks: z.strictObject({ changed: plain, added: plain, removed: plain }),
    untrue: plain,
  }),
  locals: z.strictObject({
    heading: plain,
    none: plain,
    sameTable: filled,
    justSet: plain,
    tableWritten: plain,
  }),
  table: z.strictObject({
    entries: filled,
    empty: plain,
    cycle: plain,
    justWritten: plain,
    gap: filled,
    moreKeys: filled,
  }),
});

const captioned = (caption: typeof plain | typeof filled) =>
  z.strictObject({ caption, label: filled });
const faced = () => z.strictObject({ face: plain, label: filled });

/** The drawers' words (content/editors.ts): which sentences the code fills and which it shows as they are. */
export const editorWordsSchema = z.strictObject({
  scenario: z.strictObject({
    callers: z.strictObject({ full: plain, 'read-only': plain }),
    clients: z.strictObject({ verb: plain, raw: plain }),
    rows: z.strictObject({ hash: plain, none: plain, wrongtype: plain }),
    places: z.strictObject({ active: plain, pending: plain, neither: plain }),
    keptElsewhere: plain,
    keptStored: plain,
    keptOpen: plain,
    reload: z.strictObject({ memory: plain, tooLarge: plain, noStorage: plain }),
    discarded: plain,
    discard: plain,
    lease: z.strictObject({ caption: plain, label: plain }),
    clock: z.strictObject({ caption: plain, label: plain }),
    caller: plain,
    client: plain,
    trailing: z.strictObject({ caption: plain, label: plain, none: plain }),
    pairs: filled,
    addPair: plain,
    addHundred: plain,
    tooLargeToShare: filled,
    shareCap: filled,
    previousPairs: plain,
    nextPairs: plain,
    pairsShown: filled,
    pair: filled,
    id: captioned(filled),
    token: captioned(plain),
    row: captioned(plain),
    attempts: captioned(plain),
    group: z.strictObject({
      caption: filled,
      label: filled,
      none: plain,
    }),
    place: captioned(plain),
    leaseLeft: captioned(plain),
    sameJob: filled,
    up: faced(),
    down: faced(),
    remove: faced(),
    run: plain,
    refusedOne: filled,
    refusedMany: filled,
    whileOpen: plain,
  }),
  script: z.strictObject({
    restored: plain,
    discarded: plain,
    intro: plain,
    label: plain,
    unrun: plain,
    compiles: plain,
    lessons: plain,
    running: plain,
    runNotKept: plain,
    tooLargeToShare: filled,
    wouldRefuse: plain,
    atLine: filled,
    serverSays: plain,
    run: plain,
    reset: plain,
    ownEdit: plain,
    whatIfEdit: filled,
  }),
  scriptErrors: z.strictObject({
    compile: filled,
    runtime: filled,
    endOfScript: plain,
    unclosed: filled,
    expected: filled,
    aName: plain,
    unexpected: filled,
    unfinishedString: plain,
    malformedNumber: filled,
    ambiguous: plain,
    forLoop: plain,
    other: plain,
  }),
  compare: z.strictObject({
    agree: plain,
    differOne: plain,
    differMany: filled,
    table: plain,
    caption: plain,
    script: plain,
    scriptRunning: plain,
    native: plain,
    differs: plain,
  }),
  variants: z.record(z.enum(VARIANTS), plain),
});

/** Why the simulator's worker did not start (content/worker.ts): the console's and the stepper's words alike. */
export const workerWordsSchema = z.strictObject({
  refused: filled,
  gone: filled,
  network: filled,
  answered: filled,
  noAnswer: plain,
  threw: filled,
  unavailable: filled,
  notAsked: filled,
  blobRefused: filled,
});

/** The console's words (content/console.ts): which sentences the code fills and which it shows as they are. */
export const consoleWordsSchema = z.strictObject({
  summary: plain,
  loading: plain,
  greeting: filled,
  origin: filled,
  asideStepper: plain,
  asideEmbed: plain,
  before: filled,
  after: filled,
  step: filled,
  heldOrigin: plain,
  asideHeld: plain,
  endedOrigin: plain,
  asideEnded: plain,
  awaitsRun: plain,
  reset: filled,
  copyExport: plain,
  exported: plain,
  exportRefused: plain,
  command: plain,
  copyAll: plain,
  copiedAll: plain,
  copyingAll: plain,
  copyGoneReplaced: plain,
  copyGoneDropped: filled,
  copyRefused: plain,
  running: plain,
  runningScript: plain,
  runningFunction: plain,
  blocked: filled,
  blockedForever: filled,
  waits: filled,
  waitsTypedSince: filled,
  refusedInInput: plain,
  refusedTypedSince: plain,
  passwordBack: plain,
  passwordsBack: plain,
  stop: plain,
  stopScript: plain,
  stopFunction: plain,
  output: plain,
  keys: plain,
  keptOut: plain,
  linkStop: z.strictObject({
    stopped: filled,
    youStopped: filled,
    notRun: filled,
    drop: plain,
    held: filled,
    heldStopped: filled,
    heldLines: plain,
    reachedLimit: plain,
    youStoppedIt: plain,
    runAgain: plain,
  }),
  linkRun: z.strictObject({
    running: plain,
    stopped: plain,
    timeLimit: filled,
    error: filled,
    held: plain,
    heldStopped: plain,
    heldScript: plain,
    runAgain: plain,
    drop: plain,
  }),
  workerFallback: plain,
  pageServerRetry: plain,
  pageServerTryAgain: plain,
  runLine: z.strictObject({
    button: plain,
    buttonHead: plain,
    copied: plain,
    refused: plain,
    field: plain,
  }),
});

const subbed = () => z.strictObject({ name: plain, sub: plain });

/** The picker's words around the answers (content/fates.ts): which sentences the code fills and which it shows as they are. */
export const pickerWordsSchema = z.strictObject({
  heading: plain,
  legend: plain,
  stateRegion: plain,
  gridCaption: filled,
  columns: z.strictObject({ script: subbed(), native: subbed() }),
  rowHeads: z.strictObject({ single: subbed(), batch: subbed() }),
  stepIt: plain,
  stepItMeans: filled,
  noStep: filled,
  verdicts: z.strictObject({
    rescored: plain,
    failed: plain,
    refused: plain,
    error: plain,
    raised: plain,
    withCode: filled,
  }),
  facts: z.strictObject({
    held: plain,
    heldValue: filled,
    row: plain,
    noRow: plain,
    wrongType: plain,
    attempts: filled,
    group: filled,
    where: plain,
    inActive: filled,
    reaped: plain,
    neither: plain,
    caller: plain,
    full: plain,
    readOnly: plain,
  }),
  commands: z.record(z.enum(RUN_KEYS as [RunKey, ...RunKey[]]), plain),
  epoch: z.strictObject({
    none: plain,
    stamped: filled,
    byRawOrWire6: filled,
    byRawOnly: filled,
    by: filled,
    noScript: plain,
    and: plain,
  }),
  announce: z.strictObject({
    fate: filled,
    part: filled,
    single: plain,
    batch: plain,
    epochStamped: plain,
    epochNotStamped: plain,
  }),
});

const widget = () => z.strictObject({ title: plain, what: plain });

/** The embed layer's words (content/embed.ts): which sentences the code fills and which it shows as they are. */
export const embedWordsSchema = z.strictObject({
  widgets: z.strictObject({ stepper: widget(), fates: widget(), console: widget() }),
  button: plain,
  dialogWhat: plain,
  dialog: z.strictObject({
    heading: filled,
    close: plain,
    theme: plain,
    themeAuto: plain,
    options: plain,
    atThisStep: filled,
    atStepperStep: filled,
    stepFirst: plain,
    hideEditor: plain,
    predict: plain,
    offThread: filled,
    replayNone: plain,
    replayOne: plain,
    replayMany: filled,
    snippets: z.strictObject({ iframe: plain, resizer: plain, element: plain }),
    preview: plain,
    previewTitle: filled,
    copy: plain,
    copied: plain,
    copyFailed: plain,
  }),
  app: z.strictObject({
    dismiss: plain,
    consoleHeading: plain,
    openLesson: plain,
    consoleNoScript: plain,
    badState: plain,
    noState: plain,
  }),
});

/** The page's words around the prose (content/page.ts): which sentences the code fills and which it shows as they are. */
export const pageWordsSchema = z.strictObject({
  header: z.strictObject({ breadcrumb: plain, course: plain, here: plain }),
  courseSite: z.strictObject({ inline: plain, all: plain }),
  stepperSlot: z.strictObject({ kicker: plain }),
  nativeReplies: z.strictObject({
    region: plain,
    caption: plain,
    columns: z.strictObject({ reply: plain, command: plain, when: plain }),
    anError: plain,
  }),
  copy: z.strictObject({
    label: filled,
    face: plain,
    copied: plain,
    failed: plain,
    saidCopied: filled,
    saidFailed: filled,
  }),
  theme: z.strictObject({
    legend: plain,
    choices: z.strictObject({ system: plain, light: plain, dark: plain }),
    title: filled,
  }),
  sideRow: z.strictObject({ more: plain }),
  moduleNav: z.strictObject({ region: plain, back: plain, next: plain }),
});

/** The refusals' words (content/validation.ts): which sentences the code fills and which it shows as they are. */
export const validationWordsSchema = z.strictObject({
  ruleThenSystem: filled,
  id: z.strictObject({ otherwise: plain, who: plain }),
  group: z.strictObject({ subject: plain, because: filled, who: plain }),
  token: z.strictObject({ rule: filled, who: plain }),
  lease: z.strictObject({
    notInteger: filled,
    notPositive: filled,
    who: plain,
    outOfRange: plain,
  }),
  clock: z.strictObject({ notWhole: plain, tooLate: plain }),
  count: filled,
  trailingNeedsRaw: plain,
  activeKeyNeedsRaw: plain,
  attempts: plain,
  leaseLeft: plain,
});

/** The BullMQ part's words (content/bullmq.ts): which sentences the code fills and which it shows as they are. */
export const bullmqWordsSchema = z.strictObject({
  heading: plain,
  source: filled,
  scenarioLegend: plain,
  scenarios: z.strictObject(
    Object.fromEntries(BULLMQ_SCENARIO_IDS.map((id) => [id, plain])) as Record<
      (typeof BULLMQ_SCENARIO_IDS)[number],
      typeof plain
    >,
  ),
  start: plain,
  loading: plain,
  what: plain,
  controls: z.strictObject({
    region: plain,
    first: plain,
    back: plain,
    forward: plain,
    last: plain,
    position: filled,
  }),
  line: filled,
  beforeFirst: plain,
  compare: plain,
  panels: z.strictObject({
    code: plain,
    keyspace: plain,
    keyColumns: z.strictObject({
      key: plain,
      type: plain,
      value: plain,
      ttl: plain,
    }),
    noTtl: plain,
    ttl: filled,
    reply: plain,
    noReply: plain,
    sent: plain,
    sentCaption: plain,
    sentColumns: z.strictObject({ slot: plain, sent: plain, unpacked: plain }),
    unpacked: filled,
    notPacked: plain,
  }),
  mirror: plain,
  compareView: z.strictObject({
    heading: plain,
    caption: plain,
    columns: z.strictObject({
      id: plain,
      token: plain,
      echomq: plain,
      bullmq: plain,
    }),
    extended: plain,
    failed: plain,
    error: plain,
    failedList: filled,
  }),
  fate: z.strictObject({
    heading: plain,
    sub: plain,
    none: plain,
    extended: plain,
    failed: plain,
    error: plain,
  }),
});

/** What BullMQ does with each fate: whole sentences, for every fate of the picker. */
export const bullmqFateWordsSchema = z.record(
  z.enum(FATE_IDS),
  z.strictObject({
    verdict: z.enum(['extended', 'failed']).nullable(),
    why: z
      .string()
      .min(30)
      .regex(/^[A-Z].*[.!?]$/, 'a why is whole sentences: a capital first, a full stop last'),
  }),
);

/**
 * The notes of what is reconstructed (content/reconstructed.ts): each listing note names a
 * listing the manifest has.
 */
export const reconstructedWordsSchema = z.strictObject({
  label: plain,
  listings: z.record(
    z.string().refine((title) => listingManifest.some((l) => l.title === title), {
      message: 'no listing has this title',
    }),
    plain,
  ),
  nativeReplies: plain,
  wireClasses: plain,
});

/**
 * A phone's row of controls shows the start of a long label (LabelHead): each head must start
 * the label it shortens, or the control's visible words would not be the start of its name.
 */
export function headProblems(
  heads: readonly (readonly [string, string, string])[] = [
    [
      'stepperWords.phoneHeads.predictMode',
      stepperWords.phoneHeads.predictMode,
      stepperWords.predictMode,
    ],
    [
      'stepperWords.phoneHeads.compare',
      stepperWords.phoneHeads.compare,
      stepperWords.drawers.compare,
    ],
    ['stepperWords.phoneHeads.console', stepperWords.phoneHeads.console, consoleWords.summary],
    [
      'consoleWords.runLine.buttonHead',
      consoleWords.runLine.buttonHead,
      consoleWords.runLine.button,
    ],
  ],
): string[] {
  return heads
    .filter(([, head, text]) => !text.startsWith(head) || head === text)
    .map(([what, head, text]) => `${what}: "${head}" does not start "${text}"`);
}

/**
 * Validates every piece of content data; returns a list of problems (empty when valid).
 */
export function validateContentData(meta: unknown): string[] {
  const problems: string[] = [];
  const check = (what: string, schema: z.ZodType, value: unknown) => {
    const res = schema.safeParse(value);
    if (!res.success) {
      for (const issue of res.error.issues) {
        problems.push(
          `${what}${issue.path.length ? '.' + issue.path.join('.') : ''}: ${issue.message}`,
        );
      }
    }
  };
  check('meta', lessonMetaSchema, meta);
  check('references', referencesSchema, references);
  check('coursePages', coursePagesSchema, coursePages);
  check('presets', presetsSchema, comparePresets);
  check('presetWords', presetWordsSchema, presetWords);
  check('fateWords', fateWordsSchema, fateWords);
  check('narrationWords', narrationWordsSchema, narrationWords);
  check('stepperWords', stepperWordsSchema, stepperWords);
  check('panelWords', panelWordsSchema, panelWords);
  check('editorWords', editorWordsSchema, editorWords);
  check('consoleWords', consoleWordsSchema, consoleWords);
  check('workerWords', workerWordsSchema, workerWords);
  check('pickerWords', pickerWordsSchema, pickerWords);
  check('embedWords', embedWordsSchema, embedWords);
  check('pageWords', pageWordsSchema, pageWords);
  check('reconstructedWords', reconstructedWordsSchema, reconstructedWords);
  check('validationWords', validationWordsSchema, validationWords);
  check('bullmqWords', bullmqWordsSchema, bullmqWords);
  check('bullmqFateWords', bullmqFateWordsSchema, bullmqFateWords);
  for (const { page } of related) {
    if (!(page in coursePages)) problems.push(`related: unknown course page ${page}`);
  }
  for (const { page } of Object.values(moduleNav)) {
    if (!(page in coursePages)) problems.push(`moduleNav: unknown course page ${page}`);
  }
  problems.push(...headProblems());
  return problems;
}
