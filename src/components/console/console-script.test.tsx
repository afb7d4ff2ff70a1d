// @vitest-environment jsdom
/**
 * The stepper's console knows the script the run loaded: after a learner runs an edit (or a
 * what-if), `EVALSHA <its sha> …` typed in the console runs it, as on a real server where that
 * script was SCRIPT LOADed (before, it answered NOSCRIPT), and the console shows the sha and
 * the run's own line. Its replies are checked against redis-cli in
 * tests/differential/console-script.test.ts.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runLineOf } from '../../console/run-line.ts';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { defaultScenario } from '../../scenario/presets.ts';
import { sha1Hex } from '@batch-lease/redis-sim/client';
import { Stepper } from '../stepper/index.ts';
import { logLines } from './log-lines.test-helper.ts';

const sim = createSimTraceSource();
beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  vi.restoreAllMocks();
  cleanup();
  // the console's ↑/↓ history, which outlives a page on purpose; each file leaves none behind
  localStorage.clear();
});

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const SCRIPT = "redis.call('SET', KEYS[2] .. 'seen', #ARGV)\nreturn {KEYS[1], ARGV[2]}";

describe("the console and the run's script", () => {
  it('runs EVALSHA of the edited script, names its sha and copies the run’s line', async () => {
    const user = userEvent.setup();
    window.history.replaceState(
      null,
      '',
      `/#stepper?preset=default&x=script&k=0&lua=${base64url(SCRIPT)}`,
    );
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: /^Console: redis-cli on the server/ }));
    const input = await screen.findByRole('textbox', { name: 'Command' });
    const sha = sha1Hex(SCRIPT);
    const { line } = runLineOf(defaultScenario(), SCRIPT);
    expect(line.startsWith(`EVALSHA ${sha} 2 emq:{q}:active emq:{q}: 30000 `)).toBe(true);
    // the greeting names the sha and the run's own call
    await waitFor(() =>
      expect(logLines().some((l) => l.includes(`sha ${sha}`) && l.includes(line))).toBe(true),
    );
    await user.click(input);
    await user.paste(line);
    await user.keyboard('{Enter}');
    const lines = logLines();
    expect(lines).not.toContain('(error) NOSCRIPT No matching script. Please use EVAL.');
    expect(lines).toContain('1) "emq:{q}:active"');
    expect(lines).toContain('2) "JOB0KHTOWnGLuA"');
    expect(lines.some((l) => l.startsWith('+ "emq:{q}:seen" created (string)'))).toBe(true);
    // SCRIPT EXISTS agrees: the fork's cache holds it, as the stepper's server's does
    await user.type(input, `SCRIPT EXISTS ${sha}{Enter}`);
    expect(logLines().at(-1)).toBe('1) (integer) 1');
    // the copy action hands over the whole line
    const write = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: write },
      configurable: true,
    });
    await user.click(screen.getByRole('button', { name: 'Copy the EVALSHA command for this run' }));
    expect(write).toHaveBeenCalledWith(line);
    expect(screen.getByTestId('run-line-status')).toHaveTextContent(
      'The EVALSHA command for this run was copied.',
    );
  });

  it('says so when the edit did not compile: its SCRIPT LOAD was refused, and EVALSHA is NOSCRIPT', async () => {
    const user = userEvent.setup();
    const broken = 'return {';
    window.history.replaceState(
      null,
      '',
      `/#stepper?preset=default&x=script&k=0&lua=${base64url(broken)}`,
    );
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: /^Console: redis-cli on the server/ }));
    const input = await screen.findByRole('textbox', { name: 'Command' });
    await waitFor(() =>
      expect(
        logLines().some((l) =>
          l.startsWith(
            'The edited script is not loaded here: its SCRIPT LOAD was refused (ERR Error compiling script',
          ),
        ),
      ).toBe(true),
    );
    await user.type(input, `EVALSHA ${sha1Hex(broken)} 0{Enter}`);
    expect(logLines()).toContain('(error) NOSCRIPT No matching script. Please use EVAL.');
  });
});
