/**
 * The console's typed lines in the URL, so a shared link replays them: `?console=` holds
 * the step they were typed on and the lines, as base64url JSON. The query string is the
 * console's own (the stepper owns the hash), and it is bounded: at most
 * {@link MAX_SHARED_LINES} lines and {@link MAX_SHARED_CHARS} characters, the oldest lines
 * dropped first.
 */

// the leaf, not the scenario's index: a link's lines need none of the scenario's code
import { fromBase64Url, toBase64Url } from '../scenario/base64url.ts';

export const SHARE_PARAM = 'console';
export const MAX_SHARED_LINES = 50;
export const MAX_SHARED_CHARS = 4_000;

/** What a link carries. */
export interface SharedConsole {
  step: number;
  lines: string[];
}

/** The parameter's value for `shared`, and how many of its lines had to be left out. */
export function encodeShared(shared: SharedConsole): { value: string; dropped: number } {
  let lines = shared.lines.slice(-MAX_SHARED_LINES);
  let value = toBase64Url(JSON.stringify([shared.step, lines]));
  while (value.length > MAX_SHARED_CHARS && lines.length > 0) {
    lines = lines.slice(1);
    value = toBase64Url(JSON.stringify([shared.step, lines]));
  }
  return { value, dropped: shared.lines.length - lines.length };
}

/** The shared lines in a query string, or null when there are none or they cannot be read. */
export function decodeShared(search: string): SharedConsole | null {
  const raw = new URLSearchParams(search).get(SHARE_PARAM);
  if (!raw || raw.length > MAX_SHARED_CHARS || !/^[A-Za-z0-9_-]*$/.test(raw)) return null;
  try {
    const data: unknown = JSON.parse(fromBase64Url(raw));
    if (!Array.isArray(data) || data.length !== 2) return null;
    const [step, lines] = data as [unknown, unknown];
    if (typeof step !== 'number' || !Number.isInteger(step) || step < 0) return null;
    if (!Array.isArray(lines) || !lines.every((l) => typeof l === 'string')) return null;
    return { step, lines: (lines as string[]).slice(-MAX_SHARED_LINES) };
  } catch {
    return null;
  }
}

/** `search` with the shared console set (or removed when `shared` is null). */
export function withShared(search: string, shared: SharedConsole | null): string {
  const params = new URLSearchParams(search);
  if (shared && shared.lines.length > 0) params.set(SHARE_PARAM, encodeShared(shared).value);
  else params.delete(SHARE_PARAM);
  const s = params.toString();
  return s ? `?${s}` : '';
}
