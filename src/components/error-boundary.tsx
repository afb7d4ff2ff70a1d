import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError, describeChunkFailure } from '../loading/load-chunk.ts';
import s from './error-boundary.module.css';

export interface ErrorBoundaryProps {
  /** the part of the page in the lesson's words ("the scenario editor"), for the message */
  what: string;
  /** called before the children render again, e.g. to import a failed chunk afresh */
  onRetry?: () => void;
  /** told of every error caught, for the console or a test */
  onError?: (error: unknown, info: ErrorInfo) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
}

/** The longest part of an error's own message the page repeats. */
const MAX_DETAIL = 120;

/** The message for an error a part of the page caught, in plain words with the way out. */
export function describeFailure(error: unknown, what: string): string {
  if (error instanceof ChunkLoadError) return describeChunkFailure(error);
  const detail = error instanceof Error ? error.message : String(error);
  const short = detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL)}…` : detail;
  return `${what.charAt(0).toUpperCase()}${what.slice(1)} stopped because of an error in the lesson's code (${short}). Press Retry, or reload the page.`;
}

/** True when the failure is a chunk the server no longer has: only a reload helps. */
const isGone = (error: unknown) => error instanceof ChunkLoadError && error.kind === 'gone';

/**
 * Keeps a failure in one part of the page from emptying the rest: it shows what went wrong in
 * plain words, with Retry (which renders the part again, importing its chunk afresh through
 * `onRetry`) or, when a redeploy removed the chunk, a reload that keeps the learner's state
 * (the stepper's state is in the URL, and unapplied edits in session storage).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return (
      <div className={s.failure} role="alert" data-testid="part-failed">
        <p>{describeFailure(error, this.props.what)}</p>
        {isGone(error) ? (
          <button type="button" className={s.action} onClick={reloadKeepingState}>
            Reload the page
          </button>
        ) : null}
        <button type="button" className={s.action} onClick={this.retry}>
          Retry
        </button>
      </div>
    );
  }
}

/**
 * Reloads the page where it stands. The stepper's hash sync flushes its pending write on
 * `pagehide`, so the reloaded page opens on the same state.
 */
export function reloadKeepingState(): void {
  window.location.reload();
}
