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
import { embedWords } from '../../content/embed.ts';
import { pageWords } from '../../content/page.ts';
import { reconstructedWords } from '../../content/reconstructed.ts';
import { listingManifest } from '../../content/listing-manifest.ts';
import { validationWords } from '../../content/validation.ts';
import { BULLMQ_SCENARIO_IDS, bullmqFateWords, bullmqWords } from '../../content/bullmq.ts';
import { templateProblems } from './template.ts';

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
 * A sentence whose code fills exactly `slots` (`{name}` in the text): a slot the code does not
 * fill, one it fills that the sentence drops, or a stray brace is a problem. The compiler holds
 * the code to the same slots from the other side (src/content/template.ts).
 */
export const template = (...slots: string[]) =>
  z
    .string()
    .min(1)
    .superRefine((text, ctx) => {
      for (const message of templateProblems(text, slots))
        ctx.addIssue({ code: 'custom', message });
    });

/** The narration (content/narration.ts), each sentence with the slots narration.ts fills. */
export const narrationWordsSchema = z.strictObject({
  reasons: z.strictObject({ row: template(), token: template(), membership: template() }),
  member: z.strictObject({
    line: template('id', 'checks'),
    token: template('token'),
    noToken: template(),
    attempts: template('att'),
    noRow: template(),
    inActive: template(),
    notInActive: template(),
    rescored: template(),
    resurrected: template(),
    live: template(),
    failed: template('reason'),
    refusedNative: template(),
    abortedScript: template(),
  }),
  failedAfter: template('member', 'failed'),
  earlier: template('count'),
  more: template('count'),
  ready: z.strictObject({
    general: template(),
    one: template('count', 'runs'),
    many: template('count', 'runs'),
    script: template(),
    native: template(),
  }),
  detail: z.strictObject({
    args: template('base', 'lease'),
    clock: template('seconds', 'micros', 'now'),
    clockForMember: template('seconds', 'micros', 'now', 'tick'),
    clockAgain: template('seconds', 'micros', 'now', 'reads', 'tick'),
    loopEnters: template('i', 'argc', 'next'),
    loopEnds: template('i', 'argc'),
    loopEndsUnpaired: template('i', 'argc'),
    pair: template('i', 'id', 'next', 'token'),
    rowKey: template('key'),
    command: template('command', 'reply'),
    rowFound: template('att'),
    rowMissing: template(),
    tokenMatches: template('att', 'token'),
    tokenDiffers: template('att', 'token'),
    inActive: template(),
    notInActive: template(),
    rescore: template('score'),
    rescoreResurrects: template('score', 'id'),
    rescoreAdds: template('score', 'id'),
    collect: template('id', 'reason'),
    advance: template('i'),
    reply: template('expr', 'reply'),
    replyNothing: template('reply'),
    replyNative: template('reply'),
    error: template('error'),
    nativePasses: template('what'),
    nativeRefuses: template('what'),
    nativeSaid: template('outcome', 'detail'),
    verdictLive: template('id'),
    verdictNotLive: template('id', 'reason'),
    stamp: template('key', 'runId'),
    statement: template(),
    statementNested: template('depth'),
    loopTestHolds: template(),
    loopTestFails: template(),
    branchTaken: template(),
    branchNotTaken: template(),
    operand: template('n', 'value'),
  }),
});

