import type { Page } from '@playwright/test';
/** Waits until the page's first stepper holds a run of at least `min` steps. */
export function runOf(page: Page, min: number, timeout?: number): Promise<unknown>;
/** Brings the page's first stepper's stage to the top of the window. */
export function stageInView(page: Page): Promise<void>;
/** Opens `url`, waits for a run of at least `minSteps` steps, and brings the stage into view. */
export function openRun(page: Page, url: string, minSteps: number): Promise<void>;
/** Brings the stage into view and shows the tab that holds panel `name`. */
export function showPanel(page: Page, name: string): Promise<void>;
