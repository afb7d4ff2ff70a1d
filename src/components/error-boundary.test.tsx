// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '../loading/load-chunk.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { LazyPanel } from './lazy-panel.tsx';

afterEach(cleanup);

let broken = true;
function Fragile() {
  if (broken) throw new Error('boom');
  return <p>working</p>;
}

describe('a part of the page that fails', () => {
  it('says so in the page (never blank) and renders again on Retry', async () => {
    const user = userEvent.setup();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    broken = true;
    render(
      <ErrorBoundary what="the fate picker" onError={onError}>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The fate picker stopped because of an error in the lesson's code (boom).",
    );
    expect(onError).toHaveBeenCalled();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByText('working')).toBeInTheDocument();
    quiet.mockRestore();
  });

  it('imports a failed chunk afresh on Retry, and offers a reload when it is gone', async () => {
    const user = userEvent.setup();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<(p: { n: number }) => React.ReactNode>>()
      .mockRejectedValueOnce(new ChunkLoadError('gone', 'the compare view', null))
      .mockResolvedValue(({ n }) => <p>panel {n}</p>);
    render(<LazyPanel what="the compare view" load={load} fallback={<p>…</p>} props={{ n: 3 }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The compare view is no longer on the server',
    );
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('panel 3')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });
});
