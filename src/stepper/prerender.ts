/** The build's entry to the stepper: every run the page ships, run once on the simulator. */
export { prerenderRuns } from './runs/prerender-runs.ts';
export { prerenderBullmqRuns } from './runs/bullmq-prerender.ts';
