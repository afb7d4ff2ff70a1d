import type { Page } from '@playwright/test';
/** Sends `count` commands to the first stepper, each at the start of a frame; each one's time to paint (ms). */
export function walkStage(
  page: Page,
  walk: {
    mode: 'step' | 'scrub';
    count: number;
    targets?: readonly number[];
    atEnd?: 'home' | 'turn';
  },
): Promise<number[]>;
