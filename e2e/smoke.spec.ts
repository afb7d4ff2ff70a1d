import { test, expect } from '@playwright/test';

test('the lesson page serves its title', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Batch lease extension');
});
