import type { Page } from '@playwright/test';
export function runBigScenario(page: Page, pairs: number): Promise<number>;
export function watchLongTasks(
  page: Page,
): Promise<() => Promise<{ longest: number; over200: number }>>;
