/**
 * What the stepper and the fate picker are rendered from, in the lesson's islands
 * (src/page/slots.tsx) and on the embed pages alike. The build computes it (it runs the
 * simulator): the islands carry it as their props, and each embed page as its `data-props`
 * (src/entry-server.tsx). The dev server writes no props into an embed page, so there the page
 * computes it in the browser (src/embed/embed-main.tsx); the client bundle never holds it.
 */
import type { EmbedData } from './EmbedApp.tsx';
import type { EmbedWidget } from './widgets.ts';
import { buildFateAnswers, type FateAnswersData } from '../fates/index.ts';
import { defaultScenario } from '../scenario/index.ts';
import { prerenderRuns } from '../stepper/prerender.ts';
import type { PrerenderedRunJSON } from '../stepper/index.ts';

/** The stepper's data: the default scenario's runs on both executors, made by the simulator. */
export function stepperData(): { prerendered: PrerenderedRunJSON[] } {
  return { prerendered: prerenderRuns(defaultScenario()) };
}

/** The fate picker's data: every fate's answers, computed by running the simulator. */
export function fatesData(): { answers: FateAnswersData[] } {
  return { answers: buildFateAnswers() };
}

/** An embed page's data: the stepper's, the fate picker's, or nothing for the console. */
export function embedData(widget: EmbedWidget): EmbedData {
  switch (widget) {
    case 'stepper':
      return { widget, ...stepperData() };
    case 'fates':
      return { widget, ...fatesData() };
    case 'console':
      // the console forks the simulator in the browser: the page shows its loading line first
      return { widget };
  }
}
