import s from './stepper.module.css';

/** Ids longer than this are cut with an ellipsis; the whole id shows on hover and on focus. */
export const ID_SHOWN_CHARS = 16;

/**
 * A job id as the stepper's tables show it: monospace on one line, never broken mid-id. A long
 * one is truncated, with the full id in its title (hover) and shown whole while it has focus.
 */
export function JobId({ id }: { id: string }) {
  const long = id.length > ID_SHOWN_CHARS;
  return (
    <span
      className={s.jobId}
      title={long ? id : undefined}
      tabIndex={long ? 0 : undefined}
      aria-label={long ? id : undefined}
    >
      {id}
    </span>
  );
}
