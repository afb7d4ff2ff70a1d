// Every component test waits for real things (a lazy chunk, a simulated server's run, React's
// commit) with testing-library's findBy/waitFor. Their one-second default measures the
// machine, not the code: on a loaded 2-core runner a correct component can miss it. The wait
// here is a ceiling for something that must happen, never a speed assertion (10 s was missed
// once at a load average of 35, by the console opening in console-script.test.tsx). Only files that
// run in jsdom render components, so only they load testing-library.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 30_000 });
}

export {};
