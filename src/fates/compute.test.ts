import { describe, expect, it } from 'vitest';
import { decodeHash, encodeHash } from '../scenario/codec.ts';
import { FATES, ILL_FORMED_ID, fateById, type FateId, type RunKey } from './catalogue.ts';
import { FATE_RUN_ID, computeFate, rawArgs, type FateAnswers, type RunAnswer } from './compute.ts';
import { formatCliCommand } from '@batch-lease/redis-sim/client';
import { STEPPER_KEY, stepLink } from './step-link.ts';

const answers = new Map<FateId, FateAnswers>(FATES.map((f) => [f.id, computeFate(f)]));
const of = (id: FateId) => answers.get(id)!;
const run = (id: FateId, key: RunKey): RunAnswer => {
  const [arity, executor, client] = key.split('.') as ['single', 'script', 'verb'];
  return of(id).cells[`${arity}.${executor}`][client];
};
const idOf = (id: FateId) => fateById(id).scenario.held[0]!.id;

/** The four answers the picker leads with: single and batch verb terms, native replies. */
const four = (id: FateId) => [
  run(id, 'single.script.verb').shown,
  run(id, 'batch.script.verb').shown,
  run(id, 'single.native.raw').shown,
  run(id, 'batch.native.raw').shown,
];

const NOPERM = 'NOPERM this user has no permissions to access one of the keys used as arguments';

