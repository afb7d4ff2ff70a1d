/**
 * An Elixir exception a verb raised, as data: the UI shows it the way iex
 * prints it, `** (ArgumentError) ...`, and nothing was sent to the server.
 */
export class RaisedError extends Error {
  readonly exception: 'ArgumentError' | 'FunctionClauseError';

  constructor(exception: 'ArgumentError' | 'FunctionClauseError', message: string) {
    super(message);
    this.name = exception;
    this.exception = exception;
  }

  /** The line iex prints for an uncaught raise. */
  render(): string {
    return `** (${this.exception}) ${this.message}`;
  }
}

/** `FunctionClauseError` for a call no clause of `fun` (as `Mod.fun/arity`) matches. */
export function noClause(fun: string): RaisedError {
  return new RaisedError('FunctionClauseError', `no function clause matching in ${fun}`);
}

/** What `Integer.to_string/1` raises for a value that is not an integer. */
export function notAnInteger(): RaisedError {
  return new RaisedError(
    'ArgumentError',
    'errors were found at the given arguments:\n\n  * 1st argument: not an integer\n',
  );
}
