// Debian's chromium, never a downloaded browser. The flags keep it off the network
// (this machine's closed network refuses its background connections) and off the GPU.

/**
 * Where Debian installs chromium, the browser a learner runs: the bench and the README's
 * screenshot measure and show the page in it. CHROMIUM_PATH overrides it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The browser the test suites drive: Debian's `chromium-headless-shell`, built from the same
 * source package and version as the chromium above (the same Blink and V8), without a browser's
 * windows, omnibox and profile services: the headless build Playwright itself drives by default.
 * The browser suite took about a fifth less CPU in it than in the full browser (the browser
 * process about half, and no renderer for the omnibox's popup, which the full browser preloads
 * for each new window). SUITE_CHROMIUM_PATH overrides it: `SUITE_CHROMIUM_PATH=/usr/bin/chromium
 * npm run test:e2e` runs the suite in the full browser.
 */
export const SUITE_CHROMIUM_PATH =
  process.env.SUITE_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

/** The flags every chromium this project starts runs with (Playwright adds its own headless flag). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
