/**
 * The stepper's state in the URL hash, so a state can be shared and a reload comes back to it:
 * `#stepper?preset=default&x=script&k=12`, or `#stepper?s=<scenario>&x=native&k=3&compare=1`
 * for a scenario that is not a preset. What a hash holds is data, validated, never markup.
 */
import { VARIANTS, type Prediction, type Variant } from '../vocabulary/index.ts';
import { MAX_HASH_LENGTH, SHARE_CAPS } from './caps.ts';
import { PRESETS, PRESET_PAIRS, builderOf, type PresetId } from './presets.ts';
import type { Executor, Scenario } from './types.ts';
import { isScenarioShape } from './shape.ts';
import { echoOf } from './echo.ts';
import { validateScenario, type Refusal } from './validate.ts';
import { fromBase64Url, toBase64Url } from './base64url.ts';

/**
 * How the learner's script last ran, as the link's marker says it: a limit of the simulator
 * ended it (`limit=1`), the learner stopped it (`limit=stopped`), or it ended by itself (no mark).
 */
export type LimitMark = 'limit' | 'stopped' | 'none';

/** The `limit=` value of each mark a link carries: the one spelling both writers use. */
const LIMIT_PARAM: Record<Exclude<LimitMark, 'none'>, string> = { limit: '1', stopped: 'stopped' };

/** What the URL hash carries for one stepper: everything a reload needs to come back to it. */
export interface SharedState {
  scenario: Scenario;
  executor: Executor;
  step: number;
  compare: boolean;
  /** the what-if the run is under ('real' when none; omitted from the hash then) */
  variant?: Variant;
  /** the learner's own script text (`lua=`, base64url); omitted for the lesson's or a variant */
  script?: string;
  /**
   * the learner's script reached one of the simulator's limits (its time limit, the step
   * budget, the script's memory) when it last ran (`limit=1`, only beside `lua=`): a link that
   * says so opens with the script shown, not run, until the learner runs it again or drops it
   */
  limited?: boolean;
  /**
   * the mark is the learner's: they stopped the script's last run (Stop, SCRIPT KILL) rather
   * than a limit ending it (`limit=stopped`); the link holds it back alike, and says why
   */
  stopped?: boolean;
  /** predict mode and the picks made in it */
  predict?: boolean;
  picks?: Readonly<Record<number, Prediction>>;
  /** play speed in steps per second (omitted at the default) */
  speed?: number;
}

/** The play speed a hash leaves out. */
export const DEFAULT_SPEED = 2;

const PICK_CODE: Record<Prediction, string> = { rescored: 'r', failed: 'f' };

/** The result of reading a hash: the state, and a notice when the hash had to be refused. */
export interface Decoded {
  state: SharedState | null;
  /** plain text for the learner, in the lesson's own words; never markup, never the link's text */
  notice: string | null;
  /** with a notice: a short, address-free fragment of the link to show quoted (see echo.ts) */
  echo?: string | null;
}

/** The preset whose scenario is exactly `scenario`, if any. */
export function presetOf(scenario: Scenario): PresetId | null {
  // the hash is written every few steps; building and printing a 1,000-lease preset each time
  // would cost a frame, and a scenario is never changed in place
  let id = builderOf(scenario) ?? presetIds.get(scenario);
  if (id === undefined) {
    // an equal scenario made another way (a pasted link, the editor): compare the texts
    const json = JSON.stringify(scenario);
    id = null;
    for (const p of PRESETS) {
      // a preset of another size is not it: the 1,000-lease one is not built to find that out
      const pairs = PRESET_PAIRS[p.id];
      if (pairs !== undefined && pairs !== scenario.held.length) continue;
      let text = presetTexts.get(p.id);
      if (text === undefined) presetTexts.set(p.id, (text = JSON.stringify(p.build())));
      if (text === json) {
        id = p.id;
        break;
      }
    }
    presetIds.set(scenario, id);
  }
  return id;
}
const presetIds = new WeakMap<Scenario, PresetId | null>();
// each preset's scenario as text, printed once (when first compared with): presets are fixed data
const presetTexts = new Map<PresetId, string>();

