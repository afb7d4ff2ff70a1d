import { PACKAGE_KINDS } from '../src/lms/kinds.ts';
import { liveStepper } from './fixtures/lms-walk.ts';
import { PACKAGE_PATH, startPlatform } from './fixtures/platform-host.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Every link the packaged lesson shows, once its islands are up, hosted at a deep path on a
 * platform: each resolves to a file inside the package that the platform serves, or is an
 * absolute https URL (a link that leaves the package opens a new window, so the package's own
 * frame, and the learner's session in it, stays).
 */
for (const kind of PACKAGE_KINDS) {
  test(`${kind}: every link of the packaged lesson stays inside the package or is https`, async ({
    page,
    request,
  }) => {
    const platform = await startPlatform(kind, '<!doctype html><title>LMS</title>');
    try {
      await page.goto(`${platform.url}${PACKAGE_PATH}/index.html`);
      await liveStepper(page);
      // the fate picker hydrates when near the screen: bring it there, and wait for it
      const fate = page.locator('#fate-picker input[type="radio"]').nth(1);
      await fate.scrollIntoViewIfNeeded();
      await fate.check();
      const links = await page.evaluate(() =>
        [...document.querySelectorAll('[href], [src]')].map((e) => ({
          tag: e.tagName.toLowerCase(),
          url: new URL(e.getAttribute('href') ?? e.getAttribute('src')!, document.baseURI).href,
          target: e.getAttribute('target'),
        })),
      );
      expect(links.length).toBeGreaterThan(20);
      const inside = new Set<string>();
      for (const link of links) {
        const url = new URL(link.url);
        if (url.origin === platform.url) {
          expect(url.pathname, link.url).toMatch(new RegExp(`^${PACKAGE_PATH}/`));
          inside.add(`${url.origin}${url.pathname}`);
        } else {
          expect(url.protocol, link.url).toBe('https:');
          if (link.tag === 'a') expect(link.target, link.url).toBe('_blank');
        }
      }
      for (const url of inside) expect((await request.get(url)).status(), url).toBe(200);
      // no Embed here: its snippets and preview name embed pages the package does not hold
      await expect(page.getByRole('button', { name: 'Embed', exact: true })).toHaveCount(0);
    } finally {
      await platform.close(page);
    }
  });
}
