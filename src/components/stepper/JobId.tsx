import { visibleText } from '@batch-lease/redis-sim/client';
import s from './stepper.module.css';

/** Ids longer than this are cut with an ellipsis; the whole id shows on hover and on focus. */
export const ID_SHOWN_CHARS = 16;

/**
 * A job id as the stepper's tables show it: monospace on one line, never broken mid-id. A long
 * one is truncated, with the full id in its title (hover) and shown whole while it has focus.
 * The id is the learner's or a link's: isolated (`<bdi>`), with any format character or byte
 * that is not UTF-8 spelled out (visibleText), so it cannot reorder or hide its neighbours.
 */
export function JobId({ id: raw }: { id: string }) {
  const id = visibleText(raw);
  const long = id.length > ID_SHOWN_CHARS;
  return (
    <bdi
      className={s.jobId}
      title={long ? id : undefined}
      tabIndex={long ? 0 : undefined}
      aria-label={long ? id : undefined}
    >
      {id}
    </bdi>
  );
}
