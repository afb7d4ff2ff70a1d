/**
 * The dependency rules (.dependency-cruiser.cjs and .dependency-cruiser.first-load.cjs) hold
 * on the real tree, and each of them fails when broken: a small tree in a temporary folder
 * breaks every rule once, on purpose, and the same command that `npm run deps` runs must
 * name each broken rule at the file that broke it.
 */
import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { drawGraph, graphIn } from '../scripts/architecture-graph.mjs';

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
  // depcruise exits non-zero when it finds violations; the JSON report is on stdout either way
  const out = await run(
    process.execPath,
    [BIN, 'src', '--config', config, '--output-type', 'json'],
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
  { file: 'src/sim/loop-a.ts', imports: ['./loop-b.ts'], breaks: 'no-circular' },
  // a circle is reported once, at the module the cruise meets first
  { file: 'src/sim/loop-b.ts', imports: ['./loop-a.ts'], breaks: null },
  { file: 'src/sim/renders.ts', imports: ['react'], breaks: 'sim-stays-plain-typescript' },
  {
    file: 'src/sim/reaches-up.ts',
    imports: ['../stepper/runs/plain.ts'],
    breaks: 'sim-imports-nothing-above',
  },
  {
    file: 'src/vocabulary/index.ts',
    imports: ['../sim/keyspace.ts'],
    breaks: 'vocabulary-imports-nothing',
  },
  {
    file: 'src/sim/commands/evals.ts',
    imports: ['../lua/engine.ts'],
    breaks: 'core-below-engine-and-models',
  },
  { file: 'src/sim/lua/engine.ts', imports: ['../server.ts'], breaks: 'engine-below-server' },
  {
    file: 'src/sim/scripts/reads-frames.ts',
    imports: ['../lua/interpreter/frame.ts'],
    breaks: 'lua-through-its-entry',
  },
  { file: 'src/sim/lua/interpreter/frame.ts', imports: [], breaks: null },
  {
    file: 'src/sim/native/twin.ts',
    imports: ['../lua/values.ts'],
    breaks: 'native-twin-beside-engine',
  },
  {
    file: 'src/sim/echomq/verb.ts',
    imports: ['../connection.ts'],
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
    imports: ['../sim/index.ts'],
    breaks: 'ui-uses-the-light-sim-entry',
  },
  {
    file: 'src/console/session.ts',
    imports: ['../sim/keyspace.ts'],
    breaks: 'logic-uses-sim-entries',
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
    ],
    breaks: null,
  },
  // the first-load boundary: an island entry whose static imports reach the server
  { file: 'src/page/page-stepper.tsx', imports: ['../sim/client.ts'], breaks: null },
  { file: 'src/sim/client.ts', imports: ['./acl/users.ts'], breaks: null },
  { file: 'src/sim/acl/users.ts', imports: [], breaks: 'first-load-stays-light' },
  // leaves the tree needs so every import resolves
  { file: 'src/sim/server.ts', imports: [], breaks: null },
  { file: 'src/sim/connection.ts', imports: [], breaks: null },
  { file: 'src/sim/keyspace.ts', imports: [], breaks: null },
  { file: 'src/sim/index.ts', imports: [], breaks: null },
  { file: 'src/sim/lua/values.ts', imports: [], breaks: null },
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
  symlinkSync(join(ROOT, 'node_modules'), join(broken, 'node_modules'), 'dir');
});

afterAll(() => {
  if (broken) rmSync(broken, { recursive: true, force: true });
});

describe('the dependency rules', () => {
  test.each(CONFIGS)(
    'the real tree breaks none of %s',
    async (config) => {
      expect(await violations(ROOT, config)).toEqual([]);
    },
    CRUISE_WAIT_MS,
  );

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
