/**
 * The malformed-script fuzzer: generated valid programs, mutated by deleting,
 * inserting, replacing or duplicating tokens (and, to reach the lexer's
 * corners, single bytes), each compiled by our parser and by the suite's real
 * redis-server (`SCRIPT LOAD`, which compiles without running: a mutant that
 * parses might loop). The two answers must be equal, error text included.
 * A diverging seed is pinned in lua-parse-cases.ts's panel under its seed.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Lexer, T } from '@batch-lease/redis-sim';
import {
  ByteConnection,
  ourReply,
  type CompileReply,
} from '@batch-lease/redis-sim/differential/lua-parse-server.ts';
import { program, source, type Tokens } from '@batch-lease/redis-sim/differential/lua-programs.ts';

const SEED = 51007;
const NUM_RUNS = 1500;
const LESSON_RUNS = 800;
const REGISTER_RUNS = 400;
// a real server answers thousands of scripts: generous, so a loaded machine never fails the run
const SLOW = 180_000;

/** What gets inserted: Lua 5.1 tokens, 5.2+ syntax, broken literals and odd bytes. */
const INSERTS = [
  ...'end do then else elseif until local function return break if while for repeat in nil not and or'.split(
    ' ',
  ),
  ...'( ) { } [ ] = == ~= < <= > >= + - * / % ^ # .. ... , ; : .'.split(' '),
  '//',
  'goto',
  '::',
  '&',
  '|',
  '~',
  '<<',
  '!',
  '@',
  '$',
  '`',
  '?',
  '\\',
  '[=',
  '[==[',
  ']]',
  '[[',
  "'",
  '"',
  '--[[',
  '--',
  '\n',
  '\r',
  '\r\n',
  '0x',
  '1e',
  '1e+',
  '3..2',
  '0x1p4',
  '12ab',
  '.5',
  '"\\300"',
  "'\\q'",
  "'a\\0b",
  '"\\256"',
  '\x01',
  '\x00',
  '\x7f',
  '\xe9',
  'KEYS',
  'x',
  '1',
  "'s'",
];
const BYTES = ['[', ']', '=', '-', "'", '"', '\\', '\n', '.', 'e', 'x', '0', '(', ')', '{', '}'];

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'insert' | 'replace'; at: number; tok: string }
  | { kind: 'duplicate'; at: number }
  | { kind: 'byte-delete'; at: number }
  | { kind: 'byte-insert'; at: number; byte: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constantFrom('insert' as const, 'replace' as const),
    at: fc.nat(),
    tok: fc.constantFrom(...INSERTS),
  }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('byte-delete' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('byte-insert' as const),
    at: fc.nat(),
    byte: fc.constantFrom(...BYTES),
  }),
);

/** Applies the mutations in order; positions wrap around the current length. */
export function mutate(toks: Tokens, muts: Mutation[]): string {
  const t = [...toks];
  const tokenMuts = muts.filter((m) => !m.kind.startsWith('byte'));
  for (const m of tokenMuts) {
    const at = t.length ? m.at % (t.length + 1) : 0;
    if (m.kind === 'delete') t.splice(at, 1);
    else if (m.kind === 'insert') t.splice(at, 0, m.tok);
    else if (m.kind === 'replace') t.splice(at, 1, m.tok);
    else if (m.kind === 'duplicate' && t[at] !== undefined) t.splice(at, 0, t[at]!);
  }
  let src = source(t);
  for (const m of muts) {
    const at = m.at % (src.length + 1);
    if (m.kind === 'byte-delete') src = src.slice(0, at) + src.slice(at + 1);
    else if (m.kind === 'byte-insert') src = src.slice(0, at) + m.byte + src.slice(at);
  }
  return src;
}

/** A script's token spans [start, end), comments and spacing left between them. */
function spans(src: string): [number, number][] {
  const lx = new Lexer(src);
  const out: [number, number][] = [];
  for (lx.next(); lx.t.tok !== T.EOS; lx.next()) out.push([lx.t.start, lx.t.end]);
  return out;
}

/** A learner's edit of a lesson script: one token deleted, replaced or inserted, the rest as written. */
const lessonEdit = (src: string) => {
  const toks = spans(src);
  return fc
    .tuple(
      fc.nat(toks.length - 1),
      fc.constantFrom('delete', 'replace', 'insert'),
      fc.constantFrom(...INSERTS),
    )
    .map(([i, kind, tok]) => {
      const [a, b] = toks[i]!;
      if (kind === 'delete') return src.slice(0, a) + src.slice(b);
      if (kind === 'replace') return src.slice(0, a) + tok + src.slice(b);
      return src.slice(0, a) + tok + ' ' + src.slice(a);
    });
};

/** Up to three single-byte edits (any byte 0–255) anywhere in a script, comments included. */
const byteEdits = (src: string) =>
  fc
    .array(
      fc.tuple(
        fc.nat(src.length),
        fc.constantFrom('delete', 'insert', 'replace'),
        fc.integer({ min: 0, max: 255 }),
      ),
      {
        minLength: 1,
        maxLength: 3,
      },
    )
    .map((edits) => {
      let s = src;
      for (const [at, kind, byte] of edits) {
        const p = at % (s.length + 1);
        const ch = String.fromCharCode(byte);
        if (kind === 'delete') s = s.slice(0, p) + s.slice(p + 1);
        else if (kind === 'insert') s = s.slice(0, p) + ch + s.slice(p);
        else s = s.slice(0, p) + ch + s.slice(p + 1);
      }
      return s;
    });

