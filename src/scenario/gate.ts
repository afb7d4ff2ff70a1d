/**
 * The id gate as the editor and the URL codec see it: the simulated Keyspace.job_key, so a
 * refusal reads exactly as the verb raises it.
 */
import { jobKey, RaisedError } from '@batch-lease/echomq';

/** The gate's refusal for `id` (as iex prints the raise), or null when the gate lets it through. */
export function gateRefusal(id: string, queue = 'q'): string | null {
  try {
    jobKey(queue, id);
    return null;
  } catch (e) {
    if (e instanceof RaisedError) return e.render();
    throw e;
  }
}
