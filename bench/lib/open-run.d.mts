import type { Page } from '@playwright/test';
/** Waits until the page's first stepper holds a run of at least `min` steps. */
export function runOf(page: Page, min: number, timeout?: number): Promise<unknown>;
/** Brings the page's first stepper's stage to the top of the window. */
export function stageInView(page: Page): Promise<void>;
/** Waits until every island of the page has hydrated. */
export function islandsHydrated(page: Page, timeout?: number): Promise<unknown>;
/**
 * Opens `url`, waits for a run of at least `minSteps` steps, brings the stage into view, and
 * waits until the page's islands have hydrated.
 */
export function openRun(page: Page, url: string, minSteps: number, timeout?: number): Promise<void>;
/** Brings the stage into view and shows the tab that holds panel `name`. */
export function showPanel(page: Page, name: string): Promise<void>;