/** The stepper's sentences around the run (content/stepper.ts), with the slots its components fill. */
export const stepperWordsSchema = z.strictObject({
  title: template('leases'),
  leases: z.strictObject({
    one: template(),
    many: template('count'),
    words: z.array(template()).length(11),
  }),
  label: template(),
  keyHint: template(),
  glyphHint: template(),
  noScript: template(),
  toolbar: z.strictObject({
    scenario: template(),
    customScenario: template(),
    executor: template(),
    executors: z.record(z.enum(EXECUTORS), template()),
  }),
  whatIf: z.strictObject({
    legend: template(),
    options: z.record(z.enum(VARIANTS), template()),
    scriptOnly: template(),
  }),
  predictMode: template(),
  predict: z.strictObject({
    region: template(),
    ask: template('n'),
    member: template('id', 'token'),
    question: template(),
    rescored: template(),
    failed: template(),
    tally: template('right', 'total'),
    skipped: template('count'),
    stepOn: template(),
    feedback: template('verdict', 'said', 'id', 'was', 'decided'),
    right: template(),
    wrong: template(),
    said: z.strictObject({ rescored: template(), failed: template() }),
    was: z.strictObject({ rescored: template(), unwritten: template(), failed: template() }),
    decided: z.strictObject({
      row: template(),
      token: template('att', 'token'),
      membership: template(),
      passed: template(),
    }),
  }),
  copyLink: z.strictObject({
    button: template(),
    copied: template(),
    refused: template(),
    field: template(),
  }),
  drawers: z.strictObject({
    compare: template(),
    compareWhat: template(),
    script: template(),
    scriptWhat: template(),
    ownScriptRunning: template(),
    unrunKept: template(),
    scenario: template(),
    scenarioWhat: template(),
    unappliedKept: template(),
    loading: template(),
  }),
  alerts: z.strictObject({
    linkSaid: template(),
    dismiss: template(),
    whatIfBanner: template('variant'),
    ownScript: template(),
    ownScriptNative: template(),
    loadingSimulator: template(),
    simulatorFailed: template(),
    reload: template(),
    retry: template(),
  }),
  stage: z.strictObject({
    tabs: template(),
    tab: z.strictObject({
      script: template(),
      state: template(),
      stateGeneral: template(),
      locals: template(),
      keyspace: template(),
      call: template(),
      callGeneral: template(),
      changes: template(),
    }),
    changed: template(),
    bar: template(),
    drawers: template(),
    close: template(),
    notes: template(),
    invariantHolds: template(),
  }),
  runNotes: z.strictObject({
    brokenOne: template('ids'),
    brokenMany: template('ids'),
    clockReads: template('reads', 'latest', 'modelled'),
    latest: template('micros'),
    drift: template('count', 'first', 'last', 'gap', 'modelled'),
    modelled: template('tick'),
  }),
});

const named = () => z.strictObject({ name: template(), word: template() });
const byCheck = () =>
  z.strictObject({ row: template(), token: template(), membership: template() });

/** The stepper's panels and controls (content/panels.ts), with the slots each component fills. */
export const panelWordsSchema = z.strictObject({
  controls: z.strictObject({
    group: template(),
    buttons: z.strictObject({
      first: named(),
      memberBack: named(),
      back: named(),
      forward: named(),
      member: named(),
      last: named(),
    }),
    buttonTitle: template('name', 'key'),
    play: template(),
    pause: template(),
    playTitle: template(),
    speed: template(),
    speedOption: template('speed'),
    timeline: template(),
    position: template('k', 'n'),
  }),
  verdicts: z.strictObject({
    rescored: template(),
    live: template(),
    failed: template(),
    failedBecause: template('reason'),
    error: template(),
    pending: template(),
    notReached: template(),
    refused: template('verdict', 'nothingWritten'),
    nothingWritten: template(),
  }),
  members: z.strictObject({
    region: template(),
    heading: template(),
    table: template(),
    columns: z.strictObject({
      number: template(),
      id: template(),
      token: template(),
      verdict: template(),
    }),
    checkHeads: byCheck(),
    checkNames: byCheck(),
    checkCell: template('check', 'outcome'),
    checkOutcomes: z.strictObject({ passed: template(), failed: template(), notRun: template() }),
    shown: template('from', 'to', 'total', 'rescored', 'failed'),
  }),
  argv: z.strictObject({
    region: template(),
    count: template('count'),
    pointer: template('i'),
    pointerAt: template(),
    lease: template(),
    id: template(),
    token: template(),
    unpaired: template(),
    pairsLeftOut: template('count'),
  }),
  clock: z.strictObject({
    region: template(),
    readOnce: template(),
    readTimes: template('reads'),
    seconds: template(),
    micros: template(),
    now: template(),
    notYet: template(),
  }),
  active: z.strictObject({
    region: template(),
    heading: template(),
    table: template(),
    columns: z.strictObject({ member: template(), before: template(), after: template() }),
    alsoPending: template(),
    shown: template('shown', 'total'),
    empty: template(),
  }),
  rows: z.strictObject({
    region: template(),
    heading: template(),
    table: template(),
    columns: z.strictObject({
      row: template(),
      attempts: template(),
      group: template(),
      leaseEpoch: template(),
      where: template(),
    }),
    wrongType: template(),
    noRow: template(),
    neither: template(),
    shown: template('shown', 'total'),
    more: template('count'),
  }),
  failed: z.strictObject({
    region: template(),
    heading: template('count'),
    earlier: template('count'),
  }),
  reply: z.strictObject({
    region: template(),
    heading: template(),
    notYetScript: template(),
    notYetNative: template(),
    cli: template(),
    verb: template('wire'),
  }),
  calls: z.strictObject({
    heading: template('count'),
    none: template(),
    call: template('line', 'call', 'reply'),
  }),
  changes: z.strictObject({
    heading: template('count'),
    otherHeading: template('count'),
    otherWhat: template(),
    none: template(),
    change: template('line', 'change'),
  }),
  code: z.strictObject({
    label: template('title', 'line', 'summary'),
    noLine: template(),
    summary: template('changed', 'added', 'removed'),
    marks: z.strictObject({ changed: template(), added: template(), removed: template() }),
    untrue: template(),
  }),
  locals: z.strictObject({
    heading: template(),
    none: template(),
    sameTable: template('names'),
    justSet: template(),
    tableWritten: template(),
  }),
  table: z.strictObject({
    entries: template('address'),
    empty: template(),
    cycle: template(),
    justWritten: template(),
    gap: template('count'),
    moreKeys: template('count'),
  }),
});

