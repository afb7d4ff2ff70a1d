/**
 * The walls of the house, checked by `npm run deps` (part of `npm run check`). Each rule says
 * which folder may not import which, and why; docs/architecture.md draws the same picture.
 * Test files may reach across walls to set things up, so most rules skip them.
 *
 * Two workspace packages sit under the app, and the app imports them by name only:
 *   packages/redis-sim (@batch-lease/redis-sim): the simulated Redis 7.0 server
 *     core (keyspace, replies, commands, ACL, the dispatcher)
 *     <- Lua engine (src/lua) <- scripting commands and the trace recorder (src/scripting,
 *        src/tracing) <- entries (index.ts full, client.ts light, create-server.ts, module.ts)
 *   packages/echomq (@batch-lease/echomq): EchoMQ on that server: the client (src/client),
 *     the lesson scripts (src/scripts), the native twin (src/native), loaded as a module
 * The app, lowest first (an arrow points at what a layer may import):
 *   scenario (src/scenario) <- the stepper's logic (src/stepper), fates, console
 *     inside src/stepper: what-ifs <- runs <- views <- words <- machine
 *     <- components (src/components) <- page and embeds (src/page, src/embed)
 */
// test files, and a package's test folder (its differential harness reaches inside the package)
const TESTS = '\\.test\\.tsx?$|\\.test-helper\\.tsx?$|^packages/[^/]+/test/';

/**
 * One forbidden dependency, always an error: `why` is what the checker prints beside it.
 * @param {{ name: string, why: string, from: object, to: object }} rule
 */
const forbid = ({ name, why, from, to }) => ({ name, severity: 'error', comment: why, from, to });

/**
 * A subject folder that other folders reach only through its named entries (each entry's
 * TSDoc says what it carries and whether the first load may import it).
 * @param {string} folder the folder under src/
 * @param {string[]} entries its entry files, relative to the folder
 * @param {string} why what the entries split and why
 */
const throughEntries = (folder, entries, why) =>
  forbid({
    name: `${folder.replace(/\//g, '-')}-through-its-entries`,
    why,
    from: { path: '^src/', pathNot: `^src/${folder}/|${TESTS}` },
    to: {
      path: `^src/${folder}/`,
      pathNot: `^src/${folder}/(${entries.map((e) => e.replace(/\./g, '\\.')).join('|')})$`,
    },
  });

/** What each package's `exports` map opens: the only files another package or the app may reach. */
const PACKAGE_ENTRIES =
  '^packages/redis-sim/(src/(index|client)\\.ts|fixtures/.*)$|^packages/echomq/src/(index|module)\\.ts$';
