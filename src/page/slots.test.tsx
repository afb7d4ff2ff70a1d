import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { computeFate, FATES, fromAnswersData, type FateAnswersData } from '../fates/index.ts';
import { runFromJSON, type PrerenderedRunJSON } from '../stepper/runs/run-json.ts';
import { createSimTraceSource } from '../stepper/runs/trace-source.ts';
import { defaultScenario } from '../scenario/presets.ts';
import { FatePickerSlot, StepperSlot } from './slots.tsx';

/** The props an island carries in the page, read back as the client reads them. */
function islandProps<T>(html: string, name: string): T {
  const host = /data-island="([^"]+)" data-props="([^"]*)"/g;
  for (const m of html.matchAll(host)) {
    if (m[1] !== name) continue;
    const json = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    return JSON.parse(json) as T;
  }
  throw new Error(`no ${name} island in the HTML`);
}

describe('the islands’ props, as the page carries them', () => {
  it('give the fate picker every fate’s answers, equal to a fresh run of the simulation', () => {
    const props = islandProps<{ answers: FateAnswersData[] }>(
      renderToString(<FatePickerSlot />),
      'fate-picker',
    );
    expect(props.answers.map((a) => a.fate)).toEqual(FATES.map((f) => f.id));
    expect(props.answers.map(fromAnswersData)).toEqual(FATES.map((f) => computeFate(f)));
  });

  it('give the stepper the default scenario’s script, native and what-if runs, as the simulator makes them', () => {
    const props = islandProps<{ prerendered: PrerenderedRunJSON[] }>(
      renderToString(<StepperSlot />),
      'stepper',
    );
    const source = createSimTraceSource();
    // the lesson's script on both executors, then each counterfactual (a script of its own)
    expect(props.prerendered.map((p) => [p.executor, p.script !== undefined])).toEqual([
      ['script', false],
      ['native', false],
      ['script', true],
      ['script', true],
    ]);
    for (const p of props.prerendered) {
      expect(p.scenario).toEqual(defaultScenario());
      expect(runFromJSON(p.run)).toEqual(source(defaultScenario(), p.executor, p.script ?? null));
    }
  });
});