const captioned = (...slots: string[]) =>
  z.strictObject({ caption: template(...slots), label: template('n') });
const faced = () => z.strictObject({ face: template(), label: template('n') });

/** The drawers' words (content/editors.ts), with the slots each component fills. */
export const editorWordsSchema = z.strictObject({
  scenario: z.strictObject({
    callers: z.strictObject({ full: template(), 'read-only': template() }),
    clients: z.strictObject({ verb: template(), raw: template() }),
    rows: z.strictObject({ hash: template(), none: template(), wrongtype: template() }),
    places: z.strictObject({ active: template(), pending: template(), neither: template() }),
    keptElsewhere: template(),
    keptStored: template(),
    keptOpen: template(),
    reload: z.strictObject({ memory: template(), tooLarge: template(), noStorage: template() }),
    discarded: template(),
    discard: template(),
    lease: z.strictObject({ caption: template(), label: template() }),
    clock: z.strictObject({ caption: template(), label: template() }),
    caller: template(),
    client: template(),
    trailing: z.strictObject({ caption: template(), label: template(), none: template() }),
    pairs: template('count'),
    addPair: template(),
    addHundred: template(),
    tooLargeToShare: template('cap', 'count'),
    shareCap: template('cap'),
    previousPairs: template(),
    nextPairs: template(),
    pairsShown: template('from', 'to', 'total'),
    pair: template('n', 'idSlot', 'tokenSlot'),
    id: captioned('cap'),
    token: captioned(),
    row: captioned(),
    attempts: captioned(),
    group: z.strictObject({
      caption: template('cap'),
      label: template('n'),
      none: template(),
    }),
    place: captioned(),
    leaseLeft: captioned(),
    sameJob: template('n'),
    up: faced(),
    down: faced(),
    remove: faced(),
    run: template(),
    refusedOne: template('where'),
    refusedMany: template('count', 'where'),
    whileOpen: template(),
  }),
  script: z.strictObject({
    restored: template(),
    discarded: template(),
    intro: template(),
    label: template(),
    unrun: template(),
    compiles: template(),
    lessons: template(),
    running: template(),
    tooLargeToShare: template('count', 'cap'),
    wouldRefuse: template(),
    atLine: template('line'),
    serverSays: template(),
    run: template(),
    reset: template(),
    ownEdit: template(),
    whatIfEdit: template('variant', 'edit'),
  }),
  scriptErrors: z.strictObject({
    compile: template('meaning'),
    runtime: template('line'),
    endOfScript: template(),
    unclosed: template('block', 'line', 'near'),
    expected: template('what', 'near'),
    aName: template(),
    unexpected: template('near'),
    unfinishedString: template(),
    malformedNumber: template('near'),
    ambiguous: template(),
    forLoop: template(),
    other: template(),
  }),
  compare: z.strictObject({
    agree: template(),
    differOne: template(),
    differMany: template('count'),
    table: template(),
    caption: template(),
    after: template(),
    script: template(),
    scriptRunning: template(),
    native: template(),
    differs: template(),
  }),
  variants: z.record(z.enum(VARIANTS), template()),
});

