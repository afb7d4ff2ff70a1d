/**
 * The lesson's scripts and mutants of them, on the differential suite's
 * generated scenarios: the edits a learner is likely to try (drop the guard,
 * read TIME per member, compare tokens as numbers, return richer shapes, trap
 * the WRONGTYPE row with redis.pcall). Each mutant is a text edit of the
 * listing file, checked to apply, so it follows the listing if it changes.
 */
import fc from 'fast-check';
import { EMPTY, SMALL, batchArb, leaseArb, singleArb } from './arbitraries.ts';
import type { LuaCase } from '@batch-lease/redis-sim/differential/lua-compare.ts';
import { toEvalCommand, toSetupCommands, type Scenario, type ScriptName } from './scenario.ts';
import { readScriptSources } from './scripts.ts';

/** The mutants' names, the originals first. */
export const MUTANT_NAMES = [
  'batch',
  'batch: guard removed',
  'batch: TIME per member',
  'batch: numeric token compare',
  'batch: nested-table and float reply',
  'batch: scores of the failed, float reply',
  'batch: redis.pcall on the row',
  'single',
  'single: guard removed',
] as const;
export type MutantName = (typeof MUTANT_NAMES)[number];

/** Replaces `from` by `to` exactly once, or throws: a mutant must not silently stop applying. */
function edit(source: string, from: string, to: string): string {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0) {
    throw new Error(`the mutant's edit no longer applies once: ${JSON.stringify(from)}`);
  }
  return source.slice(0, at) + to + source.slice(at + from.length);
}

const CLOCK = "local t = redis.call('TIME')\nlocal now = t[1] * 1000 + math.floor(t[2] / 1000)\n";

/** Every mutant's source and the lesson script whose keys and arguments it takes. */
export function mutantSources(): Record<MutantName, { script: ScriptName; source: string }> {
  const { batch, single } = readScriptSources();
  const b = (source: string) => ({ script: 'batch' as const, source });
  return {
    batch: b(batch),
    'batch: guard removed': b(edit(batch, " and redis.call('ZSCORE', KEYS[1], id) then", ' then')),
    'batch: TIME per member': b(
      edit(
        edit(batch, CLOCK, ''),
        'local token = ARGV[i + 1]\n',
        `local token = ARGV[i + 1]\n  ${CLOCK.replace('\n', '\n  ')}`,
      ),
    ),
    'batch: numeric token compare': b(
      edit(batch, 'att == token', 'tonumber(att) == tonumber(token)'),
    ),
    'batch: nested-table and float reply': b(
      edit(
        batch,
        'return failed',
        'return {failed, now + lease, lease / 3, {#failed, {t[1], t[2] / 7}}, -lease}',
      ),
    ),
    'batch: scores of the failed, float reply': b(
      edit(
        batch,
        'return failed',
        [
          'local scores = {}',
          'for _, m in ipairs(failed) do',
          "  scores[#scores + 1] = redis.call('ZSCORE', KEYS[1], m)",
          'end',
          'return {failed, scores, now + lease + 0.5, tostring(now + lease)}',
        ].join('\n'),
      ),
    ),
    'batch: redis.pcall on the row': b(
      edit(
        edit(batch, "redis.call('HGET', jk", "redis.pcall('HGET', jk"),
        'if att and att == token',
        "if type(att) == 'table' then\n    table.insert(failed, att.err)\n  elseif att and att == token",
      ),
    ),
    single: { script: 'single', source: single },
    'single: guard removed': {
      script: 'single',
      source: edit(
        single,
        "if not redis.call('ZSCORE', KEYS[1], id) then\n  return redis.error_reply('EMQNOTACTIVE the job is not in active')\nend\n",
        '',
      ),
    },
  };
}

/** Leases the issue names for the engine, beyond the differential suite's own odd leases. */
export const LUA_LEASES = [
  'nan',
  'inf',
  '1e400',
  '-0',
  '0x10',
  '9007199254740993',
  '9223372036854775807',
  '-inf',
  '1e-400',
  '1.5',
  '-5',
  '0x7fffffffffffffff',
] as const;

const lease = fc.oneof(
  { weight: 3, arbitrary: leaseArb },
  { weight: 2, arbitrary: fc.constantFrom(...LUA_LEASES) },
);
const withLease = (arb: fc.Arbitrary<Scenario>) =>
  fc.tuple(arb, lease).map(([s, l]): Scenario => ({ ...s, lease: l }));
const batchScenario = fc.oneof(
  { weight: 9, arbitrary: withLease(batchArb(SMALL)) },
  { weight: 1, arbitrary: withLease(batchArb(EMPTY)) },
);
const singleScenario = withLease(singleArb);

/** One run of the mutant suite: a mutant and a scenario its script can take. */
export interface MutantRun {
  mutant: MutantName;
  scenario: Scenario;
}

/** The mutant suite's stream: every mutant equally, each on scenarios of its script. */
export const mutantRunArb: fc.Arbitrary<MutantRun> = fc.oneof(
  ...MUTANT_NAMES.map((mutant) =>
    fc.record({
      mutant: fc.constant(mutant),
      scenario: mutant.startsWith('single') ? singleScenario : batchScenario,
    }),
  ),
);

/** A mutant run as a Lua case: the scenario's keyspace, the mutant by EVAL with its keys and ARGV. */
export function mutantCase(run: MutantRun, sources = mutantSources()): LuaCase {
  const { source } = sources[run.mutant];
  // the scenario's EVALSHA names its keys at 3..4 and its ARGV after them
  const cmd = toEvalCommand(run.scenario, 'sha');
  return {
    name: run.mutant,
    script: source,
    keys: cmd.slice(3, 5),
    args: cmd.slice(5),
    setup: toSetupCommands(run.scenario),
  };
}
