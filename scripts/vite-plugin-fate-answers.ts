// Serves the fate picker's answers as `virtual:fate-answers`: every fate run on the simulated
// server when the site is built, by the same function that gives the lesson's fate picker its
// props (`buildFateAnswers`, src/fates/built-answers.ts), so the custom element's fate picker
// carries its answers as data and never loads the simulator.
import type { Plugin } from 'vite';
import { buildTimeModulePlugin } from './vite-plugin-build-time.ts';

/** The Vite plugin that computes every fate's answers when the site is built. */
export function fateAnswersPlugin(): Plugin {
  return buildTimeModulePlugin<{ buildFateAnswers: () => unknown }>({
    name: 'lesson-fate-answers',
    id: 'virtual:fate-answers',
    // the fate picker's full entry, which runs the simulator
    entry: 'src/fates/index.ts',
    code: (m) => `export const answers = ${JSON.stringify(m.buildFateAnswers())};\n`,
  });
}