/** The console's words (content/console.ts), with the slots its components fill. */
export const consoleWordsSchema = z.strictObject({
  summary: template(),
  loading: template(),
  greeting: template('origin', 'user'),
  origin: template('origin', 'aside'),
  asideStepper: template(),
  asideEmbed: template(),
  before: template('n'),
  after: template('n'),
  step: template('k', 'n'),
  reset: template('k'),
  copyExport: template(),
  exported: template(),
  exportRefused: template(),
  command: template(),
  copyAll: template(),
  copiedAll: template(),
  running: template(),
  runningScript: template(),
  blocked: template('command', 'seconds'),
  blockedForever: template('command'),
  stop: template(),
  stopScript: template(),
  output: template(),
  keys: template(),
  keptOut: template(),
  runLine: z.strictObject({
    button: template(),
    copied: template(),
    refused: template(),
    field: template(),
  }),
});

const subbed = () => z.strictObject({ name: template(), sub: template() });

/** The picker's words around the answers (content/fates.ts), with the slots the code fills. */
export const pickerWordsSchema = z.strictObject({
  heading: template(),
  legend: template(),
  stateRegion: template(),
  gridCaption: template('fate'),
  columns: z.strictObject({ script: subbed(), native: subbed() }),
  rowHeads: z.strictObject({ single: subbed(), batch: subbed() }),
  stepIt: template(),
  stepItMeans: template('fate'),
  noStep: template('refused'),
  verdicts: z.strictObject({
    rescored: template(),
    failed: template(),
    refused: template(),
    error: template(),
    raised: template(),
    withCode: template('verdict', 'code'),
  }),
  facts: z.strictObject({
    held: template(),
    heldValue: template('id', 'token'),
    row: template(),
    noRow: template(),
    wrongType: template(),
    attempts: template('attempts', 'group'),
    group: template('group'),
    where: template(),
    inActive: template('seconds'),
    reaped: template(),
    neither: template(),
    caller: template(),
    full: template(),
    readOnly: template(),
  }),
  commands: z.record(z.enum(RUN_KEYS as [RunKey, ...RunKey[]]), template()),
  epoch: z.strictObject({
    none: template(),
    stamped: template('runId'),
    byRawOrWire6: template('names'),
    byRawOnly: template('names'),
    by: template('names'),
    noScript: template(),
    and: template(),
  }),
  announce: z.strictObject({
    fate: template('fate'),
    part: template('name', 'verdict'),
    single: template(),
    batch: template(),
    epochStamped: template(),
    epochNotStamped: template(),
  }),
});

const widget = () => z.strictObject({ title: template(), what: template() });

/** The embed layer's words (content/embed.ts), with the slots its code fills. */
export const embedWordsSchema = z.strictObject({
  widgets: z.strictObject({ stepper: widget(), fates: widget(), console: widget() }),
  button: template(),
  dialogWhat: template(),
  dialog: z.strictObject({
    heading: template('title'),
    close: template(),
    theme: template(),
    themeAuto: template(),
    options: template(),
    atThisStep: template('hint'),
    atStepperStep: template('hint'),
    stepFirst: template(),
    hideEditor: template(),
    predict: template(),
    replayNone: template(),
    replayOne: template(),
    replayMany: template('count'),
    snippets: z.strictObject({ iframe: template(), resizer: template(), element: template() }),
    preview: template(),
    previewTitle: template('title'),
    copy: template(),
    copied: template(),
    copyFailed: template(),
  }),
  app: z.strictObject({
    dismiss: template(),
    consoleHeading: template(),
    openLesson: template(),
    consoleNoScript: template(),
    badState: template(),
    noState: template(),
  }),
});