/** The hash for `state` under `key`: a preset travels by name, anything else whole. */
export function encodeHash(key: string, state: SharedState): string {
  const params = new URLSearchParams();
  const preset = presetOf(state.scenario);
  if (preset) params.set('preset', preset);
  else params.set('s', toBase64Url(JSON.stringify(state.scenario)));
  params.set('x', state.executor);
  params.set('k', String(state.step));
  if (state.compare) params.set('compare', '1');
  if (state.variant && state.variant !== 'real') params.set('v', state.variant);
  if (state.script !== undefined) {
    params.set('lua', toBase64Url(state.script));
    if (state.limited) params.set('limit', LIMIT_PARAM[state.stopped ? 'stopped' : 'limit']);
  }
  if (state.predict) {
    params.set('p', '1');
    const picks = Object.entries(state.picks ?? {}).map(([m, c]) => `${m}${PICK_CODE[c]}`);
    if (picks.length > 0) params.set('picks', picks.join('.'));
  }
  if (state.speed !== undefined && state.speed !== DEFAULT_SPEED)
    params.set('speed', String(state.speed));
  return `#${key}?${params.toString()}`;
}

/** The stepper state's own parameters, besides its scenario's (`preset`, `s`). */
const STATE_PARAMS = ['x', 'k', 'compare', 'v', 'lua', 'limit', 'p', 'picks', 'speed'];
/** The scenario the stepper shows when nothing names one. */
const DEFAULT_PRESET: PresetId = 'default';

const FALLBACK = 'The stepper state in this link could not be read';
const refuse = (why: string, said: string | null = null): Decoded => ({
  state: null,
  notice: `${FALLBACK} (${why}); showing the default scenario instead.`,
  echo: said === null ? null : echoOf(said),
});

/** A validation refusal in the lesson's words (its own message may quote the link at length). */
function refusalReason(r: Refusal, s: Scenario): { why: string; said: string | null } {
  const f = r.field;
  switch (f.kind) {
    case 'id':
      return { why: 'a job id breaks the id rule', said: s.held[f.pair]?.id ?? null };
    case 'token':
      return { why: 'a token is not a whole number', said: null };
    case 'lease':
      return { why: 'its lease_ms is refused', said: String(s.leaseMs) };
    case 'clock':
      return { why: 'its server clock is out of range', said: String(s.clockMs) };
    case 'attempts':
      return { why: 'a job’s attempts is not a whole number', said: null };
    case 'leaseLeft':
      return { why: 'a job’s lease left is not whole ms', said: null };
    case 'trailing':
      return { why: 'its trailing id is refused', said: s.trailingId };
    case 'shape':
      return { why: 'only a raw client names another active set', said: null };
    case 'group':
      return { why: 'a job’s group breaks the key builder’s rule', said: null };
  }
}

/**
 * Reads the hash when it addresses the stepper `key` (`#key?…`); null when it does not.
 * Anything malformed or refused falls back with a notice and no state.
 */
