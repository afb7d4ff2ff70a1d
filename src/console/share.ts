/**
 * The console's typed lines in the URL, so a shared link replays them: `console=` holds the
 * step they were typed on and the lines, as base64url JSON. They travel in the hash, after the
 * stepper's state (`#stepper?preset=default&k=4&console=…`, or `#console=…` while the stepper
 * has written none), because a browser never sends the hash to a server: typed lines stay out
 * of server logs and Referer headers. Links made before that carried them in the query
 * (`?console=`); those are still read, and moved into the hash ({@link movedToHash}).
 *
 * A link whose replay reached one of the simulator's limits says so, and which line it was
 * (`[step, lines, at]`, {@link SharedConsole.limitAt}), or that the learner stopped it
 * (`[step, lines, at, "stopped"]`), so whoever opens it next (the learner
 * on reload, or the one it is sent to) sees the lines without running them, and chooses.
 *
 * Bounded: at most {@link MAX_SHARED_LINES} lines and {@link MAX_SHARED_CHARS} characters, the
 * oldest lines dropped first. A line that carries a password (`AUTH`, `HELLO … AUTH`,
 * `ACL SETUSER`, …: {@link isSensitive}) never goes into a link.
 */

// the leaf, not the scenario's index: a link's lines need none of the scenario's code
import { fromBase64Url, toBase64Url } from '../scenario/base64url.ts';
import { isSensitive } from './sensitive.ts';

export const SHARE_PARAM = 'console';
export const MAX_SHARED_LINES = 50;
export const MAX_SHARED_CHARS = 4_000;

/** What a link carries. */
export interface SharedConsole {
  step: number;
  lines: string[];
  /**
   * The place in `lines` of the line whose replay reached one of the simulator's limits when
   * the link was last opened (the replay stopped there). A link that says so opens with its
   * lines shown, not run. Absent when every line ran, or the link does not say.
   */
  limitAt?: number;
  /**
   * The line at {@link limitAt} did not reach a limit: the learner stopped it (Stop, SCRIPT
   * KILL, SHUTDOWN NOSAVE), so the link holds it back as one that did, and says why truthfully.
   * Written as a fourth item, `"stopped"` (`[step, lines, at, "stopped"]`).
   */
  stopped?: boolean;
}

/**
 * A link's line that ended its replay: it reached one of the simulator's limits, or the
 * learner stopped it (`stopped`), so a link of many endless scripts holds the console for one
 * limit, not one per line. `index` is the line's place among the link's `total` lines;
 * `notRun` the lines after it.
 */
export interface LinkStop {
  index: number;
  total: number;
  line: string;
  notRun: string[];
  stopped: boolean;
}

/** The fourth item of a link whose marked line the learner stopped. */
const STOPPED = 'stopped';

/** The value of `lines` (and the marker, when one of them is marked). */
function valueOf(
  step: number,
  lines: readonly { line: string; limit: boolean }[],
  stopped: boolean,
): string {
  const at = lines.findIndex((l) => l.limit);
  const texts = lines.map((l) => l.line);
  const data = at === -1 ? [step, texts] : stopped ? [step, texts, at, STOPPED] : [step, texts, at];
  return toBase64Url(JSON.stringify(data));
}

/**
 * Where the lines a link keeps begin: the most recent ones, at most {@link MAX_SHARED_LINES},
 * whose value fits in {@link MAX_SHARED_CHARS}. Found by halving, since a value only gets shorter
 * as older lines are left out, and after the last line too long to fit even alone: the value is
 * encoded a few times, not once for each line left out (fifty lines of 60 kB, encoded again for
 * each line dropped, took the page's thread over a minute for every line typed after).
 */
