/**
 * The dependency rules (.dependency-cruiser.cjs and .dependency-cruiser.first-load.cjs) fail
 * when broken: a small tree in a temporary folder breaks every rule once, on purpose, and the
 * same command that `npm run deps` runs must name each broken rule at the file that broke it.
 * That the real tree breaks none is `npm run deps` itself (a step of `npm run check`), not
 * run a second time here.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CRUISED, drawGraph, graphIn } from '../scripts/architecture-graph.mjs';
import { firstLoadEntries } from '../scripts/first-load-entries.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const CONFIGS = ['.dependency-cruiser.cjs', '.dependency-cruiser.first-load.cjs'] as const;
const BIN = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const run = promisify(execFile);
// a cruise of the whole tree parses every module with TypeScript: minutes on a loaded machine
const CRUISE_WAIT_MS = 240_000;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

async function violations(cwd: string, config: string): Promise<Violation[]> {
  // what `npm run deps` gives each config: the folders a rule judges (those the broken tree
  // has), or the first-load rules' entries
  const from =
    config === CONFIGS[0] ? CRUISED.filter((f) => existsSync(join(cwd, f))) : firstLoadEntries(cwd);
  // depcruise exits non-zero when it finds violations; the JSON report is on stdout either way
  const out = await run(
    process.execPath,
    [BIN, ...from, '--config', config, '--output-type', 'json'],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
  const report = JSON.parse(out.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations;
}

function ruleNames(config: string): string[] {
  const require = createRequire(import.meta.url);
  const { forbidden } = require(join(ROOT, config)) as { forbidden: { name: string }[] };
  return forbidden.map((r) => r.name);
}

/** Each file of the broken tree, what it imports, and the rule that import breaks. */
const BROKEN: { file: string; imports: string[]; breaks: string | null }[] = [
  { file: 'packages/redis-sim/src/loop-a.ts', imports: ['./loop-b.ts'], breaks: 'no-circular' },
  // a circle is reported once, at the module the cruise meets first
  { file: 'packages/redis-sim/src/loop-b.ts', imports: ['./loop-a.ts'], breaks: null },
  {
    file: 'packages/redis-sim/src/renders.ts',
    imports: ['react'],
    breaks: 'packages-stay-plain-typescript',
  },
  {
    file: 'packages/redis-sim/src/reaches-up.ts',
    imports: ['../../../src/stepper/runs/plain.ts'],
    breaks: 'packages-know-nothing-of-the-app',
  },
  {
    file: 'packages/redis-sim/src/loads-emq.ts',
    imports: ['@batch-lease/echomq'],
    breaks: 'redis-sim-knows-nothing-of-the-lesson',
  },
  // a test of the simulator's, which packages-know-nothing-of-the-app lets reach the app, may not
  {
    file: 'packages/redis-sim/src/tracing/told.test.ts',
    imports: ['../../../../src/stepper/runs/plain.ts'],
    breaks: 'redis-sim-knows-nothing-of-the-lesson',
  },
  // by a relative path even to an entry: the name is the only door
  {
    file: 'src/scenario/reaches-in.ts',
    imports: ['../../packages/redis-sim/src/index.ts'],
    breaks: 'app-imports-packages-by-name',
  },
  {
    file: 'src/console/session.ts',
    imports: ['../../packages/redis-sim/src/keyspace.ts'],
    breaks: 'packages-through-their-entries',
  },
  // the rule judges the app's tests and benches too (bench/ is a package of its own, no workspace)
  {
    file: 'tests/reaches-in.ts',
    imports: ['../packages/redis-sim/src/keyspace.ts'],
    breaks: 'app-imports-packages-by-name',
  },
  {
    file: 'bench/reaches-in.ts',
    imports: ['../packages/redis-sim/src/index.ts'],
    breaks: 'app-imports-packages-by-name',
  },
  { file: 'bench/by-name.ts', imports: ['@batch-lease/redis-sim'], breaks: null },
  {
    file: 'packages/echomq/src/scripts/deep.ts',
    imports: ['../../../redis-sim/src/keyspace.ts'],
    breaks: 'packages-meet-through-entries',
  },
  {
    file: 'src/vocabulary/index.ts',
    imports: ['@batch-lease/redis-sim/client'],
    breaks: 'vocabulary-imports-nothing',
  },
  {
    file: 'packages/redis-sim/src/commands/evals.ts',
    imports: ['../lua/engine.ts'],
    breaks: 'core-below-engine-and-models',
  },
  {
    file: 'packages/redis-sim/src/lua/engine.ts',
    imports: ['../server.ts'],
    breaks: 'engine-below-server',
  },
  {
    file: 'packages/redis-sim/src/tracing/reads-frames.ts',
    imports: ['../lua/interpreter/frame.ts'],
    breaks: 'lua-through-its-entry',
  },
  { file: 'packages/redis-sim/src/lua/interpreter/frame.ts', imports: [], breaks: null },
  {
    file: 'packages/echomq/src/native/twin.ts',
    imports: ['../client/verbs.ts'],
    breaks: 'native-twin-beside-client',
  },
  {
    file: 'packages/echomq/src/client/verb.ts',
    imports: ['@batch-lease/redis-sim'],
    breaks: 'client-never-reaches-server',
  },
  {
    file: 'src/stepper/runs/plain.ts',
    imports: ['../../components/part.tsx'],
    breaks: 'logic-below-ui',
  },
  { file: 'src/scenario/renders.ts', imports: ['react'], breaks: 'logic-without-react' },
  { file: 'src/stepper/words/renders.ts', imports: ['react'], breaks: 'logic-without-react' },
  {
    file: 'src/scenario/codec.ts',
    imports: ['../stepper/runs/plain.ts'],
    breaks: 'scenario-below-stepper',
  },
  {
    file: 'src/fates/machine.ts',
    imports: ['xstate'],
    breaks: 'xstate-only-in-the-machine-and-up',
  },
  // inside the stepper: what-ifs <- runs <- views <- words <- machine
  {
    file: 'src/stepper/views/drives.ts',
    imports: ['xstate'],
    breaks: 'xstate-only-in-the-machine-and-up',
  },
  {
    file: 'src/stepper/what-ifs/reads-runs.ts',
    imports: ['../runs/plain.ts'],
    breaks: 'what-ifs-below-runs',
  },
  { file: 'src/stepper/runs/shown.ts', imports: ['../views/view.ts'], breaks: 'runs-below-views' },
  {
    file: 'src/stepper/views/view.ts',
    imports: ['../machine/machine.ts'],
    breaks: 'views-never-import-the-machine',
  },
  {
    file: 'src/stepper/words/tells.ts',
    imports: ['../machine/machine.ts'],
    breaks: 'words-below-the-machine',
  },
  { file: 'src/stepper/machine/machine.ts', imports: [], breaks: null },
  {
    file: 'src/components/part.tsx',
    imports: ['../page/whole.tsx'],
    breaks: 'components-below-page',
  },
  {
    file: 'src/page/whole.tsx',
    imports: ['@batch-lease/redis-sim'],
    breaks: 'ui-uses-the-light-entries',
  },
  // subject folders reached from outside only through their entries
  {
    file: 'src/components/reads-scenario.tsx',
    imports: ['../scenario/types.ts'],
    breaks: 'scenario-through-its-entries',
  },
  {
    file: 'src/components/reads-runs.tsx',
    imports: ['../stepper/runs/plain.ts'],
    breaks: 'stepper-through-its-entries',
  },
  {
    file: 'src/components/keeps-history.tsx',
    imports: ['../console/history.ts'],
    breaks: 'console-through-its-entries',
  },
  {
    file: 'src/components/picks.tsx',
    imports: ['../fates/present.ts'],
    breaks: 'fates-through-its-entries',
  },
  {
    file: 'src/page/loads.tsx',
    imports: ['../loading/load-chunk.ts'],
    breaks: 'loading-through-its-entries',
  },
  {
    file: 'src/components/uses-entries.tsx',
    imports: [
      '../scenario/index.ts',
      '../scenario/server.ts',
      '../scenario/base64url.ts',
      '../stepper/index.ts',
      '../stepper/simulate.ts',
      '../console/share.ts',
      '../loading/index.ts',
      '../fates/picker.ts',
      '../fates/index.ts',
      '@batch-lease/redis-sim/client',
      '@batch-lease/echomq',
    ],
    breaks: null,
  },
  // the first-load boundary: an island entry whose static imports reach the server
  { file: 'src/page/page-stepper.tsx', imports: ['@batch-lease/redis-sim/client'], breaks: null },
  { file: 'packages/redis-sim/src/client.ts', imports: ['./acl/users.ts'], breaks: null },
  { file: 'packages/redis-sim/src/acl/users.ts', imports: [], breaks: 'first-load-stays-light' },
  // the console's second client, on the page: the simulator that answers it is in a worker
  {
    file: 'src/console/second-client.ts',
    imports: ['./worker-start.ts', '@batch-lease/redis-sim'],
    breaks: 'second-client-never-loads-the-server',
  },
  { file: 'src/console/worker-start.ts', imports: [], breaks: null },
  // the console's chunk, on the page: the simulator answers it in a worker, or loads lazily
  {
    file: 'src/console/index.ts',
    imports: ['./fork.ts'],
    breaks: 'console-page-never-loads-the-server',
  },
  { file: 'src/console/fork.ts', imports: ['@batch-lease/redis-sim'], breaks: null },
  // leaves the tree needs so every import resolves
  { file: 'packages/redis-sim/src/server.ts', imports: [], breaks: null },
  { file: 'packages/redis-sim/src/keyspace.ts', imports: [], breaks: null },
  { file: 'packages/redis-sim/src/index.ts', imports: [], breaks: null },
  { file: 'packages/echomq/src/index.ts', imports: [], breaks: null },
  { file: 'packages/echomq/src/module.ts', imports: [], breaks: null },
  { file: 'packages/echomq/src/client/verbs.ts', imports: [], breaks: null },
  { file: 'src/scenario/types.ts', imports: [], breaks: null },
  { file: 'src/scenario/index.ts', imports: [], breaks: null },
  { file: 'src/scenario/server.ts', imports: [], breaks: null },
  { file: 'src/scenario/base64url.ts', imports: [], breaks: null },
  { file: 'src/stepper/index.ts', imports: [], breaks: null },
  { file: 'src/stepper/simulate.ts', imports: [], breaks: null },
  { file: 'src/console/history.ts', imports: [], breaks: null },
  { file: 'src/console/share.ts', imports: [], breaks: null },
  { file: 'src/loading/load-chunk.ts', imports: [], breaks: null },
  { file: 'src/loading/index.ts', imports: [], breaks: null },
  { file: 'src/fates/present.ts', imports: [], breaks: null },
  { file: 'src/fates/picker.ts', imports: [], breaks: null },
  { file: 'src/fates/index.ts', imports: [], breaks: null },
];

