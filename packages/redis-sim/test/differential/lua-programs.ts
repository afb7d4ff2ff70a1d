/**
 * Generated valid Lua 5.1 programs, as token lists, for the parser's tests:
 * the AST property joins them into source, the malformed fuzzer deletes,
 * duplicates or inserts tokens before joining. Every construct of the grammar
 * appears: all statements, all operators, every call and table form, long
 * strings and escapes, methods, varargs and nested functions.
 */
import fc from 'fast-check';

/** A program as tokens (each already spelled as source). */
export type Tokens = string[];

const NAMES = ['a', 'b', 'x', 'KEYS', 'ARGV', 'redis', 't', '_v2'] as const;
const NUMBERS = ['0', '1', '42', '3.5', '.5', '1e3', '2E-2', '0x1F', '5.'] as const;
// no multi-line string: luaparse 0.3.1 takes a call's `(` after one as ambiguous, Lua does not
const STRINGS = [
  "'job:'",
  '"a\\tb"',
  "'\\065\\10\\0z'",
  '"q\\"uote"',
  "'\\\\'",
  '[[long]]',
  '[==[a]]b]==]',
  "''",
] as const;
const BINARY = ['+', '-', '*', '/', '%', '^', '..', '==', '~=', '<', '<=', '>', '>=', 'and', 'or'];
const UNARY = ['-', 'not', '#'];

const VARARG = '\u0001';
const FIXED = '\u0002';
const CLOSE = '\u0003';

const pick = <T>(xs: readonly T[]) => fc.constantFrom(...xs);
const join = (...parts: Tokens[]) => parts.flat();
const commaList = (items: Tokens[]) => items.flatMap((t, i) => (i === 0 ? t : [',', ...t]));

const name = pick(NAMES).map((n) => [n]);

