/**
 * The islands as the browser hydrates them. The theme toggle and the copy buttons hydrate at
 * once. The stepper and the fate picker are the big ones: their code is fetched as soon as the
 * reader is near them (at once when they are on screen) or the page goes idle, so the first load
 * carries neither and the lesson is readable and usable before they arrive. Until then each is
 * its prerendered HTML, with its controls disabled as before any hydration. `load` is called
 * through loadChunk (src/page/hydrate-islands.tsx), so a chunk that hangs, is gone or fails leaves
 * that HTML readable with a message and Retry; calling it again is the retry.
 */
import type { ComponentType } from 'react';
import { CopyButton } from '../components/copy-button.tsx';
import { ThemeToggle } from '../components/theme-toggle.tsx';
import type { IslandName } from './islands.ts';

/** An island's component, at hand or fetched on demand. */
export type ClientIsland =
  { eager: ComponentType<object> } | { load: () => Promise<ComponentType<object>> };

export const clientIslands: Readonly<Record<IslandName, ClientIsland>> = {
  stepper: {
    load: () =>
      import('./page-stepper.tsx').then((m) => m.PageStepper as unknown as ComponentType<object>),
  },
  'theme-toggle': { eager: ThemeToggle as unknown as ComponentType<object> },
  copy: { eager: CopyButton as unknown as ComponentType<object> },
  'fate-picker': {
    load: () =>
      import('./page-fate-picker.tsx').then(
        (m) => m.PageFatePicker as unknown as ComponentType<object>,
      ),
  },
  bullmq: {
    load: () =>
      import('./page-bullmq.tsx').then((m) => m.PageBullmq as unknown as ComponentType<object>),
  },
};
