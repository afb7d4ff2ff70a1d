import { ChunkLoadError, describeChunkFailure } from '../loading/index.ts';
import { cutAt } from '../content/shown-cut.ts';
import s from './error-boundary.module.css';

/** The longest part of an error's own message the page repeats. */
const MAX_DETAIL = 120;

/** The message for an error a part of the page caught, in plain words with the way out. */
export function describeFailure(error: unknown, what: string): string {
  if (error instanceof ChunkLoadError) return describeChunkFailure(error);
  const detail = error instanceof Error ? error.message : String(error);
  const short = cutAt(detail, MAX_DETAIL);
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} stopped because of an error in the lesson's code (${short}). Press Retry, or reload the page.`;
}

export interface FailureNoticeProps {
  error: unknown;
  /** the part of the page in the lesson's words ("the stepper") */
  what: string;
  /** tries again: imports the chunk afresh, renders the part again */
  onRetry: () => void;
}

/** True when the failure is a chunk the server no longer has: only a reload helps. */
const isGone = (error: unknown) => error instanceof ChunkLoadError && error.kind === 'gone';

/**
 * What a failed part of the page says in its place: the failure in plain words, Retry, and for a
 * chunk a redeploy removed, a reload that keeps the learner's state (it is in the URL). The error
 * boundaries show it, and so does an island whose chunk never came.
 */
export function FailureNotice({ error, what, onRetry }: FailureNoticeProps) {
  return (
    <div className={s.failure} role="alert" data-testid="part-failed">
      <p>{describeFailure(error, what)}</p>
      {isGone(error) ? (
        <button type="button" className={s.action} onClick={reloadKeepingState}>
          Reload the page
        </button>
      ) : null}
      <button type="button" className={s.action} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/**
 * Reloads the page where it stands. The stepper's hash sync flushes its pending write on
 * `pagehide`, so the reloaded page opens on the same state.
 */
export function reloadKeepingState(): void {
  window.location.reload();
}
