/**
 * The embed layer's words: each widget's title, the Embed dialog a course author uses, and what
 * an embedded widget says around itself. `{name}` is a slot the code fills; the content schema
 * (src/content/schema.ts) checks each sentence names exactly those slots.
 */
export const embedWords = {
  /** each widget's title (the frame's title, the dialog's heading) and its name in a message */
  widgets: {
    stepper: {
      title: 'Batch lease extension: step the script member by member',
      what: 'the stepper',
    },
    fates: { title: "A job's fate, two verbs: single vs batch answers", what: 'the fate picker' },
    console: {
      title: 'Batch lease extension: redis-cli on the simulated server',
      what: 'the console',
    },
  },
  button: 'Embed',
  dialogWhat: 'the Embed dialog',
  dialog: {
    heading: 'Embed: {title}',
    close: 'Close',
    theme: 'Colour theme',
    themeAuto: "follow the reader's system",
    options: 'Options',
    atThisStep: 'open at this step{hint}',
    atStepperStep: "open at the stepper's step{hint}",
    /** the hint when the stepper has not moved yet */
    stepFirst: ' (step the stepper first)',
    hideEditor: 'hide the scenario editor',
    predict: 'start in predict mode',
    /** the custom element's `off-thread` attribute: what it gives and what the host must allow */
    offThread:
      'custom element: run the simulator in a worker, with Stop (the course page’s Content-Security-Policy must allow worker-src blob: {origin})',
    replayNone: 'replay the commands typed (type some first)',
    replayOne: 'replay the command typed so far',
    replayMany: 'replay the {count} commands typed so far',
    snippets: {
      iframe: 'Iframe (works where only an iframe is allowed)',
      resizer: 'Resizer script (optional, sizes the iframe to fit)',
      element: 'Custom element (for pages that allow a script tag)',
    },
    preview: 'Preview',
    previewTitle: 'Preview: {title}',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Copy failed: select the text and copy it',
  },
  app: {
    dismiss: 'Dismiss',
    consoleHeading: 'Console: redis-cli on the simulated server',
    openLesson: 'Open the full lesson',
    consoleNoScript:
      'The console needs JavaScript: it is redis-cli on a simulated server that runs in the page. The full lesson shows the same run step by step.',
    badState: 'The state attribute is not a stepper state; the default scenario is shown.',
    noState: 'The link names no stepper state; the console opens on the default scenario.',
  },
} as const;

/** The shape of the embed layer's words (the schema checks the sentences themselves). */
export type EmbedWords = typeof embedWords;
