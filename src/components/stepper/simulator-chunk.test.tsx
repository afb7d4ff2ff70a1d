// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A file of its own: the page's simulator loader is one per page (a module's state), and the
// component files share one module graph per worker (vitest.config.ts), so an earlier file may
// have loaded it. This one test needs a page that has not: it imports the stepper afresh, which
// would hand the other tests of a file fresh copies of the modules they import lazily.
beforeEach(() => {
  window.history.replaceState(null, '', '/');
  vi.resetModules();
});
afterEach(cleanup);

describe('the simulator on demand', () => {
  it('loads the real simulator chunk when embedded with no runs of its own', async () => {
    const { Stepper } = await import('./index.ts');
    render(<Stepper />);
    expect(screen.queryByTestId('simulator-loading')).not.toBeNull();
    expect(await screen.findByTestId('step-counter')).toHaveTextContent('step 0 of 40');
  });
});
