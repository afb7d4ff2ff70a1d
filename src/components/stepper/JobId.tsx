import { visibleText } from '@batch-lease/redis-sim/client';
import s from './stepper.module.css';

/** Ids longer than this are cut with an ellipsis; the whole id shows on hover and on focus. */
export const ID_SHOWN_CHARS = 16;
/** A phone's tables cut ids longer than this (`.jobIdCutPhone`'s width in the stylesheet). */
const PHONE_SHOWN_CHARS = 9;
// The tables set ids in monospace, where a printable ASCII character is one `ch` wide; any other
// (a wide letter, an emoji) may be wider, so such an id may need its cut whatever its length.
const ONE_CH_EACH = /^[\x20-\x7e]*$/;

/**
 * A job id as the stepper's tables show it: monospace on one line, never broken mid-id. A long
 * one is truncated, with the full id in its title (hover) and shown whole while it has focus.
 * The id is the learner's or a link's: isolated (`<bdi>`), with any format character or byte
 * that is not UTF-8 spelled out (visibleText), so it cannot reorder or hide its neighbours.
 *
 * Only an id that may be wider than its cut is clipped: a clip is a paint chunk of its own,
 * bounded by the id's text, and one per id made the browser lay out the page's layers again on
 * every step that rewrote an id in the active set's window.
 */
export function JobId({ id: raw }: { id: string }) {
  const id = visibleText(raw);
  const long = id.length > ID_SHOWN_CHARS;
  const narrow = ONE_CH_EACH.test(id);
  const cut = long || !narrow ? ` ${s.jobIdCut}` : '';
  const phoneCut = id.length > PHONE_SHOWN_CHARS ? ` ${s.jobIdCutPhone}` : '';
  return (
    <bdi
      className={`${s.jobId}${cut}${phoneCut}`}
      title={long ? id : undefined}
      tabIndex={long ? 0 : undefined}
      aria-label={long ? id : undefined}
    >
      {id}
    </bdi>
  );
}