/** The simulator's differential harness (`./differential/*`), and the folders that may use it. */
const HARNESS = '^packages/redis-sim/test/differential/';
const PROVERS = '^(tests|e2e|bench|scripts)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid({
      name: 'no-circular',
      why: 'An import circle makes load order matter and hides which module is the lower one.',
      from: {},
      to: { circular: true },
    }),
    forbid({
      name: 'packages-stay-plain-typescript',
      why: 'The packages run in node tests, the build and the browser: no React or XState.',
      from: { path: '^packages/' },
      to: { path: 'node_modules/(react|react-dom|xstate|@xstate)/' },
    }),
    forbid({
      name: 'packages-know-nothing-of-the-app',
      why: 'A package is the bottom of the house and usable by any lesson: it never imports the app (src/, content/).',
      from: { path: '^packages/', pathNot: TESTS },
      to: { path: '^(src|content)/' },
    }),
    forbid({
      name: 'redis-sim-knows-nothing-of-the-lesson',
      why: 'The simulator is a Redis 7.0 server with a general trace and nothing more, its tests included: EchoMQ and its lesson load into it as a module (module.ts: commands, and stories that tell a script in their own kinds of step), never the other way round.',
      from: { path: '^packages/redis-sim/' },
      to: { path: '^packages/echomq/|^(src|content)/' },
    }),
    forbid({
      name: 'app-imports-packages-by-name',
      why: 'The app, its tests, scripts and benches import a package by its name (@batch-lease/redis-sim, @batch-lease/echomq), never by a relative path into it, so its exports map stays the only door.',
      from: { path: '^(src|tests|bench|scripts|e2e|content)/' },
      // a name resolves through the workspace link (aliased-workspace), or, from bench/ (a package
      // of its own, no workspace), through the root's node_modules (undetermined); a relative
      // path is neither
      to: { path: '^packages/', dependencyTypesNot: ['aliased-workspace', 'undetermined'] },
    }),
    forbid({
      name: 'packages-through-their-entries',
      why: 'Outside a package, it is reached through its exports only: @batch-lease/redis-sim (index.ts, the server), @batch-lease/redis-sim/client (light), @batch-lease/redis-sim/fixtures/*, @batch-lease/echomq (light) and @batch-lease/echomq/module (the module a server loads).',
      from: { pathNot: `^packages/|${TESTS}|${PROVERS}` },
      to: { path: '^packages/', pathNot: PACKAGE_ENTRIES },
    }),
    forbid({
      name: 'packages-through-their-entries',
      why: "Tests, benches and the test scripts reach a package through its exports too, and may also use the simulator's differential harness (@batch-lease/redis-sim/differential/*).",
      from: { path: PROVERS },
      to: { path: '^packages/', pathNot: `${PACKAGE_ENTRIES}|${HARNESS}` },
    }),
    forbid({
      name: 'packages-meet-through-entries',
      why: 'One package reaches another through its exports only, as a package from a registry would be reached (echomq imports @batch-lease/redis-sim, never its files).',
      from: { path: '^packages/([^/]+)/', pathNot: TESTS },
      to: {
        path: '^packages/',
        pathNot: `^packages/$1/|${PACKAGE_ENTRIES}`,
      },
    }),
    forbid({
      name: 'vocabulary-imports-nothing',
      why: 'The vocabulary (ids and the types derived from them) is the floor every layer stands on: plain data that imports nothing.',
      from: { path: '^src/vocabulary/', pathNot: TESTS },
      to: { path: '.' },
    }),
    forbid({
      name: 'core-below-engine-and-models',
      why: 'The core (commands, ACL, keyspace, dispatcher) knows nothing of Lua, scripting or the trace recorder; create-server.ts assembles them, module.ts names what a module adds, index.ts and client.ts re-export them.',
      from: {
        path: '^packages/redis-sim/src/(commands/|acl/|[^/]+\\.ts$)',
        pathNot: `^packages/redis-sim/src/(create-server|index|client|module)\\.ts$|${TESTS}`,
      },
      to: { path: '^packages/redis-sim/src/(lua|scripting|tracing)/' },
    }),
    forbid({
      name: 'engine-below-server',
      why: 'The Lua engine reaches the server only through the redis.call bridge it is given, so it can run without one.',
      from: { path: '^packages/redis-sim/src/lua/', pathNot: TESTS },
      to: {
        path: '^packages/redis-sim/src/(commands|acl|scripting|tracing)/|^packages/redis-sim/src/(server|connection|create-server|index|client|module)\\.ts$',
      },
    }),
    forbid({
      name: 'lua-through-its-entry',
      why: "The Lua engine's interpreter and libraries are its own business: the rest of the simulator uses it through src/lua/index.ts, so they can change behind that surface.",
      from: { path: '^packages/redis-sim/', pathNot: `^packages/redis-sim/src/lua/|${TESTS}` },
      to: { path: '^packages/redis-sim/src/lua/(?!index\\.ts$)' },
    }),
    forbid({
      name: 'native-twin-beside-client',
      why: 'The native twin is a module command of its own: it shares the server with the client, never the client itself.',
      from: { path: '^packages/echomq/src/native/', pathNot: TESTS },
      to: { path: '^packages/echomq/src/(client/|index\\.ts$)' },
    }),
    forbid({
      name: 'client-never-reaches-server',
      why: "The EchoMQ client builds keys, checks ids and reads replies; it talks to a server only through a connector, so a page can use it without loading one. It may read the script texts it sends and the simulator's light entry.",
      from: { path: '^packages/echomq/src/client/', pathNot: TESTS },
      to: {
        path: '^packages/echomq/src/(native/|module\\.ts$)|^packages/echomq/src/scripts/(?!lua-source\\.ts$)|^packages/redis-sim/src/(?!client\\.ts$)',
      },
    }),
    throughEntries(
      'scenario',
      ['index.ts', 'server.ts', 'base64url.ts'],
      "Outside its folder a scenario is reached through index.ts (types, presets, the link codec, checks: light enough for the first load), server.ts (a simulated server built for it) or base64url.ts (the links' text encoding, a leaf the console's link shares).",
    ),
    throughEntries(
      'stepper',
      ['index.ts', 'simulate.ts', 'prerender.ts'],
      'Outside its folder the stepper is reached through index.ts (machine, runs, views, words, what-ifs), simulate.ts (runs the simulator: load it lazily) or prerender.ts (the build only).',
    ),
    throughEntries(
      'console',
      ['index.ts', 'share.ts', 'off-thread.ts'],
      "Outside its folder the console is reached through index.ts (the session, which runs a server: the console's lazy chunk only), share.ts (a link's typed lines, light enough for eager code) or off-thread.ts (a stepper's runs in the console's worker, light enough for eager code).",
    ),
    throughEntries(
      'fates',
      ['index.ts', 'picker.ts'],
      "Outside its folder the fate picker's logic is reached through picker.ts (the catalogue, the words, answers as data: light enough for eager code) or index.ts (adds the computation, which runs the simulator).",
    ),
    throughEntries(
      'loading',
      ['index.ts'],
      'Loading a chunk has one entry, so every lazy import fails in the same words.',
    ),
    forbid({
      name: 'logic-below-ui',
      why: 'Scenarios, runs, machines, fates, the console session, loading and content are plain logic: they never import components, the page or the embeds.',
      from: { path: '^src/(scenario|stepper|fates|console|loading|content)/', pathNot: TESTS },
      to: { path: '^src/(components|page|embed)/' },
    }),
    forbid({
      name: 'scenario-below-stepper',
      why: 'A scenario and its link are what the stepper, the fate picker and the console run on; they name what-ifs and predictions through the vocabulary, never by importing those layers.',
      from: { path: '^src/scenario/', pathNot: TESTS },
      to: { path: '^src/(stepper|fates|console)/' },
    }),
    forbid({
      name: 'logic-without-react',
      why: 'Only components, the page and the embeds render; the stepper machine may use XState, nothing below it may.',
      from: { path: '^src/(scenario|stepper|fates|console|loading|content)/', pathNot: TESTS },
      to: { path: 'node_modules/(react|react-dom)/' },
    }),
    forbid({
      name: 'xstate-only-in-the-machine-and-up',
      why: "State machines live in src/stepper/machine; the stepper's runs, views, words and what-ifs, scenarios, fates, the console session, loading and content stay plain functions and data.",
      from: {
        path: '^src/(scenario|fates|console|loading|content|stepper/(?!machine/))',
        pathNot: TESTS,
      },
      to: { path: 'node_modules/(xstate|@xstate)/' },
    }),
    forbid({
      name: 'what-ifs-below-runs',
      why: "The what-ifs (the counterfactual variants and the script edits that make them) are data about the lesson's script: every other part of the stepper reads them, they read none of it.",
      from: { path: '^src/stepper/what-ifs/', pathNot: TESTS },
      to: { path: '^src/stepper/(runs|views|words|machine)/' },
    }),
    forbid({
      name: 'runs-below-views',
      why: 'A run (its trace, its index, where it is fetched from) is what every view is computed from; it never depends on how it is shown, told or driven.',
      from: { path: '^src/stepper/runs/', pathNot: TESTS },
      to: { path: '^src/stepper/(views|words|machine)/' },
    }),
    forbid({
      name: 'views-never-import-the-machine',
      why: 'A view is a pure function of a run and a step, so panels, tests and the bench can compute it without a machine; the words that tell a step are built on views, not the other way round.',
      from: { path: '^src/stepper/views/', pathNot: TESTS },
      to: { path: '^src/stepper/(words|machine)/' },
    }),
    forbid({
      name: 'words-below-the-machine',
      why: 'The words (narration, reply formats, error explanations) are computed from a run and its views, so the machine can hold them and the console can reuse them; they never reach the machine.',
      from: { path: '^src/stepper/words/', pathNot: TESTS },
      to: { path: '^src/stepper/machine/' },
    }),
    forbid({
      name: 'components-below-page',
      why: "Components are parts; the page and the embed entries (the embed page, the custom elements) put them together. The embed layer's own parts (the Embed button and dialog, host events, the in-embed context) are components too.",
      from: { path: '^src/components/', pathNot: TESTS },
      to: { path: '^src/page/|^src/embed/((EmbedApp|embed-main|element)\\.tsx|embed-data\\.ts)$' },
    }),
    forbid({
      name: 'ui-uses-the-light-entries',
      why: 'Components, the page and the embeds import the simulator and EchoMQ through their light entries (@batch-lease/redis-sim/client, @batch-lease/echomq: no server); only modules that run a server import @batch-lease/redis-sim or @batch-lease/echomq/module.',
      from: { path: '^src/(components|page|embed)/', pathNot: TESTS },
      to: { path: '^packages/redis-sim/src/index\\.ts$|^packages/echomq/src/module\\.ts$' },
    }),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    // the workspace packages resolve through their exports maps, which point at .ts sources
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    // virtual:* modules exist only inside the Vite build
    moduleSystems: ['es6'],
  },
};
