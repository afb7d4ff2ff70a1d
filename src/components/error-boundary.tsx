import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FailureNotice } from './failure-notice.tsx';

export { describeFailure, reloadKeepingState } from './failure-notice.tsx';

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
    return <FailureNotice error={error} what={this.props.what} onRetry={this.retry} />;
  }
}
