import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyRunLine } from './console/CopyRunLine.tsx';
import { CopyStepLink } from './stepper/CopyStepLink.tsx';

// Both copy buttons fall back to a field the learner copies by hand when the clipboard is
// refused (the async API rejects and the selection copy is refused too).
describe('a copy button the clipboard refuses', () => {
  // after userEvent.setup(), which puts a clipboard of its own on the navigator
  const refuseClipboard = () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('NotAllowedError')) },
      configurable: true,
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
  };
  afterEach(cleanup);

  it('shows the link to this step as it was when asked for', async () => {
    const user = userEvent.setup();
    refuseClipboard();
    let step = 3;
    render(<CopyStepLink link={() => `https://lesson.test/#stepper?k=${step}`} />);
    await user.click(screen.getByRole('button', { name: 'Copy link to this step' }));
    expect(await screen.findByRole('textbox', { name: 'Link to this step' })).toHaveValue(
      'https://lesson.test/#stepper?k=3',
    );
    expect(screen.getByTestId('copy-link-status')).toHaveTextContent(
      'The clipboard was refused; copy the link:',
    );
    step = 4;
    expect(screen.getByRole('textbox', { name: 'Link to this step' })).toHaveValue(
      'https://lesson.test/#stepper?k=3',
    );
  });

  it('shows the run’s EVALSHA line, and the new run’s once the run changes', async () => {
    const user = userEvent.setup();
    refuseClipboard();
    const { rerender } = render(<CopyRunLine line="EVALSHA aaa 1 k" />);
    await user.click(screen.getByRole('button', { name: 'Copy the EVALSHA command for this run' }));
    const field = await screen.findByRole('textbox', { name: 'The EVALSHA command for this run' });
    expect(field).toHaveValue('EVALSHA aaa 1 k');
    expect(screen.getByTestId('run-line-status')).toHaveTextContent(
      'The clipboard was refused; copy the command:',
    );
    rerender(<CopyRunLine line="EVALSHA bbb 1 k" />);
    expect(field).toHaveValue('EVALSHA bbb 1 k');
  });
});
