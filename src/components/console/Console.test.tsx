// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forkSpecAt } from '../../console/fork-spec.ts';
import type { HistoryStore } from '../../console/history.ts';
import { createSimTraceSource } from '../../stepper/runs/trace-source.ts';
import { BATCH_SHA } from '@batch-lease/echomq';
import { defaultScenario } from '../../scenario/presets.ts';
import { Stepper } from '../stepper/index.ts';
import { Console } from './Console.tsx';
import { logLines } from './log-lines.test-helper.ts';

const sim = createSimTraceSource();

function memoryStore(): HistoryStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

/** Types `text` literally (user-event reads { and [ as key names unless doubled), then Enter. */
async function enter(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.type(input, `${text.replace(/[{[]/g, (c) => c + c)}{Enter}`);
}

function renderConsole(store: HistoryStore | null = memoryStore()) {
  const scenario = defaultScenario();
  return render(
    <Console
      fork={forkSpecAt(scenario, [], 0, null)}
      forkKey="0"
      origin="step 0"
      resetLabel="Reset to step 0"
      onReset={() => {}}
      historyStore={store}
    />,
  );
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  cleanup();
  // the console's ↑/↓ history, which outlives a page on purpose; each file leaves none behind
  localStorage.clear();
});

describe('the console widget', () => {
  it('prints replies as redis-cli does: status bare, bulk quoted, integers, nil, arrays', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await user.type(input, 'SET greeting "hi there"{Enter}');
    await user.type(
      input,
      'GET greeting{Enter}GET nope{Enter}INCR n{Enter}RPUSH l a b{Enter}LRANGE l 0 -1{Enter}',
    );
    // lines typed before the page's server is up wait for it and are answered in order, so the
    // last line's reply is the sign that every reply has come (on a busy machine, seconds later)
    await waitFor(() => expect(logLines()).toContain('2) "b"'));
    const lines = logLines();
    expect(lines).toContain('OK');
    expect(lines).toContain('"hi there"');
    expect(lines).toContain('(nil)');
    expect(lines).toContain('(integer) 1');
    expect(lines).toContain('1) "a"');
    expect(lines).toContain('2) "b"');
    expect(lines).toContain('127.0.0.1:6379> GET greeting');
    // a write says what it changed
    expect(lines.some((l) => l.startsWith('+ "greeting" created (string)'))).toBe(true);
  });

  it('spells out an RLO in a row, typed or repeated by the server', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    await user.click(input);
    await user.paste('S\u202eET k v');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(logLines().join('\n')).toContain('unknown command'));
    const rows = logLines().slice(-2);
    // the echo and the server's own error (which repeats the name), the RLO shown, not obeyed
    expect(rows[0]).toBe('127.0.0.1:6379> S\\u202EET k v');
    expect(rows[1]).toMatch(/^\(error\) ERR unknown command 'S\\u202EET'/);
    expect(logLines().join('\n')).not.toContain('\u202e');
  });

  it('keeps a refused line in the input and says why; unbalanced quotes are redis-cli’s own line', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    // answered at once only once the page's server is up (before, later: not what this checks)
    await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    await user.type(input, 'GET "open{Enter}');
    expect(logLines()).toContain('Invalid argument(s)');
    expect(input).toHaveValue('');
    await user.click(input);
    await user.paste(`SET big ${'x'.repeat(70_000)}`);
    await user.keyboard('{Enter}');
    // the line typed, cut as a shown line is, as where the answer comes later (in a worker);
    // the refusal says why and that nothing was sent; the note after it, where the line is
    expect(logLines().slice(-3)).toEqual([
      `127.0.0.1:6379> SET big ${'x'.repeat(10_000 - '127.0.0.1:6379> SET big '.length)}…`,
      'This line is 70,008 bytes; the console takes lines up to 65,536 bytes (redis-cli itself would send it). Nothing was sent.',
      'Your line is in the input, to edit.',
    ]);
    expect((input as HTMLInputElement).value).toHaveLength(70_008);
  });

  // Typed meanwhile: each line below is sent and the next typed in one go, before any answer
  // can come (an answer comes no sooner than the page's next task), as a quick learner types.
  /** Sends `line` with Enter, then types `since` into the input, before anything is answered. */
  const sendThenType = (input: HTMLElement, line: string, since: string) => {
    fireEvent.change(input, { target: { value: line } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: since } });
  };

  /** The whole refusal of a line that holds U+0001. */
  const CONTROL_REFUSED =
    'The line holds the control character U+0001, which redis-cli\'s prompt cannot take as typed. Write it inside double quotes as \\xhh (for example "\\x01"). Nothing was sent.';

  /** Waits for the refusal of a line that holds a control character, which comes later here. */
  const refusedControl = () =>
    waitFor(() =>
      expect(logLines().some((l) => l.startsWith('The line holds the control character'))).toBe(
        true,
      ),
    );

  it('a line refused once its answer came leaves the line typed since in the input, and ↑ brings it back', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    // the page's server is not up yet: the line is answered later, and refused then
    sendThenType(input, 'SET k \u0001', 'GET k');
    await refusedControl();
    expect(input).toHaveValue('GET k');
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('SET k \u0001');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('GET k');
    // the log says what happened, once: never that the line is in the input, where it is not
    const log = logLines();
    expect(log.slice(log.indexOf('127.0.0.1:6379> SET k \u0001') + 1)).toEqual([
      CONTROL_REFUSED,
      'The input keeps what you typed since, and ↑ brings back the refused line.',
    ]);
  });

  it.each([
    ['answered later (before the server is up, as in a worker)', false],
    ['answered at once (the page runs the server)', true],
  ])('a refused line is in ↑ history whenever its refusal comes: %s', async (_, serverUp) => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    if (serverUp)
      await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    fireEvent.change(input, { target: { value: 'SET k \u0001' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await refusedControl();
    // the learner types another line in its place and sends it
    fireEvent.change(input, { target: { value: 'PING' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(logLines()).toContain('PONG'));
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('PING');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('SET k \u0001');
  });

  it('a line the second client refuses (typed while BLPOP waits) comes back to the input, and the log says so', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    await enter(user, input, 'BLPOP jobs 0');
    // SCRIPT KILL is answered while a client waits, but this one holds a control character
    await enter(user, input, 'SCRIPT KILL \u0001');
    await refusedControl();
    expect(input).toHaveValue('SCRIPT KILL \u0001');
    expect(logLines().slice(-3)).toEqual([
      '127.0.0.1:6379> SCRIPT KILL \u0001',
      CONTROL_REFUSED,
      'Your line is in the input, to edit.',
    ]);
  });

  it('a line the second client answers (typed while BLPOP waits) is in ↑ history, as redis-cli adds every line it sends', async () => {
    const user = userEvent.setup();
    const store = memoryStore();
    renderConsole(store);
    const input = screen.getByRole('textbox', { name: 'Command' });
    await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    await enter(user, input, 'BLPOP jobs 0');
    await enter(user, input, 'SCRIPT KILL');
    await waitFor(() =>
      expect(logLines()).toContain('(error) NOTBUSY No scripts in execution right now.'),
    );
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('SCRIPT KILL');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('BLPOP jobs 0');
    // and it outlives the page, as a line the console's own client sends does
    expect(JSON.parse(store.data.get('emq-console-history')!)).toEqual([
      'BLPOP jobs 0',
      'SCRIPT KILL',
    ]);
  });

  it('a line that must wait for a running one leaves the line typed since in the input, and ↑ brings it back', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await waitFor(() => expect(logLines().join('\n')).toContain('Connected to the simulated'));
    await enter(user, input, 'BLPOP jobs 0');
    sendThenType(input, 'GET before', 'ECHO since');
    await waitFor(() =>
      expect(logLines().some((l) => l.startsWith('BLPOP has not answered yet'))).toBe(true),
    );
    expect(input).toHaveValue('ECHO since');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('GET before');
    expect(logLines()).toContain(
      'BLPOP has not answered yet, and redis-cli sends the next line only after it. The input keeps what you typed since, and ↑ brings back the line you sent; Stop ends BLPOP.',
    );
  });

  it('a password line handed back takes the input, which history never keeps; ↑ brings back the line typed since', async () => {
    const user = userEvent.setup();
    const store = memoryStore();
    renderConsole(store);
    const input = screen.getByRole('textbox', { name: 'Command' });
    sendThenType(input, 'AUTH reader pw\u0001', 'GET k');
    await refusedControl();
    expect(input).toHaveValue('AUTH reader pw\u0001');
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('GET k');
    expect([...store.data.values()].join()).not.toContain('pw');
    expect(logLines()).toContain(
      'That line carries a password, so the ↑/↓ history does not keep it: it is back in the input, and ↑ brings back what you typed since.',
    );
  });

  it('two password lines: the one handed back takes the input, ↑ brings back the one typed since, and neither is stored', async () => {
    const user = userEvent.setup();
    const store = memoryStore();
    renderConsole(store);
    const input = screen.getByRole('textbox', { name: 'Command' });
    sendThenType(input, 'AUTH reader pw1\u0001', 'AUTH writer pw2');
    await refusedControl();
    expect(input).toHaveValue('AUTH reader pw1\u0001');
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('AUTH writer pw2');
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveValue('AUTH reader pw1\u0001');
    expect([...store.data.values()].join()).not.toMatch(/pw/);
    expect(logLines()).toContain(
      'Both lines carry a password, which the ↑/↓ history never stores: the one you sent is back in the input, and ↑ brings back the one you typed since, held in this page’s memory only, never stored.',
    );
    // once it is sent it is not kept any more: ↑ finds nothing
    await user.clear(input);
    await enter(user, input, 'AUTH writer pw2');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('');
  });

  it('walks the history with ↑/↓, keeps the line being typed, and keeps history across a reload', async () => {
    const user = userEvent.setup();
    const store = memoryStore();
    const { unmount } = renderConsole(store);
    let input = screen.getByRole('textbox', { name: 'Command' });
    await user.type(input, 'PING{Enter}ECHO one{Enter}AUTH reader pw{Enter}DBS');
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('ECHO one'); // AUTH is left out, as redis-cli leaves it out
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('PING');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(input).toHaveValue('DBS');
    unmount();
    renderConsole(store);
    input = screen.getByRole('textbox', { name: 'Command' });
    await user.click(input);
    await user.keyboard('{ArrowUp}');
    expect(input).toHaveValue('ECHO one');
  });

  it('completes command names with Tab, cycling through the matches', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await user.type(input, 'zrangeb');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('ZRANGEBYLEX');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('ZRANGEBYSCORE');
    await user.clear(input);
    await user.type(input, 'hinc');
    await user.keyboard('{Tab}');
    expect(input).toHaveValue('HINCRBY');
    expect(input).toHaveFocus();
  });

  it('HELP lists what is simulated, HELP <command> prints its syntax, CLEAR empties the log', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    await user.type(input, 'HELP ZADD{Enter}');
    expect(logLines()).toContain(
      '  ZADD key [NX|XX] [GT|LT] [CH] [INCR] score member [score member ...]',
    );
    await user.type(input, 'XADD s * f v{Enter}');
    expect(logLines()).toContain(
      'XADD is a Redis 7.0 command of a group the simulator leaves out (streams); nothing was sent.',
    );
    await user.type(input, 'FOO{Enter}');
    expect(logLines()).toContain("(error) ERR unknown command 'FOO', with args beginning with: ");
    await user.type(input, 'CLEAR{Enter}');
    expect(logLines()).toEqual([]);
  });

  it('AUTH switches the connection: the read-only user is refused EMQ.EXTENDS and served the script', async () => {
    const user = userEvent.setup();
    renderConsole();
    const input = screen.getByRole('textbox', { name: 'Command' });
    const pairs = 'emq:{q}:active emq:{q}: 30000 JOB0KHTOWnGLuA 1';
    await enter(user, input, 'AUTH reader any');
    await enter(user, input, 'ACL WHOAMI');
    await enter(user, input, `EMQ.EXTENDS 2 ${pairs}`);
    await enter(user, input, `EVALSHA ${BATCH_SHA} 2 ${pairs}`);
    const lines = logLines();
    expect(lines).toContain('"reader"');
    expect(lines.some((l) => l.startsWith('(error) NOPERM'))).toBe(true);
    // the script, served to the same user, extends the lease and answers no failed ids
    expect(lines.at(-2)).toBe('(empty array)');
    expect(lines.at(-1)).toMatch(/^~ "emq:\{q\}:active" member "JOB0KHTOWnGLuA": /);
  });
});