/** The page's words around the prose (content/page.ts), with the slots its code fills. */
export const pageWordsSchema = z.strictObject({
  header: z.strictObject({ breadcrumb: template(), course: template(), here: template() }),
  courseSite: z.strictObject({ inline: template(), all: template() }),
  stepperSlot: z.strictObject({ kicker: template() }),
  nativeReplies: z.strictObject({
    region: template(),
    caption: template(),
    columns: z.strictObject({ reply: template(), command: template(), when: template() }),
    anError: template(),
  }),
  copy: z.strictObject({
    label: template('title'),
    face: template(),
    copied: template(),
    failed: template(),
    saidCopied: template('title'),
    saidFailed: template('title'),
  }),
  theme: z.strictObject({
    legend: template(),
    choices: z.strictObject({ system: template(), light: template(), dark: template() }),
    title: template('choice'),
  }),
  moduleNav: z.strictObject({ region: template(), back: template(), next: template() }),
});

/** The refusals' words (content/validation.ts), with the slots src/scenario/validate.ts fills. */
export const validationWordsSchema = z.strictObject({
  ruleThenSystem: template('rule', 'who', 'words'),
  id: z.strictObject({ otherwise: template(), who: template() }),
  group: z.strictObject({ subject: template(), because: template('rule'), who: template() }),
  token: z.strictObject({ rule: template('typed'), who: template() }),
  lease: z.strictObject({
    notInteger: template('typed'),
    notPositive: template('typed'),
    who: template(),
    outOfRange: template(),
  }),
  clock: z.strictObject({ notWhole: template(), tooLate: template() }),
  count: template('what', 'typed'),
  trailingNeedsRaw: template(),
  activeKeyNeedsRaw: template(),
  attempts: template(),
  leaseLeft: template(),
});

/** The BullMQ part's words (content/bullmq.ts), with the slots its components fill. */
export const bullmqWordsSchema = z.strictObject({
  heading: template(),
  source: template('version', 'license'),
  scenarioLegend: template(),
  scenarios: z.strictObject(
    Object.fromEntries(BULLMQ_SCENARIO_IDS.map((id) => [id, template()])) as Record<
      (typeof BULLMQ_SCENARIO_IDS)[number],
      ReturnType<typeof template>
    >,
  ),
  start: template(),
  loading: template(),
  what: template(),
  controls: z.strictObject({
    region: template(),
    first: template(),
    back: template(),
    forward: template(),
    last: template(),
    position: template('k', 'n'),
  }),
  line: template('line'),
  beforeFirst: template(),
  compare: template(),
  panels: z.strictObject({
    code: template(),
    keyspace: template(),
    keyColumns: z.strictObject({
      key: template(),
      type: template(),
      value: template(),
      ttl: template(),
    }),
    noTtl: template(),
    ttl: template('ms'),
    reply: template(),
    noReply: template(),
  }),
  mirror: template(),
  compareView: z.strictObject({
    heading: template(),
    caption: template(),
    columns: z.strictObject({
      id: template(),
      token: template(),
      echomq: template(),
      bullmq: template(),
    }),
    extended: template(),
    failed: template(),
    error: template(),
    failedList: template('who', 'list'),
  }),
  fate: z.strictObject({
    heading: template(),
    sub: template(),
    none: template(),
    extended: template(),
    failed: template(),
    error: template(),
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
  label: template(),
  listings: z.record(
    z.string().refine((title) => listingManifest.some((l) => l.title === title), {
      message: 'no listing has this title',
    }),
    template(),
  ),
  nativeReplies: template(),
  wireClasses: template(),
});

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
  return problems;
}
