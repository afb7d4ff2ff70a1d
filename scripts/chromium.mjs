// Debian's chromium, never a downloaded browser. The flags keep it off the network
// (this machine's closed network refuses its background connections) and off the GPU.

/** Where Debian installs chromium; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
