// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BullmqStepper } from './index.ts';

afterEach(cleanup);

// The run view's chunk carries the runs the build makes (virtual:bullmq-runs); in a test the
// plugin makes them on the simulator when the chunk is first imported, seconds on a busy
// machine. Imported once here, so no test's wait for the run view includes that.
beforeAll(() => import('./BullmqRunView.tsx'));

const start = async () => {
  const user = userEvent.setup();
  render(<BullmqStepper version="6.7.0" license="MIT" />);
  await user.click(screen.getByRole('button', { name: 'Step BullMQ’s script' }));
  await screen.findByTestId('bullmq-run');
  return user;
};

const keyRow = (key: string) =>
  within(screen.getByTestId('bullmq-keys'))
    .getAllByRole('row')
    .find((r) => r.querySelector('td')?.textContent === key);

describe('the BullMQ stepper', () => {
  it('names the installed version and licence, and steps nothing until asked', () => {
    render(<BullmqStepper version="6.7.0" license="MIT" />);
    expect(screen.getByText(/BullMQ 6\.7\.0, MIT licence/)).toBeInTheDocument();
    expect(screen.queryByTestId('bullmq-run')).toBeNull();
  });

  it('steps BullMQ’s script line by line: the call it made, its reply, the lock’s new time to live', async () => {
    const user = await start();
    // before the first step: the live lease's lock has the 4 s it was left with
    expect(keyRow('bull:q:JOB0KHTOWnGLuA:lock')).toHaveTextContent('4000 ms');
    expect(within(screen.getByTestId('calls')).queryAllByRole('listitem')).toHaveLength(0);
    // step until the first call is made: the GET of the first lock, with its reply
    while (within(screen.getByTestId('calls')).queryAllByRole('listitem').length === 0) {
      await user.click(screen.getByRole('button', { name: 'Step forward' }));
    }
    expect(screen.getByTestId('calls')).toHaveTextContent('GET bull:q:JOB0KHTOWnGLuA:lock');
    expect(screen.getByTestId('locals')).toHaveTextContent('stalledKey');
    await user.click(screen.getByRole('button', { name: 'Last step' }));
    // renewed with PX: 30 s from the clock; the other three held ids come back
    expect(keyRow('bull:q:JOB0KHTOWnGLuA:lock')).toHaveTextContent('30000 ms');
    expect(keyRow('bull:q:stalled')).toHaveTextContent('[JOB0KHTP2xVbQe, JOB0KHTQ8mRsLd]');
    expect(screen.getByTestId('bullmq-reply')).toHaveTextContent(
      '1) "JOB0KHTP2xVbQe" 2) "JOB0KHTQ8mRsLd" 3) "JOB0KHTR5cWyNf"',
    );
    expect(screen.getByTestId('changes')).toHaveTextContent(
      'bull:q:stalled · set [JOB0KHTOWnGLuA, JOB0KHTP2xVbQe, JOB0KHTQ8mRsLd] → [JOB0KHTP2xVbQe, JOB0KHTQ8mRsLd]',
    );
  });

  it('shows what BullMQ’s client sent, the packed tokens and ids read out as strings', async () => {
    await start();
    const sent = screen.getByTestId('bullmq-sent');
    const row = (slot: string) =>
      within(sent)
        .getAllByRole('row')
        .find((r) => r.querySelector('th')?.textContent === slot)!;
    expect(row('KEYS[1]')).toHaveTextContent('bull:q:stalled');
    expect(row('ARGV[2]')).toHaveTextContent('"\\x94\\xa11\\xa11\\xa11\\xa11"');
    expect(row('ARGV[2]')).toHaveTextContent('4 strings: ["1", "1", "1", "1"]');
    expect(row('ARGV[3]')).toHaveTextContent(
      '4 strings: ["JOB0KHTOWnGLuA", "JOB0KHTP2xVbQe", "JOB0KHTQ8mRsLd", "JOB0KHTR5cWyNf"]',
    );
    expect(row('ARGV[4]')).toHaveTextContent('30000not packed');
  });

  it('compares with EchoMQ on the same held jobs: a lapsed lease that was not reaped', async () => {
    const user = userEvent.setup();
    render(<BullmqStepper version="6.7.0" license="MIT" />);
    await user.click(screen.getByRole('radio', { name: /lapsed but was not reaped/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Compare with EchoMQ' }));
    await user.click(screen.getByRole('button', { name: 'Step BullMQ’s script' }));
    const compare = await screen.findByTestId('bullmq-compare');
    const row = within(compare)
      .getAllByRole('row')
      .find((r) => r.textContent?.startsWith('JOB0KHTV9gLpHt'))!;
    // EchoMQ re-scores the past score still in active; BullMQ's lock key is already gone
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'extended', 'failed']);
    expect(compare).toHaveTextContent('EchoMQ @extend_locks2 answers []');
    expect(compare).toHaveTextContent('BullMQ extendLocks answers ["JOB0KHTV9gLpHt"]');
  });
});
