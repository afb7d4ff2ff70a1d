/**
 * Pages of the course this dive links to. Every href is built from one base URL,
 * VITE_COURSE_BASE (default `/course/`), so the lesson can be mounted anywhere.
 */
export const coursePages = {
  batches: { path: 'the-queue/batches/', title: 'Batches' },
  'bulk-flows': { path: 'the-queue/batches/bulk-flows/', title: 'Bulk flows' },
  'claim-and-lease': { path: 'the-queue/claim-and-the-lease/', title: 'Claim & the lease' },
  'cancellation-checkpoints': {
    path: 'the-queue/cancellation-and-checkpoints/',
    title: 'Cancellation & checkpoints',
  },
  'two-executors': {
    path: 'native/one-transition-two-executors/',
    title: 'One transition, two executors',
  },
  'reliable-queues': {
    path: 'redis-patterns/reliable-queues/',
    title: 'redis-patterns · Reliable queues',
  },
  'control-plane': { path: 'the-queue/control-plane/', title: 'The control plane' },
} as const;

/** A page of the course, by its key in {@link coursePages}. */
export type CoursePage = keyof typeof coursePages;

/** The "Related in this course" list, in reading order, with why each is related. */
export const related: ReadonlyArray<{ page: CoursePage; note: string }> = [
  { page: 'batches', note: 'the module this dive closes.' },
  { page: 'bulk-flows', note: 'many flows composed in one call, one flow at a time.' },
  {
    page: 'claim-and-lease',
    note: 'how one job is claimed, and why its active score is its lease.',
  },
  { page: 'cancellation-checkpoints', note: 'the single extend_lock/5 used as a checkpoint.' },
  {
    page: 'two-executors',
    note: 'the native mechanism: checks before writes, the cached clock, lease_epoch.',
  },
  { page: 'reliable-queues', note: 'the pattern side of the same door.' },
];

/** Where the learner goes from here: back to the module, on to the next one. */
export const moduleNav = {
  back: { page: 'batches', blurb: 'the three bulk verbs and the one rule they share' },
  next: { page: 'control-plane', blurb: 'The Queue beyond enqueue and claim' },
} as const satisfies Record<string, { page: CoursePage; blurb: string }>;