/**
 * Register-hungry scripts: many locals and constants, then one statement with
 * a long list (call arguments, return values, a table, a multiple
 * assignment). They sit around the code generator's 250-register limit,
 * where "function or expression too complex" depends on every register move.
 */
const ARG_FORMS = [
  (i: number) => String(i),
  (i: number) => `'c${i}'`,
  (i: number) => `v${i % 7}`,
  (i: number) => `g(${i})`,
  (i: number) => `v${i % 5} + ${i}`,
  (i: number) => `-v${i % 3}`,
  (i: number) => `not v${i % 3}`,
  (i: number) => `v${i % 4} == ${i % 3}`,
  (i: number) => `v${i % 2} and g() or ${i}`,
  () => '{}',
  (i: number) => `t.k${i}`,
  (i: number) => `t[${i}]`,
  () => '...',
  () => '(g())',
  () => 'function() end',
  (i: number) => `v${i % 6} .. 'c${i}'`,
  (i: number) => `{${i}, x = ${i}}`,
  () => 'nil',
  () => 'true',
];
const registerHungry = fc
  .record({
    locals: fc.integer({ min: 7, max: 199 }),
    constants: fc.integer({ min: 0, max: 320 }),
    width: fc.integer({ min: 0, max: 260 }),
    forms: fc.array(fc.nat(ARG_FORMS.length - 1), { minLength: 1, maxLength: 4 }),
    shape: fc.constantFrom('call', 'return', 'local', 'table', 'method', 'assign'),
  })
  .map(({ locals, constants, width, forms, shape }) => {
    const names = Array.from({ length: locals - 1 }, (_, i) => `v${i}`).join(', ');
    const consts = Array.from({ length: constants }, (_, i) => `'k${i}'`).join(', ');
    const args = Array.from({ length: width }, (_, i) =>
      ARG_FORMS[forms[i % forms.length]!]!(i),
    ).join(', ');
    const prelude = `local ${names}\nlocal t = {${consts}}\n`;
    const body = {
      call: `f(${args})`,
      return: `return ${args || '1'}`,
      local: `local x = ${args || '1'}`,
      table: `t = {${args}}`,
      method: `t:m(${args})`,
      assign: `t.a, t.b, v1 = ${args || '1'}`,
    }[shape];
    return prelude + body;
  });

let conn: ByteConnection;
beforeAll(async () => {
  conn = await ByteConnection.open(inject('redisPort'));
});
afterAll(() => conn.close());

/**
 * The server's answers to `scripts`, asked for at once: sent pipelined on the one connection
 * rather than one round trip a case (5,100 in this file, each waiting its turn on a loaded
 * core), and read back by script. A property's cases are known before it runs: fc.sample of
 * its arbitraries as one tuple, with its seed and runs, draws the very cases fc.assert does (not
 * fc.sample of the property itself, which reads an async property as an arbitrary and draws
 * others). A script not asked ahead (a shrunk case) is asked when it is read.
 */
function askAhead(scripts: string[]): (script: string) => Promise<CompileReply> {
  const asked = new Map<string, Promise<CompileReply>>();
  for (const script of scripts) if (!asked.has(script)) asked.set(script, conn.compile(script));
  return (script) => asked.get(script) ?? conn.compile(script);
}

describe('malformed-script fuzzer against a real redis-server 7.0', () => {
  it(
    `${NUM_RUNS} mutants: our compile error equals the server's (seed ${SEED})`,
    async () => {
      let errors = 0;
      const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 });
      const params = { seed: SEED, numRuns: NUM_RUNS };
      const compiled = askAhead(
        fc.sample(fc.tuple(program, mutations), params).map(([toks, muts]) => mutate(toks, muts)),
      );
      await fc.assert(
        fc.asyncProperty(program, mutations, async (toks, muts) => {
          const script = mutate(toks, muts);
          const real = await compiled(script);
          if (real !== null) errors++;
          expect(ourReply(script)).toBe(real);
        }),
        params,
      );
      // the fuzzer must mostly make broken scripts, or it tests nothing
      expect(errors).toBeGreaterThan(NUM_RUNS / 2);
    },
    SLOW,
  );

  it(
    `${REGISTER_RUNS} register-hungry scripts: "function or expression too complex" where the server says it`,
    async () => {
      let tooComplex = 0;
      const params = { seed: SEED, numRuns: REGISTER_RUNS };
      const compiled = askAhead(fc.sample(fc.tuple(registerHungry), params).map(([s]) => s));
      await fc.assert(
        fc.asyncProperty(registerHungry, async (script) => {
          const real = await compiled(script);
          if (real?.includes('too complex')) tooComplex++;
          expect(ourReply(script)).toBe(real);
        }),
        params,
      );
      // both sides of the limit must be exercised
      expect(tooComplex).toBeGreaterThan(REGISTER_RUNS / 10);
      expect(tooComplex).toBeLessThan(REGISTER_RUNS * 0.9);
    },
    SLOW,
  );

  it.each(['extend_locks2.lua', 'extend_lock2.lua'])(
    `${LESSON_RUNS} one-token and ${LESSON_RUNS} byte edits of %s: the same compile error as the server`,
    async (file) => {
      const src = readFileSync(`packages/echomq/lua/${file}`, 'latin1');
      const edits = fc.oneof(lessonEdit(src), byteEdits(src));
      const params = { seed: SEED, numRuns: 2 * LESSON_RUNS };
      const compiled = askAhead(fc.sample(fc.tuple(edits), params).map(([s]) => s));
      await fc.assert(
        fc.asyncProperty(edits, async (script) => {
          expect(ourReply(script)).toBe(await compiled(script));
        }),
        params,
      );
    },
    SLOW,
  );
});
