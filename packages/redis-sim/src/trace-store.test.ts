/**
 * The packed trace is a storage change only: every step read back is the step pushed, field for
 * field and in the same key order (so it prints and serializes byte for byte alike), whether its
 * event is a general one, one of the kinds a module gave the trace, or one of a kind it was not
 * given; and the locals tracker's deltas fold to exactly the locals in scope at every step.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Frame } from './lua/interpreter/frame.ts';
import type { LocalInfo } from './lua/interpreter/hook.ts';
import { LuaTable, type LuaValue } from './lua/values.ts';
import { LocalsTracker, RunAddresses, shown } from './tracing/shown-values.ts';
import { PackedTrace, packedTraceOf } from './trace-store.ts';
import type {
  Change,
  GeneralEvent,
  LocalsDelta,
  ShownValue,
  StepFields,
  TraceStep,
} from './trace-types.ts';

const SEED = 20_261_201;

/** fc.record with plain objects, as the producers make them (toStrictEqual compares prototypes). */
const rec: typeof fc.record = ((model: never, constraints?: object) =>
  fc.record(model, { ...constraints, noNullPrototype: true } as never)) as never;

const text = fc.string({ maxLength: 6 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const num = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(2 ** 53 + 2, -0, NaN, Infinity));
const shownArb: fc.Arbitrary<ShownValue> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  num,
  text,
  rec({ table: text, length: fc.nat(9) }),
  rec({ function: text }),
);
const replyArb = fc.letrec((tie) => ({
  reply: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.constant(null),
    rec({ error: text }),
    rec({ status: text }),
    fc.array(tie('reply'), { maxLength: 3 }),
  ),
})).reply as fc.Arbitrary<import('./trace-types.ts').Reply>;

/**
 * The kinds a made-up module adds (as a queue's story might: a visit to a key, a tally with an
 * optional note), given to the trace with their fields; and one it never gives.
 */
type ModuleEvent =
  | { kind: 'visit'; key: string; n: number; note?: string }
  | { kind: 'tally'; count: number; who: string | null };
type Unlisted = { kind: 'unlisted'; anything: string };
type Event = GeneralEvent | ModuleEvent | Unlisted;
const MODULE_FIELDS: StepFields<ModuleEvent> = {
  visit: ['key', 'n', 'note'],
  tally: ['count', 'who'],
};

/** Every event kind, with each optional field sometimes left out. */
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  rec(
    { kind: fc.constant('visit'), key: text, n: num, note: text },
    { requiredKeys: ['kind', 'key', 'n'] },
  ),
  rec({ kind: fc.constant('tally'), count: fc.nat(), who: maybe(text) }),
  rec({ kind: fc.constant('unlisted'), anything: text }),
  rec({
    kind: fc.constant('command'),
    args: fc.array(text, { maxLength: 5 }),
    reply: replyArb,
  }),
  rec({ kind: fc.constant('statement'), depth: fc.nat(4) }),
  rec({ kind: fc.constant('loop-test'), enters: fc.boolean() }),
  rec({ kind: fc.constant('branch'), taken: fc.boolean() }),
  rec({ kind: fc.constant('operand'), chain: fc.nat(), index: fc.nat(), value: shownArb }),
  rec({ kind: fc.constant('reply'), reply: replyArb }),
  rec({ kind: fc.constant('error'), error: text }),
) as fc.Arbitrary<Event>;

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  rec({
    kind: fc.constant('zset'),
    key: text,
    member: text,
    before: maybe(num),
    after: maybe(num),
  }),
  rec({
    kind: fc.constant('hash'),
    key: text,
    field: text,
    before: maybe(text),
    after: maybe(text),
  }),
) as fc.Arbitrary<Change>;

const localsArb: fc.Arbitrary<LocalsDelta> = rec(
  {
    set: fc.array(fc.tuple(fc.nat(9), shownArb), { maxLength: 4 }),
    scope: fc.array(text, { maxLength: 5 }),
  },
  { requiredKeys: ['set'] },
) as fc.Arbitrary<LocalsDelta>;

const stepArb: fc.Arbitrary<TraceStep<Event>> = fc
  .record({
    listing: fc.constantFrom('queue.lua', 'user_script'),
    line: fc.nat(300),
    group: maybe(fc.nat(50)),
    event: eventArb,
    changes: fc.array(changeArb, { maxLength: 3 }),
    locals: fc.option(localsArb, { nil: undefined }),
  })
  .map(({ locals, ...rest }) => (locals ? { ...rest, locals } : rest));

function packed<E extends Event>(steps: readonly TraceStep<E>[]): PackedTrace<E> {
  const p = new PackedTrace<E>(MODULE_FIELDS);
  for (const s of steps) p.push(s);
  p.seal();
  return p;
}

