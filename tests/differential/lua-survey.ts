/**
 * The Lua suites' cases as a survey: every panel case, pinned regression,
 * mutant run and generated script on a fresh frozen-clock redis-server and the
 * simulator, without stopping at the first divergence (the tests stop there,
 * as fast-check must to shrink). It prints how many diverge in each suite and
 * the first few of each kind, and writes them all to a JSON file, so whoever
 * works on the engine sees the whole list at once. Run: node scripts/lua-survey.mjs
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { startRedis } from '@batch-lease/redis-sim/differential/redis-process.ts';
import {
  buildClockShim,
  createClockFile,
} from '@batch-lease/redis-sim/differential/clock-shim/build.ts';
import {
  FROZEN_CLOCK_US,
  FUZZ_NUM_RUNS,
  LUA_SEED,
  MUTANT_NUM_RUNS,
} from '@batch-lease/redis-sim/differential/config.ts';
import {
  compareCase,
  describeLuaMismatch,
  type LuaCase,
} from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { fuzzCaseArb } from '@batch-lease/redis-sim/differential/lua-fuzz-grammar.ts';
import { mutantCase, mutantRunArb, mutantSources } from './lua-mutants.ts';
import { PANEL } from '@batch-lease/redis-sim/differential/lua-panel-cases.ts';
import { LUA_REGRESSIONS } from './lua-regressions.ts';
import { realSide, simSide } from '@batch-lease/redis-sim/differential/lua-sides.ts';
import { connectResp, type Wire } from '@batch-lease/redis-sim/differential/resp-client.ts';

/** A divergence's kind: what the simulator's reply says, with the varying parts cut. */
function kindOf(sim: Wire, real: Wire): string {
  const text = JSON.stringify(sim);
  const thrown = /simulator threw: ([^"]*)/.exec(text);
  if (thrown) return `simulator threw: ${thrown[1]}`;
  if (JSON.stringify(real) === text) return 'same reply, keyspace differs';
  const isErr = (w: Wire) => typeof w === 'object' && w !== null && 'error' in w;
  if (isErr(sim) && isErr(real)) return 'both errors, other words';
  return 'reply differs';
}

/** Runs every case of the Lua suites and reports the divergences; answers their count. */
export async function survey(out = join(tmpdir(), 'lua-survey.json'), show = 3): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'emq-survey-'));
  const clock = createClockFile(dir, FROZEN_CLOCK_US);
  const server = await startRedis({ frozenClock: { shim: buildClockShim(dir), file: clock.path } });
  const client = await connectResp(server.port, 0);
  const real = realSide(client);
  const sim = simSide();
  const sources = mutantSources();
  const suites: Array<[string, LuaCase[]]> = [
    ['panel', PANEL],
    ['regressions', LUA_REGRESSIONS],
    [
      'mutants',
      fc
        .sample(mutantRunArb, { seed: LUA_SEED, numRuns: MUTANT_NUM_RUNS })
        .map((r) => mutantCase(r, sources)),
    ],
    ['fuzzer', fc.sample(fuzzCaseArb, { seed: LUA_SEED, numRuns: FUZZ_NUM_RUNS })],
  ];
  const found: Array<{ suite: string; kind: string; report: string }> = [];
  try {
    for (const [suite, cases] of suites) {
      let diverged = 0;
      for (const c of cases) {
        const o = await compareCase(real, sim, c);
        if (o.match) continue;
        diverged++;
        found.push({
          suite,
          kind: kindOf(o.sim.reply, o.real.reply),
          report: describeLuaMismatch(c, o),
        });
      }
      console.log(`${suite}: ${diverged} of ${cases.length} cases diverge`);
    }
  } finally {
    await client.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const kinds = new Map<string, typeof found>();
  for (const f of found)
    kinds.set(`${f.suite} · ${f.kind}`, [...(kinds.get(`${f.suite} · ${f.kind}`) ?? []), f]);
  for (const [kind, list] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
    console.log(`\n== ${list.length} × ${kind}`);
    for (const f of list.slice(0, show)) console.log(`${f.report}\n`);
  }
  writeFileSync(out, JSON.stringify(found, null, 1));
  console.log(`\n${found.length} divergences written to ${out}`);
  return found.length;
}