/** Programs whose `...` only appears where it is allowed (the main chunk is vararg). */
export const program: fc.Arbitrary<Tokens> = fc
  .letrec<{ expr: Tokens; prefix: Tokens; call: Tokens; stat: Tokens; block: Tokens }>((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      pick(NUMBERS).map((n) => [n]),
      pick(STRINGS).map((s) => [s]),
      pick(['nil', 'true', 'false', '...']).map((s) => [s]),
      tie('prefix'),
      fc.tuple(tie('expr'), pick(BINARY), tie('expr')).map(([l, op, r]) => join(l, [op], r)),
      fc.tuple(pick(UNARY), tie('expr')).map(([op, e]) => join([op], e)),
      fc
        .array(
          fc.oneof(
            tie('expr'),
            fc.tuple(name, tie('expr')).map(([k, v]) => join(k, ['='], v)),
            fc.tuple(tie('expr'), tie('expr')).map(([k, v]) => join(['['], k, [']', '='], v)),
          ),
          { maxLength: 3 },
        )
        .chain((fields) =>
          pick([',', ';']).map((sep) => [
            '{',
            ...fields.flatMap((f, i) => (i === 0 ? f : [sep, ...f])),
            '}',
          ]),
        ),
      fc
        .tuple(fc.array(name, { maxLength: 2 }), fc.boolean(), tie('block'))
        .map(([ps, va, body]) => [
          'function',
          va ? VARARG : FIXED, // before the parameters: a `...` parameter is legal
          '(',
          ...commaList(va ? [...ps, ['...']] : ps),
          ')',
          ...body,
          CLOSE,
          'end',
        ]),
    ),
    prefix: fc.oneof(
      { depthSize: 'small' },
      name,
      fc.tuple(tie('expr')).map(([e]) => join(['('], e, [')'])),
      fc.tuple(tie('prefix'), name).map(([b, n]) => join(b, ['.'], n)),
      fc.tuple(tie('prefix'), tie('expr')).map(([b, k]) => join(b, ['['], k, [']'])),
      tie('call'),
    ),
    call: fc.oneof(
      { depthSize: 'small' },
      fc
        .tuple(tie('prefix'), fc.array(tie('expr'), { maxLength: 3 }))
        .map(([b, args]) => join(b, ['('], commaList(args), [')'])),
      fc
        .tuple(tie('prefix'), name, fc.array(tie('expr'), { maxLength: 2 }))
        .map(([b, m, args]) => join(b, [':'], m, ['('], commaList(args), [')'])),
      fc.tuple(tie('prefix'), pick(STRINGS)).map(([b, s]) => join(b, [s])),
      fc.tuple(tie('prefix')).map(([b]) => join(b, ['{', '}'])),
    ),
    stat: fc.oneof(
      { depthSize: 'small' },
      tie('call'),
      fc
        .tuple(
          fc.array(name, { minLength: 1, maxLength: 2 }),
          fc.array(tie('expr'), { maxLength: 2 }),
        )
        .map(([vs, es]) =>
          join(['local'], commaList(vs), es.length ? ['=', ...commaList(es)] : []),
        ),
      fc
        .tuple(
          fc.array(
            fc.oneof(
              name,
              fc.tuple(tie('prefix'), name).map(([b, n]) => join(b, ['.'], n)),
            ),
            {
              minLength: 1,
              maxLength: 2,
            },
          ),
          fc.array(tie('expr'), { minLength: 1, maxLength: 2 }),
        )
        .map(([vs, es]) => join(commaList(vs), ['='], commaList(es))),
      fc.tuple(tie('block')).map(([b]) => join(['do'], b, ['end'])),
      fc.tuple(tie('expr'), tie('block')).map(([c, b]) => join(['while'], c, ['do'], b, ['end'])),
      fc.tuple(tie('block'), tie('expr')).map(([b, c]) => join(['repeat'], b, ['until'], c)),
      fc
        .tuple(
          tie('expr'),
          tie('block'),
          fc.option(fc.tuple(tie('expr'), tie('block'))),
          fc.option(tie('block')),
        )
        .map(([c, b, ei, e]) =>
          join(
            ['if'],
            c,
            ['then'],
            b,
            ei ? join(['elseif'], ei[0], ['then'], ei[1]) : [],
            e ? join(['else'], e) : [],
            ['end'],
          ),
        ),
      fc
        .tuple(name, tie('expr'), tie('expr'), fc.option(tie('expr')), tie('block'))
        .map(([v, a, b, s, body]) =>
          join(['for'], v, ['='], a, [','], b, s ? join([','], s) : [], ['do'], body, ['end']),
        ),
      fc
        .tuple(
          fc.array(name, { minLength: 1, maxLength: 2 }),
          fc.array(tie('expr'), { minLength: 1, maxLength: 2 }),
          tie('block'),
        )
        .map(([vs, es, body]) =>
          join(['for'], commaList(vs), ['in'], commaList(es), ['do'], body, ['end']),
        ),
      fc
        .tuple(
          fc.array(name, { minLength: 1, maxLength: 3 }),
          fc.boolean(),
          fc.array(name, { maxLength: 2 }),
          tie('block'),
        )
        .map(([path, method, ps, body]) => {
          const fname = path.flatMap((p, i) =>
            i === 0 ? p : [i === path.length - 1 && method ? ':' : '.', ...p],
          );
          return join(['function'], fname, ['('], commaList(ps), [')', FIXED], body, [
            CLOSE,
            'end',
          ]);
        }),
      fc
        .tuple(name, tie('block'))
        .map(([n, body]) =>
          join(['local', 'function'], n, ['(', ')', FIXED], body, [CLOSE, 'end']),
        ),
    ),
    block: fc
      .tuple(
        fc.array(fc.tuple(tie('stat'), fc.boolean()), { maxLength: 3 }),
        fc.option(fc.array(tie('expr'), { maxLength: 2 })),
      )
      .map(([stats, ret]) =>
        join(
          // a statement opening with `(` would continue the one before it as a call: `;` first
          ...stats.map(([st, semi], i) =>
            semi || stats[i + 1]?.[0][0] === '(' ? [...st, ';'] : st,
          ),
          ret ? join(['return'], commaList(ret)) : [],
        ),
      ),
  }))
  .block.map((toks) => fixVarargs(toks));

/**
 * Makes `...` legal: inside a function without a `...` parameter it becomes a
 * name. Function bodies arrive between the sentinels VARARG/FIXED and CLOSE.
 */
export function fixVarargs(toks: Tokens): Tokens {
  const vararg = [true]; // the main chunk is vararg
  const out: Tokens = [];
  for (const t of toks) {
    if (t === VARARG || t === FIXED) vararg.push(t === VARARG);
    else if (t === CLOSE) vararg.pop();
    else out.push(t === '...' && !vararg.at(-1) ? 'x' : t);
  }
  return out;
}

/**
 * Source text of a token list: tokens separated by a space or, now and then, a
 * newline (never before `(`: Lua 5.1 reads `f\n(x)` as ambiguous).
 */
export function source(toks: Tokens): string {
  return toks.map((t, i) => (i % 7 === 6 && toks[i + 1] !== '(' ? `${t}\n` : `${t} `)).join('');
}