/** The workspace packages, linked into the broken tree's node_modules as npm links them. */
const PACKAGES = ['redis-sim', 'echomq'] as const;

let broken: string;

beforeAll(() => {
  broken = mkdtempSync(join(tmpdir(), 'walls-'));
  for (const { file, imports } of BROKEN) {
    mkdirSync(dirname(join(broken, file)), { recursive: true });
    const lines = imports.map(
      (m, i) => `import * as m${i} from '${m}';\nexport const u${i} = m${i};`,
    );
    writeFileSync(join(broken, file), `${lines.join('\n')}\nexport const here = 1;\n`);
  }
  for (const config of CONFIGS) copyFileSync(join(ROOT, config), join(broken, config));
  copyFileSync(join(ROOT, 'tsconfig.json'), join(broken, 'tsconfig.json'));
  // a workspace root, so a package imported by name is a workspace import, as in the real tree
  writeFileSync(
    join(broken, 'package.json'),
    JSON.stringify({ name: 'broken', private: true, workspaces: ['packages/*'] }),
  );
  // the real node_modules, except that @batch-lease/* link to the broken tree's packages
  mkdirSync(join(broken, 'node_modules/@batch-lease'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'node_modules'))) {
    if (entry === '@batch-lease') continue;
    symlinkSync(join(ROOT, 'node_modules', entry), join(broken, 'node_modules', entry));
  }
  copyFileSync(join(ROOT, 'bench/package.json'), join(broken, 'bench/package.json'));
  for (const name of PACKAGES) {
    const json = `packages/${name}/package.json`;
    copyFileSync(join(ROOT, json), join(broken, json));
    symlinkSync(`../../packages/${name}`, join(broken, 'node_modules/@batch-lease', name), 'dir');
  }
});

