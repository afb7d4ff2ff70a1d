/**
 * What each embed page's widget is rendered from: the same data the lesson's islands get. The
 * build computes it once (src/entry-server.tsx) and writes it into the page as `data-props`; the
 * dev server writes no props, so there the embed page computes it in the browser instead
 * (src/embed/embed-main.tsx). It runs the simulator, so the client bundle never holds it.
 */
import type { EmbedData } from './EmbedApp.tsx';
import type { EmbedWidget } from './widgets.ts';
import { buildFateAnswers } from '../fates/index.ts';
import { defaultScenario } from '../scenario/index.ts';
import { prerenderRuns } from '../stepper/prerender.ts';

/**
 * The data for an embedded widget, as the lesson's islands get theirs (src/page/slots.tsx): the
 * default scenario's runs for the stepper, every fate's answers for the picker, nothing for the
 * console.
 */
export function embedData(widget: EmbedWidget): EmbedData {
  switch (widget) {
    case 'stepper':
      return { widget, prerendered: prerenderRuns(defaultScenario()) };
    case 'fates':
      return { widget, answers: buildFateAnswers() };
    case 'console':
      // the console forks the simulator in the browser: the page shows its loading line first
      return { widget };
  }
}
