/**
 * The lesson's kinds of step travel in the simulator's packed trace as the general ones do:
 * given their fields (LESSON_STEP_FIELDS), the trace reads every lesson step back as it was
 * pushed, field for field and in the same key order, so a stepped run prints and serializes
 * alike whether it was kept packed or as objects.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PackedTrace } from '@batch-lease/redis-sim';
import { LESSON_STEP_FIELDS, type StepEvent, type TraceStep } from './lesson-trace.ts';

const SEED = 20_261_203;

/** fc.record with plain objects, as the producers make them (toStrictEqual compares prototypes). */
const rec: typeof fc.record = ((model: never, constraints?: object) =>
  fc.record(model, { ...constraints, noNullPrototype: true } as never)) as never;

const text = fc.string({ maxLength: 6 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const num = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53 + 2, -0, NaN, Infinity));
const check = fc.constantFrom('row', 'token', 'membership' as const);

/** Every lesson kind (and a general one between), each optional field sometimes left out. */
const eventArb: fc.Arbitrary<StepEvent> = fc.oneof(
  rec(
    {
      kind: fc.constant('args'),
      base: maybe(text),
      lease: maybe(num),
      leaseArg: maybe(text),
      id: maybe(text),
      token: maybe(text),
    },
    { requiredKeys: ['kind', 'base', 'lease', 'leaseArg'] },
  ),
  rec({ kind: fc.constant('clock'), seconds: text, micros: text, now: num }),
  rec({ kind: fc.constant('loop'), i: fc.nat(), argc: fc.nat(), enters: fc.boolean() }),
  rec({ kind: fc.constant('pair'), i: fc.nat(), id: text, token: maybe(text) }),
  rec({ kind: fc.constant('row-key'), key: text }),
  rec({ kind: fc.constant('command'), args: fc.array(text, { maxLength: 5 }), reply: text }),
  rec({
    kind: fc.constant('check'),
    check,
    passed: fc.boolean(),
    att: maybe(text),
    token: maybe(text),
  }),
  rec({ kind: fc.constant('rescore'), id: text, score: num }),
  rec({ kind: fc.constant('collect'), id: text, check, failedCount: fc.nat() }),
  rec({ kind: fc.constant('advance'), i: fc.nat() }),
  rec(
    {
      kind: fc.constant('native'),
      what: fc.constantFrom('shape', 'arity', 'layout', 'lease', 'fence', 'open', 'epoch' as const),
      ok: fc.boolean(),
      detail: text,
    },
    { requiredKeys: ['kind', 'what', 'ok'] },
  ),
  rec({ kind: fc.constant('verdict'), id: text, live: fc.boolean(), check: maybe(check) }),
  rec({ kind: fc.constant('stamp'), key: text, runId: text }),
) as fc.Arbitrary<StepEvent>;

const stepArb: fc.Arbitrary<TraceStep> = rec({
  listing: fc.constantFrom('extend_locks2.lua', 'emq_extends.rs', 'user_script' as const),
  line: fc.nat(300),
  group: maybe(fc.nat(50)),
  event: eventArb,
  changes: fc.constant([]),
});

describe("the lesson's steps in a packed trace", () => {
  it('read back as pushed, in the same key order', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const trace = new PackedTrace<StepEvent>(LESSON_STEP_FIELDS);
        for (const s of steps) trace.push(s);
        trace.seal();
        const view = trace.view();
        expect([...view]).toStrictEqual(steps);
        expect(JSON.stringify(view)).toBe(JSON.stringify(steps));
        expect(steps.map((_, k) => trace.kind(k))).toEqual(steps.map((s) => s.event.kind));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
