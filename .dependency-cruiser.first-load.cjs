/**
 * The first-load boundary, proved on the code rather than by a bundler flag: from the page's
 * entry and the islands' hydration it fetches once the page has painted, from each island and
 * embed entry, and from the light simulator entry, the static imports that survive compilation
 * (no `import type`, no dynamic `import()`) never reach the server, its commands, the ACL layer
 * or the Lua engine. Those arrive in lazily loaded chunks.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'first-load-stays-light',
      severity: 'error',
      comment:
        'An eager import of the server or the engine would put it in the first load or in an island chunk; load it through loadChunk instead.',
      from: {
        path: '^src/(main\\.tsx|page/(hydrate-islands|page-stepper|page-fate-picker)\\.tsx|embed/(embed-main|element)\\.tsx|sim/client\\.ts)$',
      },
      to: {
        path: '^src/sim/(server|connection|create-server|index)\\.ts$|^src/sim/(commands|acl|lua|scripting)/',
        reachable: true,
      },
    },
  ],
  options: {
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { dynamic: true },
    moduleSystems: ['es6'],
  },
};