describe('the answers computed for each fate', () => {
  it('live: :ok, re-scored, 1, an empty reply, stamped by the native commands only', () => {
    expect(four('live')).toEqual([':ok', '{:ok, []}', '(integer) 1', '(empty array)']);
    for (const a of Object.values(of('live').cells)) {
      expect(a.verb.verdict).toBe('rescored');
      expect(a.raw.verdict).toBe('rescored');
      expect(a.verb.rescored && a.raw.rescored).toBe(true);
    }
    expect(of('live').stampedBy).toEqual([
      'single.native.verb',
      'single.native.raw',
      'batch.native.verb',
      'batch.native.raw',
    ]);
    expect(run('live', 'batch.native.raw').stamped).toBe(FATE_RUN_ID);
  });

  it('no row: {:error, :gone}, joins failed, EMQGONE, the id in the reply, not stamped', () => {
    const id = idOf('no-row');
    expect(four('no-row')).toEqual([
      '{:error, :gone}',
      `{:ok, ["${id}"]}`,
      '(error) EMQGONE the job row does not exist',
      `1) "${id}"`,
    ]);
    expect(of('no-row').stampedBy).toEqual([]);
  });

  it('stale token: {:error, :stale}, joins failed, EMQSTALE, the id in the reply, not stamped', () => {
    const id = idOf('stale-token');
    expect(four('stale-token')).toEqual([
      '{:error, :stale}',
      `{:ok, ["${id}"]}`,
      '(error) EMQSTALE the token does not match the row attempts',
      `1) "${id}"`,
    ]);
    expect(of('stale-token').stampedBy).toEqual([]);
    for (const c of Object.values(of('stale-token').cells)) expect(c.raw.rescored).toBe(false);
  });

  it('not in active: {:error, :not_active}, joins failed, EMQNOTACTIVE, never put back', () => {
    const id = idOf('not-in-active');
    expect(four('not-in-active')).toEqual([
      '{:error, :not_active}',
      `{:ok, ["${id}"]}`,
      '(error) EMQNOTACTIVE the job is not in active',
      `1) "${id}"`,
    ]);
    expect(of('not-in-active').stampedBy).toEqual([]);
    for (const c of Object.values(of('not-in-active').cells)) {
      expect(c.verb.rescored).toBe(false);
      expect(c.raw.rescored).toBe(false);
    }
  });

  it('lane job: the group is not read, so it extends and is stamped as a live job is', () => {
    expect(four('lane-job')).toEqual([':ok', '{:ok, []}', '(integer) 1', '(empty array)']);
    expect(of('lane-job').stampedBy).toEqual(of('live').stampedBy);
  });

  it('wrong-type row: every path ends in WRONGTYPE; nothing re-scored or stamped', () => {
    const [single, batch, extend, extends_] = four('wrong-type');
    expect(single).toMatch(/^\{:error, %Redix\.Error\{message: "WRONGTYPE Operation against a key/);
    expect(batch).toMatch(/^\{:error, %Redix\.Error\{message: "WRONGTYPE /);
    expect(extend).toMatch(/^\(error\) WRONGTYPE /);
    expect(extends_).toMatch(/^\(error\) WRONGTYPE /);
    for (const c of Object.values(of('wrong-type').cells)) {
      expect([c.verb.verdict, c.raw.verdict]).toEqual(['error', 'error']);
      expect(c.verb.code).toBe('WRONGTYPE');
    }
    expect(of('wrong-type').stampedBy).toEqual([]);
  });

  it('ill-formed id: both verbs raise on both wires and send nothing; raw calls run as computed', () => {
    const raised = `** (ArgumentError) invalid job id "${ILL_FORMED_ID}": an id must not contain whitespace`;
    for (const key of [
      'single.script.verb',
      'batch.script.verb',
      'single.native.verb',
      'batch.native.verb',
    ] as const) {
      expect(run('ill-formed-id', key).shown).toBe(raised);
      expect(run('ill-formed-id', key).sent).toEqual([]);
      expect(run('ill-formed-id', key).rescored).toBe(false);
    }
    // the scripts never look at the id's shape: the row exists, so it is re-scored
    expect(run('ill-formed-id', 'single.script.raw').shown).toBe('(integer) 1');
    expect(run('ill-formed-id', 'batch.script.raw').shown).toBe('(empty array)');
    expect(run('ill-formed-id', 'batch.script.raw').sent[0]).toContain(`"${ILL_FORMED_ID}"`);
  });

  it('read-only caller: single NOPERM (declared row key), batch served, native NOPERM, not stamped', () => {
    const [single, batch, extend, extends_] = four('read-only');
    expect(single).toBe(`{:error, %Redix.Error{message: "${NOPERM}"}}`);
    expect(batch).toBe('{:ok, []}');
    expect(run('read-only', 'batch.script.verb').rescored).toBe(true);
    expect(extend).toMatch(/^\(error\) NOPERM /);
    expect(extends_).toMatch(/^\(error\) NOPERM /);
    expect(run('read-only', 'batch.native.raw').rescored).toBe(false);
    expect(of('read-only').stampedBy).toEqual([]);
  });
});

describe('the computation itself', () => {
  it('is deterministic, so the prerendered answers are the hydrated ones', () => {
    for (const f of FATES) expect(computeFate(f)).toEqual(of(f.id));
  });

  it('reads every verdict back from the keyspace: re-scored exactly when the score moved to now + lease', () => {
    for (const a of answers.values()) {
      for (const c of Object.values(a.cells)) {
        for (const r of [c.verb, c.raw]) {
          expect(r.verdict, `${a.fate.id} ${r.key}`).not.toBe('unavailable');
          expect(r.rescored, `${a.fate.id} ${r.key}`).toBe(r.verdict === 'rescored');
        }
      }
    }
  });

  it('stamps lease_epoch only on native runs that extended the lease, never on a script run', () => {
    for (const a of answers.values()) {
      for (const c of Object.values(a.cells)) {
        for (const r of [c.verb, c.raw]) {
          const expected = c.executor === 'native' && r.rescored ? FATE_RUN_ID : null;
          expect(r.stamped, `${a.fate.id} ${r.key}`).toBe(expected);
        }
      }
    }
  });

  it('sends the bare command with the same keys and arguments the verb sends', () => {
    for (const f of FATES.filter((x) => x.id !== 'ill-formed-id')) {
      for (const arity of ['single', 'batch'] as const) {
        for (const executor of ['script', 'native'] as const) {
          const verb = of(f.id).cells[`${arity}.${executor}`].verb;
          expect(verb.sent).toEqual([formatCliCommand(rawArgs(f.scenario, arity, executor))]);
        }
      }
    }
  });
});

describe('the why sentences', () => {
  // code spans that name things rather than quote an answer
  const NAMES = new Set([
    'active',
    'now + lease',
    'lease_epoch',
    'group',
    'attempts',
    'ZSCORE',
    'Keyspace.job_key/2',
    'ArgumentError',
  ]);

  it('claim exactly the verdicts and the stamp the simulation computes', () => {
    for (const f of FATES) {
      const a = of(f.id);
      for (const [key, verdict] of Object.entries(f.claims.verdicts)) {
        expect(run(f.id, key as RunKey).verdict, `${f.id} ${key}`).toBe(verdict);
      }
      expect(a.stampedBy.length > 0, `${f.id} stamped`).toBe(f.claims.stamped);
      // every one of the eight runs is claimed, so no sentence leaves a cell unexplained
      expect(Object.keys(f.claims.verdicts).sort()).toHaveLength(8);
    }
  });

  it('quote only names the lesson uses or fragments of the computed answers', () => {
    for (const f of FATES) {
      const a = of(f.id);
      const computed = Object.values(a.cells)
        .flatMap((c) => [c.verb, c.raw])
        .flatMap((r) => [r.shown, r.code ?? '', ...r.sent])
        .join('\n');
      const spans = [...f.why.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
      expect(spans.length, f.id).toBeGreaterThan(0);
      for (const span of spans) {
        expect(NAMES.has(span) || computed.includes(span), `${f.id}: \`${span}\``).toBe(true);
      }
    }
  });
});

describe('step it', () => {
  it('opens the stepper on exactly the fate’s state, byte for byte as the stepper’s codec encodes it', () => {
    for (const f of FATES.filter((x) => x.id !== 'ill-formed-id')) {
      const link = stepLink(f);
      expect(link.href).not.toBeNull();
      const state = { scenario: f.scenario, executor: 'script' as const, step: 0, compare: true };
      expect(link.href).toBe(encodeHash(STEPPER_KEY, state));
      const decoded = decodeHash(link.href!, STEPPER_KEY);
      expect(decoded?.notice).toBeNull();
      // the rest of the stepper's state at its defaults: the real script, no predict mode
      expect(decoded?.state).toEqual({
        ...state,
        variant: 'real',
        predict: false,
        picks: {},
        speed: 2,
      });
    }
  });

  it('offers no link for an id the stepper refuses, and says why in the gate’s words', () => {
    const link = stepLink(fateById('ill-formed-id'));
    expect(link.href).toBeNull();
    expect(link.href === null && link.refused).toContain('an id must not contain whitespace');
  });
});
