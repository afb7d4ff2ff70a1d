// @vitest-environment jsdom
/**
 * A stepper embed opens where its `state` says, as a link does: the custom element's attribute
 * and the embed page's hash carry the whole shared state, the learner's own script (`lua=`)
 * among it, so the run shown is that script's, not the lesson's. Run on the real simulator.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeHash } from '../scenario/index.ts';
import { EmbedApp } from './EmbedApp.tsx';
import { DEFAULT_OPTIONS } from './options.ts';
import { STEPPER_HASH_KEY } from './widgets.ts';

afterEach(cleanup);

/** A link's state with the learner's script, at its last step. */
function stateWithScript(script: string) {
  const lua = Buffer.from(script).toString('base64url');
  const decoded = decodeHash(`#stepper?preset=default&x=script&k=99&lua=${lua}`, STEPPER_HASH_KEY);
  if (!decoded?.state) throw new Error('the link did not decode');
  return decoded.state;
}

describe('a stepper embed’s state', () => {
  it('restores the learner’s script a lua= state carries, and steps its run', async () => {
    render(
      <EmbedApp
        data={{ widget: 'stepper' }}
        options={DEFAULT_OPTIONS}
        notices={[]}
        lessonUrl="https://lesson.example/"
        emit={() => {}}
        hashKey={null}
        initialState={stateWithScript("return 'restored from the state'")}
      />,
    );
    // the script's own run, at the step the state names (its last): the script's reply
    expect(await screen.findByText(/"restored from the state"/)).toBeInTheDocument();
    expect(screen.getByTestId('step-counter')).toHaveTextContent(/step (\d+) of \1/);
  });
});
