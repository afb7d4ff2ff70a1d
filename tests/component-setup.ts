// Every component test waits for real things (a lazy chunk, a simulated server's run, React's
// commit) with testing-library's findBy/waitFor. Their one-second default measures the
// machine, not the code: on a loaded 2-core runner a correct component can miss it. The wait
// here is a ceiling for something that must happen, never a speed assertion (10 s was missed
// once at a load average of 35, by the console opening in console-script.test.tsx). Only files that
// run in jsdom render components, so only they load testing-library.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 30_000 });
  const { afterAll, beforeAll, vi } = await import('vitest');

  // The component project shares one jsdom and one module graph per worker (`isolate: false`
  // in vitest.config.ts), so what a file leaves behind, the next file in that worker sees. A
  // file ends as it found the page: nothing left in the body or added to the head, nothing in
  // storage, real timers. A leak fails the file that made it, in any order, not a later file
  // by chance of the order. (Mocks are restored between files by vitest itself; files that set
  // the URL or the drafts kept in memory set or forget them in their own hooks.)
  let head = 0;
  beforeAll(() => {
    head = document.head.childNodes.length;
  });
  afterAll(() => {
    const left = [
      document.body.childNodes.length > 0 && `${document.body.childNodes.length} nodes in the body`,
      document.head.childNodes.length !== head && 'nodes added to the head',
      sessionStorage.length > 0 && `session storage (${Object.keys(sessionStorage).join(', ')})`,
      localStorage.length > 0 && `local storage (${Object.keys(localStorage).join(', ')})`,
      vi.isFakeTimers() && 'fake timers',
    ].filter(Boolean);
    if (left.length === 0) return;
    // cleared once told, so only the file that leaked fails, not every file after it
    document.body.replaceChildren();
    sessionStorage.clear();
    localStorage.clear();
    vi.useRealTimers();
    throw new Error(`this file left behind, for the next file in its worker: ${left.join('; ')}`);
  });
}

export {};
