/**
 * Why the simulator's worker did not start, in the words the console and the stepper both say
 * (content/worker.ts). Light: the stepper carries it, so it must hold no more than the words.
 */
import { workerWords as W } from '../../content/worker.ts';
import { fill } from '../content/template.ts';
import type { WorkerFailure } from './worker-failure.ts';

/** The sentence that says which file failed and why. */
export function workerFailureWords(f: WorkerFailure): string {
  switch (f.kind) {
    case 'refused':
      return fill(W.refused, { url: f.url, directive: f.directive });
    case 'gone':
      return fill(W.gone, { url: f.url, status: String(f.status) });
    case 'network':
      return fill(W.network, {
        url: f.url,
        answer: f.status === null ? W.noAnswer : fill(W.answered, { status: String(f.status) }),
      });
    case 'threw':
      return fill(W.threw, { url: f.url, message: f.message });
    case 'unavailable':
      return fill(W.unavailable, { url: f.url, message: f.message });
    case 'not-asked':
      return fill(W.notAsked, { url: f.url });
    case 'blob-refused':
      return fill(W.blobRefused, { url: f.url, origin: new URL(f.url).origin });
  }
}
