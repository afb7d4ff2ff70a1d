/**
 * The first-load boundary, proved on the code rather than by a bundler flag: from the page's
 * entry and the islands' hydration it fetches once the page has painted, from each island and
 * embed entry, and from the packages' light entries, the static imports that survive compilation
 * (no `import type`, no dynamic `import()`) never reach the server, its commands, the ACL layer
 * or the Lua engine. Those arrive in lazily loaded chunks. And the console's chunk (its
 * components and the page's side of src/console) never reaches them either: the simulator that
 * answers it runs in a worker, and is loaded on the page only where no worker starts.
 */
/** The simulated server, its commands, the ACL layer and the Lua engine. */
const SERVER =
  '^packages/redis-sim/src/(server|connection|create-server|index|module)\\.ts$|^packages/redis-sim/src/(commands|acl|lua|scripting|tracing)/';
/** EchoMQ's module, which a server loads (its native twin's commands). */
const ECHOMQ_SERVER = '^packages/echomq/src/(module\\.ts|native/(extend|extends|host)\\.ts)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'first-load-stays-light',
      severity: 'error',
      comment:
        'An eager import of the server or the engine would put it in the first load or in an island chunk; load it through loadChunk instead.',
      from: {
        path: '^src/(main\\.tsx|page/(hydrate-islands|page-stepper|page-fate-picker)\\.tsx|embed/(embed-main|element)\\.tsx)$|^packages/redis-sim/src/client\\.ts$|^packages/echomq/src/index\\.ts$',
      },
      to: {
        path: `${SERVER}|${ECHOMQ_SERVER}`,
        reachable: true,
      },
    },
    {
      name: 'second-client-never-loads-the-server',
      severity: 'error',
      comment:
        'A line typed while a script runs is answered by the second client in its own worker (src/console/stand-in.ts); an eager import of the server here would let the page build a simulator for it, the freeze the worker exists to prevent.',
      from: { path: '^src/console/second-client\\.ts$' },
      to: {
        path: SERVER,
        reachable: true,
      },
    },
    {
      name: 'console-page-never-loads-the-server',
      severity: 'error',
      comment:
        "The console's chunk sends each line to the simulator's worker and only shows the answer; an eager import of the server here would make the page download and run the simulator while the worker does the work. The page's own server is loaded through loadChunk (src/console/page-port.ts) only where no worker starts.",
      from: {
        path: '^src/console/index\\.ts$|^src/components/console/[^/]+\\.tsx?$',
        pathNot: '\\.test\\.tsx?$',
      },
      to: {
        path: `${SERVER}|${ECHOMQ_SERVER}`,
        reachable: true,
      },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    // A worker's entry is imported as `?worker&url`: the page gets the URL of the worker's own
    // bundle, never its code, so what the worker imports is not the page's to load.
    doNotFollow: { path: 'node_modules|^src/console/console-worker\\.ts$' },
    // the workspace packages resolve through their exports maps, which point at .ts sources
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    exclude: { dynamic: true },
    moduleSystems: ['es6'],
  },
};
