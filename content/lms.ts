/**
 * The words about the course packages: the completion rule a package states (in its manifest,
 * its notes and the docs), and the Embed dialog's "Download for your learning platform".
 */
export const lmsWords = {
  /** what the platform is told counts as finishing the lesson */
  completionRule:
    'The lesson is completed when the learner steps a run of the batch script (extend_locks/4) through to its reply, in any scenario. A score is reported only when the learner made predictions in predict mode: the predictions right out of the verdicts that run had to predict.',
  /** the way back a cmi5 platform asks for (its returnURL), at the top of the page */
  returnToCourse: 'Back to your course',
  packageTitle: 'Batch lease extension',
  packageDescription:
    'An interactive lesson on batch lease extension in EchoMQ: re-score many job leases under one clock read, stepped member by member on a Redis 7.0 server simulated in the browser.',
  dialog: {
    heading: 'Download for your learning platform',
    intro:
      'One package holds the whole lesson. Upload it as a new activity; the platform then records completion, a score from predict mode, the answers, and where the learner left off.',
    packages: {
      scorm12: {
        label: 'SCORM 1.2 (.zip)',
        when: 'Choose this when unsure: every platform takes it (Moodle, Canvas, Blackboard, Brightspace, Cornerstone). It keeps less of the learner’s place (4,096 characters).',
      },
      scorm2004: {
        label: 'SCORM 2004 4th edition (.zip)',
        when: 'For platforms that list SCORM 2004 (SCORM Cloud, Moodle, Cornerstone, Docebo): separate completion and score, and room for the whole place.',
      },
      cmi5: {
        label: 'cmi5 (.zip)',
        when: 'For platforms with an xAPI learning record store that take cmi5 courses (SCORM Cloud, Rustici Engine, Moodle with the cmi5 plugin): statements as xAPI.',
      },
    },
  },
} as const;

/** The shape of the package words. */
export type LmsWords = typeof lmsWords;
