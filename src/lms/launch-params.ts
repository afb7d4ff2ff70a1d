/**
 * The parameters a cmi5 platform launches an AU with (cmi5 §8.1), in a module that imports
 * nothing, so the stepper's "Copy link to this step" can leave them out without loading a
 * runtime: they name the learner (`actor`), their registration and the platform's token
 * address, and a link a learner shares must carry none of them.
 */

/** The parameters a cmi5 platform launches an AU with (cmi5 §8.1). */
export const CMI5_LAUNCH_PARAMS = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];

/** `search` (a URL's query, with its `?` or empty) without a platform's launch parameters. */
export function withoutLaunchParams(search: string): string {
  const params = new URLSearchParams(search);
  if (!CMI5_LAUNCH_PARAMS.some((p) => params.has(p))) return search;
  for (const p of CMI5_LAUNCH_PARAMS) params.delete(p);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
