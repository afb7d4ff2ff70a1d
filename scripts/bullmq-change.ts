// What changed in a BullMQ script since the version the lesson explains. The repository never
// holds BullMQ's text, so the pinned version is kept as a fingerprint: a short hash of each line
// (enough to tell which lines moved, went or came, not enough to rebuild one), the Redis calls
// the script makes and the KEYS and ARGV slots it reads. A newer BullMQ is then described in
// the terms the lesson's words depend on, with its new lines quoted from the installed package.
// Node only; the build (scripts/vite-plugin-bullmq.ts) and tests/bullmq-scripts.test.ts use it.
import { createHash } from 'node:crypto';

/** What the repository keeps of one script as the lesson explains it. */
export interface ScriptFingerprint {
  /** SHA1 of the text the client sends (its EVALSHA) */
  sha: string;
  /** the first 8 hex digits of each line's SHA1, in order */
  lines: readonly string[];
  /** each `redis.call` the code makes, in order, as `COMMAND arg …` (quotes dropped) */
  calls: readonly string[];
  /** the KEYS and ARGV slots the code reads, sorted */
  slots: readonly string[];
}

/** The lines of a script's text, as the stepper numbers them (no trailing empty line). */
export const scriptLines = (text: string): string[] => text.replace(/\n$/, '').split('\n');

const lineHash = (line: string): string =>
  createHash('sha1').update(line).digest('hex').slice(0, 8);

/** The code of a script without its comments (`--[[ … ]]` blocks and `--` to the end of line). */
function code(text: string): string {
  return text.replace(/--\[(=*)\[[\s\S]*?\]\1\]/g, '').replace(/--[^\n]*/g, '');
}

/** Each Redis call in `text`, by the names BullMQ calls it through (`redis.call`, `rcall`). */
function callsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of code(text).matchAll(/\b(?:redis\.call|redis\.pcall|rcall)\s*\(([^)]*)\)/g)) {
    out.push(
      m[1]!
        .split(',')
        .map((a) => a.trim().replace(/^(["'])(.*)\1$/, '$2'))
        .join(' '),
    );
  }
  return out;
}

/** The KEYS[n] and ARGV[n] slots `text` reads, sorted and once each. */
function slotsOf(text: string): string[] {
  return [...new Set(code(text).match(/\b(?:KEYS|ARGV)\[\d+\]/g) ?? [])].sort();
}

/** The fingerprint of a script's text: what tests/bullmq-scripts.test.ts pins. */
export function fingerprint(text: string): ScriptFingerprint {
  return {
    sha: createHash('sha1').update(text).digest('hex'),
    lines: scriptLines(text).map(lineHash),
    calls: callsOf(text),
    slots: slotsOf(text),
  };
}

/** One line of a diff: kept, gone (its number in the pinned text) or new (its text now). */
type DiffLine =
  | { op: 'same'; was: number; now: number }
  | { op: 'gone'; was: number }
  | { op: 'new'; now: number };

/** The line diff of two hash lists: a longest common subsequence, walked from the start. */
function diffLines(was: readonly string[], now: readonly string[]): DiffLine[] {
  const n = was.length;
  const m = now.length;
  // lcs[i][j]: the longest common subsequence of was[i..] and now[j..]
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] =
        was[i] === now[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    // a changed line reads as the line that went, then the line that came
    if (i < n && j < m && was[i] === now[j]) out.push({ op: 'same', was: ++i, now: ++j });
    else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!))
      out.push({ op: 'gone', was: ++i });
    else out.push({ op: 'new', now: ++j });
  }
  return out;
}

/** `items` that `other` lacks, counting repeats (a call made twice where once was made is new). */
function without(items: readonly string[], other: readonly string[]): string[] {
  const left = [...other];
  return items.filter((x) => {
    const at = left.indexOf(x);
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

/**
 * What changed in `text` (the installed script `name` of BullMQ `version`) against `pinned`,
 * the script of BullMQ `pinnedVersion` that the lesson explains; null when it is the same text.
 * The lines that came are quoted from the installed text; the lines that went are named by
 * their number in the pinned version, whose text is not kept here.
 */
export function describeChange(
  name: string,
  pinned: ScriptFingerprint,
  pinnedVersion: string,
  text: string,
  version: string,
): string | null {
  const now = fingerprint(text);
  if (now.sha === pinned.sha) return null;
  const lines = scriptLines(text);
  const out = [
    `BullMQ ${version}'s ${name} is not the ${name} of BullMQ ${pinnedVersion} that the lesson explains.`,
    `  sha now ${now.sha}, pinned ${pinned.sha}`,
  ];
  const addedCalls = without(now.calls, pinned.calls);
  const goneCalls = without(pinned.calls, now.calls);
  if (addedCalls.length + goneCalls.length > 0) {
    out.push('The Redis calls it makes:');
    for (const c of goneCalls) out.push(`  no longer: ${c}`);
    for (const c of addedCalls) out.push(`  new:       ${c}`);
  }
  const addedSlots = without(now.slots, pinned.slots);
  const goneSlots = without(pinned.slots, now.slots);
  if (addedSlots.length + goneSlots.length > 0) {
    out.push('The KEYS and ARGV it reads:');
    if (goneSlots.length > 0) out.push(`  no longer: ${goneSlots.join(', ')}`);
    if (addedSlots.length > 0) out.push(`  new:       ${addedSlots.join(', ')}`);
  }
  out.push(`Its lines against ${pinnedVersion}'s (- a line ${pinnedVersion} had, + a line now):`);
  for (const d of diffLines(pinned.lines, now.lines)) {
    if (d.op === 'gone') out.push(`  - ${pinnedVersion} line ${d.was} (its text is not kept here)`);
    else if (d.op === 'new') out.push(`  + line ${d.now}: ${lines[d.now - 1]}`);
  }
  return out.join('\n');
}
