/**
 * The lesson is served with `require-trusted-types-for 'script'` (public/_headers): a string
 * handed to a script sink (`new Worker(url)`, `script.src`, `innerHTML` of a script) is refused
 * unless it went through a Trusted Types policy, and the policy may be created only under a
 * name the CSP lists (`trusted-types batch-lease`). This is that one policy, and it trusts only
 * script URLs on the origin the lesson's own code came from, and the `blob:` bootstraps it made
 * itself for the lesson's worker (`workerBootstrap`), so an address from a link or a host page
 * can never become code. Where the browser has no Trusted Types (or the page does
 * not enforce them) the URL goes through as it is.
 */

/** The policy's name, as the CSP's `trusted-types` directive lists it. */
export const TRUSTED_TYPES_POLICY = 'batch-lease';

/** What a browser hands back for a script URL that passed the policy. */
export type ScriptUrl = string | { readonly __trustedScriptUrl: true };

interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL: (input: string) => string },
  ): { createScriptURL(input: string): ScriptUrl };
}

/** Why a URL was not trusted: not on the origin the lesson's code came from. */
export class UntrustedScriptUrlError extends Error {
  override readonly name = 'UntrustedScriptUrlError';
}

/**
 * `input` as a script URL the page may load: a same-origin http(s) URL (relative to `base`, the
 * lesson's module by default) passes; any other origin throws {@link UntrustedScriptUrlError},
 * and so does a `blob:` URL, even on this origin: a blob's origin is the page that made it, not
 * what is in it, so only the bootstraps this module made are trusted (in {@link allowed}).
 */
export function checkScriptUrl(input: string, base: string = import.meta.url): string {
  const url = new URL(input, base);
  if (url.protocol === 'blob:') {
    throw new UntrustedScriptUrlError(`${url.href} was not made by the lesson: it is not loaded`);
  }
  if (url.origin !== new URL(base).origin) {
    throw new UntrustedScriptUrlError(
      `${url.origin} is not the lesson's origin: its scripts are not loaded`,
    );
  }
  return url.href;
}

let policy: { createScriptURL(input: string): ScriptUrl } | null | undefined;

/** The `blob:` bootstraps this module made and has not revoked: the only blobs it trusts. */
const ownBootstraps = new Set<string>();

/** A URL the policy lets through: one of its own bootstraps, or a checked same-origin one. */
function allowed(input: string): string {
  return ownBootstraps.has(input) ? input : checkScriptUrl(input);
}

/**
 * `url` as a script URL for a Trusted Types sink (`new Worker(trustedScriptUrl(url))`): the
 * policy's object where the browser has Trusted Types, the checked string elsewhere.
 */
export function trustedScriptUrl(url: string | URL): ScriptUrl {
  if (policy === undefined) {
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
    policy = factory
      ? factory.createPolicy(TRUSTED_TYPES_POLICY, { createScriptURL: allowed })
      : null;
  }
  const text = String(url);
  return policy ? policy.createScriptURL(text) : allowed(text);
}

/** A module worker's script on the document's own origin, and how to let it go. */
export interface WorkerBootstrap {
  /** the `blob:` URL, through the policy, for `new Worker(url, { type: 'module' })` */
  readonly url: ScriptUrl;
  /** revokes the blob and the policy's trust in it (once the worker has started) */
  readonly revoke: () => void;
}

/**
 * A browser starts no worker from another origin's URL, which is what a custom element on a
 * course page of another origin has: this makes a `blob:` module, on the page's own origin,
 * whose only code is `import "<url>"` (a module worker fetches that with CORS, and the chunks
 * the worker imports resolve against `url`, so they come from the lesson's origin too). `url`
 * must be on the lesson's origin ({@link checkScriptUrl}); the policy trusts the blob it made
 * here and no other, until {@link WorkerBootstrap.revoke}.
 */
export function workerBootstrap(url: string): WorkerBootstrap {
  const target = checkScriptUrl(url);
  const blob = URL.createObjectURL(
    new Blob([`import ${JSON.stringify(target)};\n`], { type: 'text/javascript' }),
  );
  ownBootstraps.add(blob);
  let trusted: ScriptUrl;
  try {
    trusted = trustedScriptUrl(blob);
  } catch (e) {
    ownBootstraps.delete(blob);
    URL.revokeObjectURL(blob);
    throw e;
  }
  return {
    url: trusted,
    revoke: () => {
      ownBootstraps.delete(blob);
      URL.revokeObjectURL(blob);
    },
  };
}
