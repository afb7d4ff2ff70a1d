/** The annotation a failed test's fixture adds for each thing its page said (an error, an alert). */
export const PAGE_SAID: string;
/** The browser suite's brief, from the project's root. */
export const PLAYWRIGHT_BRIEF: string;
