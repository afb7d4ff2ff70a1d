/**
 * Every fate's answers as data, made on the simulated server. The build calls this for the
 * lesson's fate picker and the embed page (their props) and for the custom element
 * (`virtual:fate-answers`, scripts/vite-plugin-fate-answers.ts): one function, so each shows
 * the simulator's own answers and none runs the simulator in the browser.
 */
import { toAnswersData, type FateAnswersData } from './answers-data.ts';
import { FATES } from './catalogue.ts';
import { computeFate } from './compute.ts';

/** Every fate's answers, in the catalogue's order, as the pages carry them. */
export function buildFateAnswers(): FateAnswersData[] {
  return FATES.map((f) => toAnswersData(computeFate(f)));
}