describe('a packed trace', () => {
  it('reads back every step as it was pushed, in the same key order', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 40 }), (steps) => {
        const view = packed(steps).view();
        expect(view).toHaveLength(steps.length);
        expect([...view]).toStrictEqual(steps);
        // JSON keeps key order, so equal text means the same fields in the same order
        expect(JSON.stringify(view)).toBe(JSON.stringify(steps));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('keeps an event whose keys it does not know whole', () => {
    const odd = { n: 2, kind: 'visit', key: 'a' } as unknown as Event;
    const extra = { kind: 'tally', count: 4, who: null, note: 'x' } as unknown as Event;
    const general = { kind: 'branch', taken: true, depth: 2 } as unknown as Event;
    const steps: TraceStep<Event>[] = [odd, extra, general].map((event) => ({
      listing: 'user_script',
      line: 1,
      group: null,
      event,
      changes: [],
    }));
    const view = packed(steps).view();
    expect(JSON.stringify(view)).toBe(JSON.stringify(steps));
  });

  it("keeps a module's kinds in cells only when it was given them, and reads them back alike", () => {
    const steps: TraceStep<Event>[] = [
      {
        listing: 'queue.lua',
        line: 1,
        group: 0,
        event: { kind: 'visit', key: 'k', n: 1 },
        changes: [],
      },
      {
        listing: 'queue.lua',
        line: 2,
        group: 0,
        event: { kind: 'tally', count: 3, who: null },
        changes: [],
      },
    ];
    const given = packed(steps);
    const bare = new PackedTrace<Event>();
    for (const s of steps) bare.push(s);
    expect(JSON.stringify(bare.view())).toBe(JSON.stringify(steps));
    expect(JSON.stringify(given.view())).toBe(JSON.stringify(steps));
    expect(given.kind(1)).toBe('tally');
    expect(bare.kind(1)).toBe('tally');
  });

  it('is an array to its readers, read-only, and gives the same object for a step read twice', () => {
    const steps: TraceStep[] = [0, 1, 2].map((i) => ({
      listing: 'user_script',
      line: i + 1,
      group: i === 1 ? 0 : null,
      event: { kind: 'statement', depth: 1 },
      changes: [],
    }));
    const p = packed(steps);
    const view = p.view();
    expect(Array.isArray(view)).toBe(true);
    expect(p.view()).toBe(view);
    expect(packedTraceOf(view)).toBe(p);
    expect(packedTraceOf(steps)).toBeNull();
    expect(view[1]).toBe(view[1]);
    expect(view.at(-1)?.line).toBe(3);
    expect(view.map((s) => s.group)).toEqual([null, 0, null]);
    expect(Object.keys(view)).toEqual(['0', '1', '2']);
    expect(view[3]).toBeUndefined();
    expect(() => ((view as TraceStep[])[0] = steps[0]!)).toThrow();
    expect(Object.isFrozen(view[0])).toBe(true);
  });
});

function sameShown(a: ShownValue | undefined, b: ShownValue | undefined): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A local as a test frame holds it: slot i holds position i, boxed on every third slot. */
const infos = (names: readonly string[]): LocalInfo[] =>
  names.map((name, slot) => ({ name, slot, boxed: slot % 3 === 2 }));

describe('the locals tracker', () => {
  // a few tables, whose `#` a step may change
  const tables = [new LuaTable(), new LuaTable()];
  const valueArb: fc.Arbitrary<LuaValue | { grow: number }> = fc.oneof(
    fc.constant(undefined),
    fc.boolean(),
    fc.constantFrom(0, 1, 2, NaN, 1e300, -0),
    fc.constantFrom('a', 'b', 'JOB1', 'caf\u00c3\u00a9'),
    fc.nat(1).map((i) => ({ grow: i })),
  );
  const stepArb = rec({
    names: fc.array(fc.constantFrom('i', 'id', 'token', 'x'), { maxLength: 5 }),
    values: fc.array(valueArb, { minLength: 5, maxLength: 5 }),
    /** reuse the previous step's scope array, as one statement point does */
    sameStatement: fc.boolean(),
  });

  it('folds to exactly the locals in scope at every step, and sends only what is new', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 30 }), (seq) => {
        const tracker = new LocalsTracker();
        const reference = new RunAddresses();
        const folded: { names: readonly string[]; values: ShownValue[] } = {
          names: [],
          values: [],
        };
        let locals: LocalInfo[] = [];
        let previousTruth: ShownValue[] = [];
        let previousNames: readonly string[] = [];
        for (const st of seq) {
          if (!st.sameStatement || locals.length === 0) locals = infos(st.names);
          const raw: LuaValue[] = st.values.map((v, i) => {
            if (v && typeof v === 'object' && 'grow' in v) {
              const t = tables[v.grow]!;
              if (i === 0) t.set(t.length() + 1, 1);
              return t;
            }
            return v as LuaValue;
          });
          const frame = {
            r: raw.map((v, i) => (i % 3 === 2 ? { v } : v)),
          } as unknown as Frame;
          tracker.see(locals, frame);
          const delta = tracker.delta();
          // the truth, shown with its own numbering in the same order of first sight
          const truth = locals.map((l) => shown(raw[l.slot], reference));
          const names = locals.map((l) => l.name);
          if (delta?.scope) {
            folded.names = delta.scope;
            folded.values.length = delta.scope.length;
          }
          for (const [at, v] of delta?.set ?? []) folded.values[at] = v;
          expect(folded.names).toEqual(names);
          expect(folded.values).toEqual(truth);
          // a position that kept its name (and every name below it) and its value is never sent again
          for (const [at] of delta?.set ?? []) {
            const keptName = names.slice(0, at + 1).every((n, j) => n === previousNames[j]);
            if (at < previousNames.length && keptName && sameShown(previousTruth[at], truth[at]))
              throw new Error(`position ${at} was sent again unchanged`);
          }
          previousTruth = truth;
          previousNames = names;
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