describe('a link’s lines', () => {
  it('replay one by one; the first that reaches a limit ends the replay, and the URL marks it', async () => {
    const endless = 'EVAL "while true do end" 0';
    const link = ['SET a 1', endless, 'SET a 2', 'PING'];
    const told: { lines: readonly string[]; at?: number; stopped?: boolean }[] = [];
    let t = performance.now();
    // a clock that races (a second a read), so the endless line's 5 s pass quickly
    const racing = vi.spyOn(performance, 'now').mockImplementation(() => (t += 1_000));
    render(
      <Console
        fork={forkSpecAt(defaultScenario(), [], 0, null)}
        forkKey="0"
        origin="step 0"
        resetLabel="Reset to step 0"
        onReset={() => {}}
        historyStore={null}
        initialLines={link}
        onLinesChange={(lines, at, stopped) => told.push({ lines, at, stopped })}
      />,
    );
    const notice = await screen.findByTestId('link-stop', {}, { timeout: 10_000 });
    racing.mockRestore();
    expect(notice).toHaveTextContent(
      `The link’s line 2 of 4, ${endless}, reached a limit of the simulator`,
    );
    expect(notice).toHaveTextContent('Not run: SET a 2, PING.');
    expect(told.at(-1)).toEqual({ lines: link, at: 1, stopped: false });
    const user = userEvent.setup();
    await enter(user, screen.getByRole('textbox', { name: 'Command' }), 'GET a');
    expect(logLines().at(-1)).toBe('"1"');
  });
});