afterAll(() => {
  if (broken) rmSync(broken, { recursive: true, force: true });
});

describe('the dependency rules', () => {
  test(
    'a tree that breaks each rule once is caught at every break, by the right rule',
    async () => {
      const found = (await Promise.all(CONFIGS.map((c) => violations(broken, c)))).flat();
      const caught = new Set(found.map((v) => `${v.rule.name} ${v.from}`));
      const reached = new Set(found.map((v) => `${v.rule.name} ${v.to}`));
      for (const { file, breaks } of BROKEN) {
        if (breaks === null) continue;
        const at = breaks === 'first-load-stays-light' ? reached : caught;
        expect(at.has(`${breaks} ${file}`), `${breaks} at ${file}`).toBe(true);
      }
      // and every rule in the configs is one this test breaks, so a new rule needs a case here
      const tested = new Set(BROKEN.map((b) => b.breaks));
      for (const name of CONFIGS.flatMap(ruleNames)) expect(tested.has(name), name).toBe(true);
    },
    CRUISE_WAIT_MS,
  );

  test(
    'the diagram in docs/architecture.md is the one the dependency graph draws',
    () => {
      const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
      expect(graphIn(doc), 'run npm run deps:graph').toBe(drawGraph());
    },
    CRUISE_WAIT_MS,
  );
});