function fittingFrom(
  step: number,
  kept: readonly { line: string; limit: boolean }[],
  stopped: boolean,
): number {
  let lo = Math.max(0, kept.length - MAX_SHARED_LINES);
  // a line's base64url JSON takes at least 4/3 of its quotes and characters
  for (let i = kept.length - 1; i >= lo; i--)
    if ((4 * (kept[i]!.line.length + 2)) / 3 > MAX_SHARED_CHARS) {
      lo = i + 1;
      break;
    }
  // no lines at all always fit
  let hi = kept.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (valueOf(step, kept.slice(mid), stopped).length <= MAX_SHARED_CHARS) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The parameter's value for `shared`, and how many of its lines had to be left out. */
export function encodeShared(shared: SharedConsole): { value: string; dropped: number } {
  // the marker goes with its line: left out with it, and counted past the lines left out before it
  const kept = shared.lines
    .map((line, i) => ({ line, limit: i === shared.limitAt }))
    .filter((l) => !isSensitive(l.line));
  const stopped = shared.stopped === true;
  const lines = kept.slice(fittingFrom(shared.step, kept, stopped));
  return {
    value: valueOf(shared.step, lines, stopped),
    dropped: shared.lines.length - lines.length,
  };
}

/**
 * The lines a parameter's value holds, or null when it cannot be read. A marker that names no
 * line of the link (not a whole number, past its lines, or on a line a longer link's cut left
 * out) is ignored: the link then replays under the simulator's limits as an unmarked one does,
 * so a hand-made marker can only hold lines back, never make a link do more.
 */
export function decodeSharedValue(raw: string | null): SharedConsole | null {
  if (!raw || raw.length > MAX_SHARED_CHARS || !/^[A-Za-z0-9_-]*$/.test(raw)) return null;
  try {
    const data: unknown = JSON.parse(fromBase64Url(raw));
    if (!Array.isArray(data) || data.length < 2 || data.length > 4) return null;
    const [step, all, marker, why] = data as [unknown, unknown, unknown, unknown];
    // a fourth item is only ever the word for a line the learner stopped
    if (data.length === 4 && why !== STOPPED) return null;
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return null;
    if (!Array.isArray(all) || !all.every((l) => typeof l === 'string')) return null;
    const lines = (all as string[]).slice(-MAX_SHARED_LINES);
    const at =
      typeof marker === 'number' && Number.isInteger(marker)
        ? marker - (all.length - lines.length)
        : -1;
    if (at < 0 || at >= lines.length) return { step, lines };
    return why === STOPPED
      ? { step, lines, limitAt: at, stopped: true }
      : { step, lines, limitAt: at };
  } catch {
    return null;
  }
}

/** The shared lines in a query string (an old link's `?console=`), or null. */
export function decodeShared(search: string): SharedConsole | null {
  return decodeSharedValue(new URLSearchParams(search).get(SHARE_PARAM));
}

/** A hash split into what comes before its `?` (the stepper's key, or nothing) and its params. */
function splitHash(hash: string): { head: string; params: URLSearchParams } {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  // `#console=…`: the console's lines alone, no stepper state before them
  if (q === -1)
    return raw.includes('=')
      ? { head: '', params: new URLSearchParams(raw) }
      : { head: raw, params: new URLSearchParams() };
  return { head: raw.slice(0, q), params: new URLSearchParams(raw.slice(q + 1)) };
}

function joinHash(head: string, params: URLSearchParams): string {
  const q = params.toString();
  if (head === '') return q ? `#${q}` : '';
  return q ? `#${head}?${q}` : `#${head}`;
}

/** The console's parameter value in a hash, or null. */
export function sharedValueInHash(hash: string): string | null {
  return splitHash(hash).params.get(SHARE_PARAM);
}

/** The shared lines a hash carries, or null. */
export function decodeSharedHash(hash: string): SharedConsole | null {
  return decodeSharedValue(sharedValueInHash(hash));
}

/** `hash` with the console's value set to `value` (removed when null), the rest as it was. */
export function hashWithValue(hash: string, value: string | null): string {
  const { head, params } = splitHash(hash);
  params.delete(SHARE_PARAM);
  if (value) params.set(SHARE_PARAM, value);
  return joinHash(head, params);
}

/** `hash` with the shared console set (or removed when `shared` is null or holds no line). */
export function withShared(hash: string, shared: SharedConsole | null): string {
  if (!shared) return hashWithValue(hash, null);
  const { value, dropped } = encodeShared(shared);
  // a link with no line left (none typed, or only password lines) is no link
  return hashWithValue(hash, dropped < shared.lines.length ? value : null);
}

/** `hash` without the console's lines: the stepper's state alone. */
export const withoutShared = (hash: string): string => hashWithValue(hash, null);

/** A new hash carries the console's lines that `old` carried (the stepper rewrites its own part). */
export const keepingShared = (next: string, old: string): string =>
  hashWithValue(next, sharedValueInHash(old));

/** The shared lines of a location: its hash, or an old link's query. */
export function sharedIn(location: { search: string; hash: string }): SharedConsole | null {
  return decodeSharedHash(location.hash) ?? decodeShared(location.search);
}

/** The console's value in a location (hash first, then an old link's query), or null. */
export function sharedValueIn(location: { search: string; hash: string }): string | null {
  const fromHash = sharedValueInHash(location.hash);
  if (decodeSharedValue(fromHash)) return fromHash;
  const fromQuery = new URLSearchParams(location.search).get(SHARE_PARAM);
  return decodeSharedValue(fromQuery) ? fromQuery : null;
}

/**
 * The address an old link (`?console=` in the query) should be rewritten to, with its lines in
 * the hash and any password line left out; null when the query holds no console lines.
 */
export function movedToHash(location: {
  pathname: string;
  search: string;
  hash: string;
}): string | null {
  const params = new URLSearchParams(location.search);
  if (!params.has(SHARE_PARAM)) return null;
  const raw = params.get(SHARE_PARAM);
  const shared = decodeShared(location.search);
  params.delete(SHARE_PARAM);
  const search = params.toString();
  // an unreadable value moves as it is, so the page still says it could not read it
  const hash =
    sharedValueInHash(location.hash) !== null
      ? location.hash
      : shared
        ? withShared(location.hash, shared)
        : hashWithValue(location.hash, raw);
  return `${location.pathname}${search ? `?${search}` : ''}${hash}`;
}
