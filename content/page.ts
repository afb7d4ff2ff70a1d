/**
 * The page's own words around the lesson's prose: the course bar, the stepper's slot, the
 * copy buttons, the theme control and the module links. The prose itself is in
 * content/lesson.mdx. `{name}` is a slot the code fills; the content schema
 * (src/content/schema.ts) checks each sentence names exactly those slots. These words are
 * in the page's first load, so they stay few and short.
 */
export const pageWords = {
  header: {
    breadcrumb: 'Breadcrumb',
    course: 'EchoMQ course',
    here: 'Batch lease extension',
  },
  stepperSlot: {
    kicker: 'Step the batch',
  },
  nativeReplies: {
    region: 'Native replies',
    caption: 'What the native commands answer',
    columns: { reply: 'reply', command: 'command', when: 'when' },
    anError: ' (an error)',
  },
  copy: {
    label: 'Copy {title}',
    face: 'Copy',
    copied: 'Copied',
    failed: 'Copy failed',
    saidCopied: '{title} copied to the clipboard',
    saidFailed: '{title} could not be copied',
  },
  theme: {
    legend: 'Colour theme',
    choices: { system: 'System', light: 'Light', dark: 'Dark' },
    title: '{choice} theme',
  },
  /** a course page where this copy of the lesson has no course site around it */
  courseSite: {
    inline: ' (on the course site)',
    /** after a list or bar of such pages */
    all: 'These are pages of the EchoMQ course site, which this copy of the lesson does not include.',
  },
  /** the cue at the end edge of a row of controls that scrolls sideways on a narrow screen */
  sideRow: {
    more: 'more ▸',
  },
  moduleNav: {
    region: 'Module',
    back: 'Back to the module',
    next: 'Next module',
  },
} as const;

/** The shape of the page's words (the schema checks the sentences themselves). */
export type PageWords = typeof pageWords;