describe('the console in the stepper', () => {
  it('forks at the step shown, leaves the run alone, and resets to the step the stepper stands on', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: /^Console: redis-cli on the server/ }));
    const input = await screen.findByRole('textbox', { name: 'Command' });
    expect(screen.getByTestId('console-origin')).toHaveTextContent('step 0 of 40 (before the run)');
    await enter(user, input, 'ZSCORE emq:{q}:active JOB0KHTOWnGLuA');
    expect(logLines()).toContain('"1764504004250"');
    await enter(user, input, 'DEL emq:{q}:active');
    // the console holds a typed line, so it stays on its fork while the stepper moves
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    expect(screen.getByTestId('step-counter')).toHaveTextContent('step 40 of 40');
    expect(screen.getByTestId('console-origin')).toHaveTextContent('step 0 of 40');
    // keys in the console scroll its log or edit its line; they do not step the stepper
    screen.getByRole('log', { name: 'Console output' }).focus();
    await user.keyboard('{Home}{ArrowLeft} ');
    expect(screen.getByTestId('step-counter')).toHaveTextContent('step 40 of 40');
    await user.click(screen.getByRole('button', { name: 'Reset to step 40' }));
    await waitFor(() =>
      expect(screen.getByTestId('console-origin')).toHaveTextContent(
        'step 40 of 40 (after the run)',
      ),
    );
    await enter(user, input, 'ZSCORE emq:{q}:active JOB0KHTOWnGLuA');
    expect(logLines()).toContain('"1764504030250"');
  });

  it('forks afresh on a new run, even with lines typed on the old one', async () => {
    const user = userEvent.setup();
    render(<Stepper traceSource={sim} />);
    await user.click(screen.getByRole('button', { name: /^Console: redis-cli on the server/ }));
    const input = await screen.findByRole('textbox', { name: 'Command' });
    await enter(user, input, 'DEL emq:{q}:active');
    await enter(user, input, 'ZSCORE emq:{q}:active JOB0KHTOWnGLuA');
    expect(logLines().at(-1)).toBe('(nil)');
    // the native twin's run: the console's server is that run's, not the one typed into
    await user.click(screen.getByRole('radio', { name: /^native/ }));
    await waitFor(() => expect(logLines()).not.toContain('(nil)'));
    await enter(user, input, 'ZSCORE emq:{q}:active JOB0KHTOWnGLuA');
    expect(logLines().at(-1)).toBe('"1764504004250"');
  });
});
