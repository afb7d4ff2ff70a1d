/**
 * Which file a failed dynamic import could not get, and why. The browser's error names only the
 * chunk the page asked for ("Failed to fetch dynamically imported module: …/StepperConsole.js"),
 * even when that file arrived and one it imports did not; so the diagnosis asks the server for
 * the named chunk and, if it is there, for the chunks it imports, until it finds the one that
 * is not. A file this page's Content-Security-Policy refused is known from the policy's own
 * `securitypolicyviolation` event, since the server would serve it.
 */

/** What the server answered for one file: its status (null: no answer) and, if 200, its text. */
export interface FileAnswer {
  status: number | null;
  text?: string;
}

/** Asks the server for a file. */
export type AskServer = (url: string) => Promise<FileAnswer>;

/** Why a file did not arrive, as the server tells it (a refusal by the page's policy is a {@link Refusal}). */
export type FileFailure =
  | { kind: 'gone'; url: string; status: number }
  | { kind: 'network'; url: string | null; status: number | null };

/** The most chunks one diagnosis asks the server for (a chunk's imports, and theirs). */
export const MAX_FILES_ASKED = 40;

/** A GET that never throws: the status and, for a 200, the body. */
export async function askServer(url: string): Promise<FileAnswer> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    return { status: res.status, text: res.ok ? await res.text() : undefined };
  } catch {
    return { status: null };
  }
}

/**
 * The chunks a built ES module imports statically (`import … from "./x.js"`, `import "./x.js"`,
 * `export … from "./x.js"`), as absolute URLs. Only relative `.js` specifiers: the build names
 * its chunks so, and nothing else a chunk imports is a file of the site.
 */
export function staticImports(code: string, base: string): string[] {
  const found = new Set<string>();
  const re = /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"'\s]+\.m?js)["']/g;
  for (let m = re.exec(code); m; m = re.exec(code)) found.add(new URL(m[1]!, base).href);
  return [...found];
}

/**
 * Walks from `url` through the chunks it imports, breadth first, and answers the first file the
 * server does not have (404 or 410: gone) or would not send (no answer: the network). When
 * every file answers 200, the network is blamed for `url` itself (the import failed, the server
 * has it: the connection dropped while the browser fetched it).
 */
export async function findFailedFile(url: string, ask: AskServer): Promise<FileFailure> {
  const seen = new Set([url]);
  const queue = [url];
  while (queue.length > 0 && seen.size <= MAX_FILES_ASKED) {
    const at = queue.shift()!;
    const answer = await ask(at);
    if (answer.status === 404 || answer.status === 410)
      return { kind: 'gone', url: at, status: answer.status };
    if (answer.status === null || answer.status >= 400)
      return { kind: 'network', url: at, status: answer.status };
    for (const dep of staticImports(answer.text ?? '', at)) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      queue.push(dep);
    }
  }
  return { kind: 'network', url, status: null };
}

/** A script the page's policy refused: the file and the directive that refused it. */
export interface Refusal {
  url: string;
  directive: string;
}

/**
 * Records, while a chunk loads, the scripts this page's Content-Security-Policy refuses
 * (`script-src` and its `-elem` form, `worker-src`). `stop()` ends the recording.
 */
export function watchRefusals(): { refusals: Refusal[]; stop: () => void } {
  const refusals: Refusal[] = [];
  const target = typeof globalThis.addEventListener === 'function' ? globalThis : null;
  const listener = (e: Event) => {
    const v = e as SecurityPolicyViolationEvent;
    if (!/^(script-src|worker-src)/.test(v.effectiveDirective ?? '')) return;
    if (!/^https?:/.test(v.blockedURI ?? '')) return;
    refusals.push({ url: v.blockedURI, directive: v.effectiveDirective });
  };
  target?.addEventListener('securitypolicyviolation', listener);
  return {
    refusals,
    stop: () => target?.removeEventListener('securitypolicyviolation', listener),
  };
}