export function decodeHash(hash: string, key: string): Decoded | null {
  const raw = hash.replace(/^#/, '');
  if (raw !== key && !raw.startsWith(`${key}?`)) return null;
  if (raw.length > MAX_HASH_LENGTH) return refuse('it is too long');
  const params = new URLSearchParams(raw.slice(key.length + 1));
  const s = params.get('s');
  // a link that sets the stepper (a step, the executor, predict mode…) without naming its
  // scenario means the lesson's own, as the stepper shows it unasked; a bare `#key` is only an
  // anchor, and the console's lines beside it are the console's
  const sets = STATE_PARAMS.some((name) => params.has(name));
  const preset = params.get('preset') ?? (s === null && sets ? DEFAULT_PRESET : null);
  if (preset === null && s === null) return { state: null, notice: null };
  let scenario: Scenario;
  if (preset !== null) {
    const p = PRESETS.find((q) => q.id === preset);
    if (!p || s !== null) return refuse('it names no preset this stepper knows', preset);
    scenario = p.build();
  } else {
    let json: unknown;
    try {
      json = JSON.parse(fromBase64Url(s!));
    } catch {
      return refuse('it is not valid');
    }
    if (!isScenarioShape(json)) return refuse('its fields are not a scenario');
    scenario = json;
    const ids = scenario.jobs.map((j) => j.id);
    if (new Set(ids).size !== ids.length) return refuse('a job is described twice');
    const refusals = validateScenario(scenario);
    if (refusals.length > 0) {
      const { why, said } = refusalReason(refusals[0]!, scenario);
      return refuse(why, said);
    }
  }
  const x = params.get('x') ?? 'script';
  if (x !== 'script' && x !== 'native')
    return refuse('its executor is neither script nor native', x);
  const k = params.get('k') ?? '0';
  if (!/^[0-9]{1,9}$/.test(k)) return refuse('its step is not a whole number', k);
  const v = params.get('v') ?? 'real';
  const variant = VARIANTS.find((x) => x === v);
  if (!variant) return refuse('it names no variant this stepper knows', v);
  const lua = params.get('lua');
  let script: string | undefined;
  if (lua !== null) {
    try {
      script = fromBase64Url(lua);
    } catch {
      return refuse('its script is not readable');
    }
    if (script.length > SHARE_CAPS.scriptChars)
      return refuse('its script is longer than a link carries');
  }
  // only `limit=1` (a limit ended its run) or `limit=stopped` (the learner stopped it) beside a
  // script marks it: any other value, or one without a script, is ignored, and the link runs as
  // an unmarked one does (a marker can only hold a run back)
  const mark = script === undefined ? null : params.get('limit');
  const limited = mark === LIMIT_PARAM.limit || mark === LIMIT_PARAM.stopped;
  const stopped = mark === LIMIT_PARAM.stopped;
  const predict = params.get('p') === '1';
  const picksRaw = params.get('picks');
  const picks: Record<number, Prediction> = {};
  if (picksRaw !== null) {
    if (!/^[0-9]{1,6}[rf](\.[0-9]{1,6}[rf])*$/.test(picksRaw))
      return refuse('its predictions are not readable');
    for (const p of picksRaw.split('.'))
      picks[Number(p.slice(0, -1))] = p.endsWith('r') ? 'rescored' : 'failed';
  }
  const speedRaw = params.get('speed');
  if (speedRaw !== null && !/^[0-9]{1,4}$/.test(speedRaw))
    return refuse('its speed is not a whole number');
  const speed = speedRaw === null ? DEFAULT_SPEED : Math.max(1, Number(speedRaw));
  return {
    state: {
      scenario,
      executor: x,
      step: Number(k),
      compare: params.get('compare') === '1',
      variant,
      ...(script === undefined ? {} : { script }),
      ...(limited ? { limited } : {}),
      ...(stopped ? { stopped } : {}),
      predict,
      picks,
      speed,
    },
    notice: null,
  };
}

/**
 * `hash` with the limit marker of the stepper state addressed to `key` set to `mark` (or
 * cleared), and everything else as it was (the console's lines too); `hash` itself when it
 * carries no script of the learner's (`lua=`), which alone the marker stands beside.
 */
export function withLimitMarker(hash: string, key: string, mark: LimitMark): string {
  const raw = hash.replace(/^#/, '');
  if (!raw.startsWith(`${key}?`)) return hash;
  const params = new URLSearchParams(raw.slice(key.length + 1));
  if (!params.has('lua')) return hash;
  params.delete('limit');
  if (mark !== 'none') params.set('limit', LIMIT_PARAM[mark]);
  return `#${key}?${params.toString()}`;
}

/** `hash` without the learner's script (and its marker) in the state addressed to `key`. */
export function withoutScript(hash: string, key: string): string {
  const raw = hash.replace(/^#/, '');
  if (!raw.startsWith(`${key}?`)) return hash;
  const params = new URLSearchParams(raw.slice(key.length + 1));
  params.delete('lua');
  params.delete('limit');
  return `#${key}?${params.toString()}`;
}
