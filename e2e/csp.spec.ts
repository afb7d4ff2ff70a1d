import { readFileSync } from 'node:fs';
import { headersFor, parseHeadersFile } from '../bench/lib/headers-file.mjs';
import { expect, test } from './fixtures/test.ts';

// the file the build copies from public/, which the suite's server sends
const rules = parseHeadersFile(readFileSync('dist/_headers', 'utf8'));

test.describe('served as a static host serves it', () => {
  test('the page and its assets carry exactly the headers of _headers', async ({ page }) => {
    const response = await page.goto('/');
    const html = response!.headers();
    expect(html['content-security-policy']).toContain("script-src 'self'");
    expect(html['content-security-policy']).toContain("style-src 'self'");
    expect(html['content-security-policy']).toContain("frame-ancestors 'self'");
    // the embed pages are framed by course pages anywhere
    const embed = (await page.request.get('/embed/stepper.html')).headers();
    expect(embed['content-security-policy']).toContain('frame-ancestors *');
    expect(embed['content-security-policy']).toContain("script-src 'self'");
    expect(html['x-content-type-options']).toBe('nosniff');
    expect(html['referrer-policy']).toBeTruthy();
    expect(html['permissions-policy']).toBeTruthy();
    expect(html['cache-control']).toBe('no-cache');
    for (const headers of [html, embed]) {
      // no other origin's window keeps a handle on the lesson or an embed page opened alone
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      // script sinks take only what the one policy made, and violations are reported
      expect(headers['content-security-policy']).toContain("require-trusted-types-for 'script'");
      expect(headers['content-security-policy']).toContain('trusted-types batch-lease');
      expect(headers['content-security-policy']).toContain('report-to csp');
      expect(headers['content-security-policy']).toContain('report-uri /csp-report');
      expect(headers['reporting-endpoints']).toBe('csp="/csp-report"');
    }
    for (const [name, value] of Object.entries(headersFor(rules, '/'))) {
      expect(html[name], name).toBe(value);
    }
    const script = await page.locator('script[type=module]').getAttribute('src');
    const asset = await page.request.get(script!);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');
    // a chunk an old deploy named is gone, and says so with a 404
    expect((await page.request.get('/assets/ScenarioEditor-gone.js')).status()).toBe(404);
    expect((await page.request.get('/_headers')).status()).toBe(404);
  });

  test('a stored dark theme applies before the first paint, with no inline script', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('lesson-theme', 'dark'));
    await page.goto('/');
    // pinned by theme-init.js, a blocking script in the head, so before the first paint
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
    expect(await page.locator('script:not([src])').count()).toBe(0);
    expect(await page.locator('[style]').count()).toBe(0);
  });

  test('the problems collector sees a violation (so the suite can fail on one)', async ({
    page,
    problems,
  }) => {
    await page.goto('/');
    // Trusted Types refuse the text of an inline script before script-src would see it
    const refused = await page.evaluate(() => {
      const s = document.createElement('script');
      try {
        s.textContent = 'window.ranInline = true';
      } catch (e) {
        return String(e);
      }
      document.body.append(s);
      return 'taken';
    });
    expect(refused).toMatch(/TrustedScript/);
    await expect.poll(async () => (await problems.unexpected()).csp.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'ranInline' in window)).toBe(false);
    const taken = await problems.take();
    expect(taken.csp.join('\n')).toMatch(/require-trusted-types-for/);
    // and a script URL from another origin cannot pass the one policy the page may create
    const policy = await page.evaluate(() => {
      try {
        const tt = (
          window as unknown as { trustedTypes: { createPolicy(n: string, r: object): unknown } }
        ).trustedTypes;
        tt.createPolicy('attacker', { createScriptURL: (u: string) => u });
        return 'created';
      } catch (e) {
        return String(e);
      }
    });
    expect(policy).not.toBe('created');
    const again = await problems.take();
    expect(again.csp.join('\n')).toMatch(/trusted-types/);
  });
});
