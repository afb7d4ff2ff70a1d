// Remakes docs/screenshot.png, the picture the README opens with: the built lesson at 1280×900
// in Debian's chromium, with the stepper at the step that re-scores the first member.
// Run `npm run build` first, then `node scripts/readme-screenshot.mjs`.
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { serveStatic } from '../bench/lib/static-server.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = resolve(import.meta.dirname, '..');
const { url, close } = await serveStatic(resolve(root, 'dist'));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // the state travels in the hash, as a shared link carries it
  await page.goto(`${url}#stepper?preset=default&x=script&k=12`, { waitUntil: 'networkidle' });
  // the picture is taken once the stepper has hydrated and shows the step the link names
  const counter = page.getByTestId('step-counter').first();
  await counter.scrollIntoViewIfNeeded();
  await counter.filter({ hasText: /^step 12 of/ }).waitFor();
  await page.locator('fieldset[data-live]').first().waitFor({ state: 'attached' });
  await page.screenshot({ path: resolve(root, 'docs/screenshot.png') });
} finally {
  await browser.close();
  await close();
}
