import { useEffect, useRef, useState } from 'react';
import { useOpenedBeforeHydration } from '../details-open.ts';
import { sharedIn } from '../../console/share.ts';
import { useEmbedPlace } from '../../embed/in-embed.ts';
import { LazyPanel } from '../lazy-panel.tsx';
import type { StepperConsoleProps } from './StepperConsole.tsx';
import { consoleWords as T } from '../../../content/console.ts';
import s from './console.module.css';

// The console's code (its parser, printer, help and export) is fetched the first time it opens,
// through loadChunk: a chunk that hangs, fails or was removed by a redeploy leaves a message with
// Retry in the console's place, and the stepper keeps working.
const loadStepperConsole = () => import('./StepperConsole.tsx').then((m) => m.default);

const linkOpensIt = () => typeof window !== 'undefined' && sharedIn(window.location) !== null;

/** The stepper's console, closed until asked for (or opened by a link that carries typed lines). */
export function ConsoleDetails(props: StepperConsoleProps) {
  // closed as the build rendered it; a link that carries typed lines opens it once hydrated,
  // so hydration finds the same markup
  const [open, setOpen] = useState(false);
  const { ownsPage } = useEmbedPlace();
  const ref = useRef<HTMLDetailsElement>(null);
  useOpenedBeforeHydration(ref, setOpen);
  useEffect(() => {
    if (ownsPage && linkOpensIt()) setOpen(true);
  }, [ownsPage]);
  return (
    <details
      ref={ref}
      className={s.details}
      open={open}
      onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}
      data-testid="console-details"
    >
      <summary>{T.summary}</summary>
      {open ? (
        <LazyPanel<StepperConsoleProps>
          what="the console"
          load={loadStepperConsole}
          fallback={<p role="status">{T.loading}</p>}
          props={props}
        />
      ) : null}
    </details>
  );
}
