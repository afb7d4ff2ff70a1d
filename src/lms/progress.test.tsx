// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSimTraceSource } from '../stepper/runs/trace-source.ts';
import { decodeHash } from '../scenario/codec.ts';
import { Stepper } from '../components/stepper/index.ts';
import { followStepper } from '../embed/stepper-events.ts';
import { PACKAGE_META } from './kinds.ts';
import { pageEmitter } from './lesson-events.ts';
import { followProgress } from './progress.ts';
import type { Place } from './place.ts';

const sim = createSimTraceSource();

/** The stepper as a course package's page has it: telling the runtime its steps. */
function PackagedStepper() {
  return (
    <Stepper
      traceSource={sim}
      onActor={(actor) => {
        const emit = pageEmitter('stepper');
        if (emit) followStepper(actor, emit);
      }}
    />
  );
}

/** A platform's runtime following the page; `left` holds the place it was told on leaving. */
function startRuntime() {
  const left: Place[] = [];
  const progress = followProgress({
    completed: () => {},
    answered: () => {},
    scored: () => {},
    save: () => {},
    leave: (place) => left.push(place),
  });
  return { left, progress };
}

/** A stepper on the page, stepped forward until its counter reads `step n`. */
async function stepTo(n: number) {
  const view = render(<PackagedStepper />);
  // the page's events start a moment after the stepper (followStepper)
  await act(async () => {});
  const forward = screen.getByRole('button', { name: 'Forward one line' });
  const at = new RegExp(`^step ${n} of`);
  const counter = () => screen.getByTestId('step-counter').textContent ?? '';
  for (let i = 0; i < 2 * n && !at.test(counter()); i++)
    await act(async () => {
      fireEvent.click(forward);
    });
  expect(counter()).toMatch(at);
  return view;
}

/** The learner leaves at once: within the stepper's wait before it writes the hash. */
function leave() {
  act(() => {
    window.dispatchEvent(new Event('pagehide'));
  });
}

/** The step a saved place opens the stepper at. */
const stepOf = (place: Place | undefined) => decodeHash(place?.hash ?? '', 'stepper')?.state?.step;

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  // a page built into a course package, whose stepper tells the runtime each step
  const meta = document.createElement('meta');
  meta.name = PACKAGE_META;
  meta.content = 'scorm2004';
  document.head.append(meta);
});
afterEach(() => {
  cleanup();
  document.head.querySelector(`meta[name="${PACKAGE_META}"]`)?.remove();
});

describe('the place a platform is told when the learner leaves', () => {
  it('is the step the learner left at, when the runtime started before the stepper', async () => {
    const { left } = startRuntime();
    await stepTo(3);
    leave();
    expect(left).toHaveLength(1);
    expect(stepOf(left[0])).toBe(3);
  });

  it('is the step the learner left at, when the stepper started before the runtime', async () => {
    await stepTo(3);
    const { left } = startRuntime();
    leave();
    expect(left).toHaveLength(1);
    expect(stepOf(left[0])).toBe(3);
  });

  it('is the step the learner left at, in a stepper that started after the learner had stepped', async () => {
    const { left } = startRuntime();
    // the first stepper goes (its page changed) and another takes its place
    (await stepTo(2)).unmount();
    await stepTo(4);
    leave();
    expect(left).toHaveLength(1);
    expect(stepOf(left[0])).toBe(4);
  });
});
