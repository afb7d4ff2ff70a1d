/**
 * Words a learner's script chose — a command's name and arguments, and what the server said —
 * are told in a left-to-right sentence. A word of right-to-left letters is isolated (FSI … PDI,
 * shown as `<bdi>`) so it cannot carry its neighbours into its own order; a format character
 * is spelled out wherever it comes. Left-to-right words are told as they are.
 */
import { describe, expect, it } from 'vitest';
import { FSI, PDI } from '@batch-lease/redis-sim/client';
import { presetById } from '../../scenario/presets.ts';
import { narrate } from './narration.ts';
import { buildRunIndex } from '../runs/run-index.ts';
import { createSimTraceSource } from '../runs/trace-source.ts';

const sim = createSimTraceSource();

/** Every step's detail line of a learner's script run on the default scenario. */
function details(script: string): string[] {
  const run = sim(presetById('default').build(), 'script', script);
  if (run.status !== 'ready') throw new Error(run.reason);
  const ix = buildRunIndex(run);
  const out: string[] = [];
  for (let k = 1; k <= ix.n; k++) out.push(narrate(ix, k).detail);
  return out;
}

const HEBREW_KEY = 'מפתח';
const ARABIC_VALUE = 'قيمة 12';

describe('the narration of a command a learner wrote', () => {
  it('isolates each right-to-left word of the command and of its reply, and no other', () => {
    const said = details(
      `redis.call('SET', '${HEBREW_KEY}', '${ARABIC_VALUE}')\n` +
        `return redis.call('GET', '${HEBREW_KEY}')`,
    );
    const set = said.find((d) => d.startsWith('SET '));
    expect(set).toBe(`SET ${FSI}${HEBREW_KEY}${PDI} ${FSI}${ARABIC_VALUE}${PDI} → OK`);
    const get = said.find((d) => d.startsWith('GET '));
    expect(get).toBe(`GET ${FSI}${HEBREW_KEY}${PDI} → ${FSI}"${ARABIC_VALUE}"${PDI}`);
  });

  it('isolates an error reply of right-to-left words, and a status reply', () => {
    const error = details(`return redis.error_reply('${HEBREW_KEY} ${ARABIC_VALUE}')`).at(-1);
    expect(error).toMatch(new RegExp(`: ${FSI}${HEBREW_KEY} ${ARABIC_VALUE}${PDI}$`));
    const status = details(`return redis.status_reply('${ARABIC_VALUE}')`).at(-1);
    expect(status).toMatch(new RegExp(`: ${FSI}${ARABIC_VALUE}${PDI}$`));
  });

  it('spells out an RLO in a command word, isolated or not', () => {
    const said = details(`redis.call('SET', 'a\\u{202E}b', 'x')`.replace('\\u{202E}', '\u202e'));
    const set = said.find((d) => d.startsWith('SET '));
    expect(set).toBeDefined();
    expect(set).not.toContain('\u202e');
  });
});
