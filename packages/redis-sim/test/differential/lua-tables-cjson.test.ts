import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCjsonLib } from '../../src/lua/lib/cjson.ts';
import { toLuaString, type LuaTable, type LuaValue } from '../../src/lua/values.ts';
import { LUA_SHOW, useRealLua } from './lua-eval.ts';
import { pcallDump, pcallText } from './lua-lib-call.ts';
import { luaBuild, treeArb, treeArgs, treeValue, type Tree } from './lua-trees.ts';

/**
 * cjson against redis-server 7.0.15: generated Lua values (tables built by
 * the same assignments on both sides, so key order is the layout's) encoded
 * under generated settings, the round trip through decode, and generated
 * JSON texts (valid, mutated, and the odd forms strtod reads) decoded.
 * Each script uses `cjson.new()` so no setting leaks between cases.
 */
const server = useRealLua();

interface EncodeSettings {
  precision: number;
  invalid: 'off' | 'on' | 'null';
  sparseConvert: boolean;
  ratio: number;
  safe: number;
  maxDepth: number;
}

const settingsArb: fc.Arbitrary<EncodeSettings> = fc.record({
  precision: fc.oneof(fc.constant(14), fc.integer({ min: 1, max: 14 })),
  invalid: fc.constantFrom<EncodeSettings['invalid']>('off', 'on', 'null'),
  sparseConvert: fc.boolean(),
  ratio: fc.constantFrom(0, 1, 2, 3),
  safe: fc.constantFrom(0, 3, 10),
  maxDepth: fc.constantFrom(1000, 1, 2, 3),
});

const ENCODE_SCRIPT = `${LUA_SHOW}${luaBuild('cjson.null')}
local cj = cjson.new()
cj.encode_number_precision(tonumber(ARGV[1]))
local inv = ARGV[2]
if inv == 'off' then cj.encode_invalid_numbers(false) elseif inv == 'on' then cj.encode_invalid_numbers(true) else cj.encode_invalid_numbers('null') end
cj.encode_sparse_array(ARGV[3] == '1', tonumber(ARGV[4]), tonumber(ARGV[5]))
cj.encode_max_depth(tonumber(ARGV[6]))
pos = 7
local v = build()
local ok, s = pcall(cj.encode, v)
local back = ''
if ok then back = dumped(pcall(cj.decode, s)) end
return { packed(ok, s), back }
`;

function simulateEncode(cfg: EncodeSettings, tree: Tree): string[] {
  const cj = createCjsonLib();
  const f = (name: string) => cj.get(name);
  const call = (name: string, ...args: LuaValue[]) => pcallText(f(name), args);
  call('encode_number_precision', cfg.precision);
  call(
    'encode_invalid_numbers',
    cfg.invalid === 'off' ? false : cfg.invalid === 'on' ? true : 'null',
  );
  call('encode_sparse_array', cfg.sparseConvert, cfg.ratio, cfg.safe);
  call('encode_max_depth', cfg.maxDepth);
  const v = treeValue(tree, cj.get('null'));
  const r = pcallText(f('encode'), [v]);
  let back = '';
  if (r.startsWith('true|s:')) back = pcallDump(f('decode'), [r.slice('true|s:'.length)]);
  return [r, back];
}

function settingsArgs(c: EncodeSettings): string[] {
  return [String(c.precision), c.invalid, c.sparseConvert ? '1' : '0', String(c.ratio), String(c.safe), String(c.maxDepth)];
} // prettier-ignore

describe('cjson.encode against redis-server 7.0.15', () => {
  it('generated values with default settings (and the decode round trip)', async () => {
    const defaults: EncodeSettings = { precision: 14, invalid: 'off', sparseConvert: false, ratio: 2, safe: 10, maxDepth: 1000 }; // prettier-ignore
    await fc.assert(
      fc.asyncProperty(treeArb(true), async (tree) => {
        const got = await server().eval(ENCODE_SCRIPT, [
          ...settingsArgs(defaults),
          ...treeArgs(tree),
        ]);
        expect(simulateEncode(defaults, tree)).toEqual(got);
      }),
      { seed: 9100, numRuns: 400 },
    );
  });
  it('generated values under generated settings', async () => {
    await fc.assert(
      fc.asyncProperty(settingsArb, treeArb(true), async (cfg, tree) => {
        const got = await server().eval(ENCODE_SCRIPT, [...settingsArgs(cfg), ...treeArgs(tree)]);
        expect(simulateEncode(cfg, tree)).toEqual(got);
      }),
      { seed: 9101, numRuns: 400 },
    );
  });
});

const DECODE_SCRIPT = `${LUA_SHOW}
local cj = cjson.new()
cj.decode_invalid_numbers(ARGV[1] == '1')
cj.decode_max_depth(tonumber(ARGV[2]))
return dumped(pcall(cj.decode, ARGV[3]))
`;

/** Fragments that reach the tokenizer's odd corners. */
const FRAGMENTS = [
  'inf', '-Infinity', 'NaN', 'nan', '0x1F', '-0x10', '+1', '01', '-01', '1e400', '-1e-400', '.5', '-.5', '1.', '1e', '1e+', '-',
  '"\\u00e9"', '"\\ud83d\\ude00"', '"\\udc00"', '"\\ud83d"', '"\\ud83dx"', '"\\u12"', '"\\uZZZZ"', '"\\x"', '"\\/"', '"a\\',
  '"\x01\x7f\xff"', '\0', '\0x', 'tru', 'nul', 'fals', 'truex', '[', ']', '{', '}', ':', ',', '"k":', ' ', '\t\r\n', '\x0b', '#',
  '[[[[]]]]', '{"a":{"b":{"c":[]}}}', '"\\u0000"', 'null', 'true', 'false', '[1,2,]', '{"a":1,}', '{1:2}', '{"a" 1}',
]; // prettier-ignore

const jsonTextArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.json({ maxDepth: 3 }).map(toLuaString) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.json({ maxDepth: 2 }), fc.nat(), fc.constantFrom(...FRAGMENTS))
      .map(([j, at, frag]) => {
        const s = toLuaString(j);
        const i = at % (s.length + 1);
        return s.slice(0, i) + frag + s.slice(i);
      }),
  },
  { weight: 2, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 1, maxLength: 4 }).map((xs) => xs.join('')) },
  { weight: 1, arbitrary: fc.json({ maxDepth: 2 }).map((j) => toLuaString(j).slice(0, -1)) },
); // prettier-ignore

function simulateDecode(invalidOn: boolean, depth: number, text: string): string {
  const cj: LuaTable = createCjsonLib();
  pcallText(cj.get('decode_invalid_numbers'), [invalidOn]);
  pcallText(cj.get('decode_max_depth'), [depth]);
  return pcallDump(cj.get('decode'), [text]);
}

describe('cjson.decode against redis-server 7.0.15', () => {
  it('generated JSON texts, mutated texts and odd tokens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.constantFrom(1000, 1, 2, 3),
        jsonTextArb,
        async (inv, depth, text) => {
          const got = await server().eval(DECODE_SCRIPT, [inv ? '1' : '0', String(depth), text]);
          expect(simulateDecode(inv, depth, text)).toEqual(got);
        },
      ),
      { seed: 9200, numRuns: 800 },
    );
  });
});
