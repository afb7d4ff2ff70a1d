import { visibleText } from '@batch-lease/redis-sim/client';
import s from './stepper.module.css';

/** Ids longer than this are shortened; the whole id shows on hover and on focus. */
export const ID_SHOWN_CHARS = 16;
/** A phone's tables shorten ids longer than this (see `.jobIdPhone` in the stylesheet). */
const PHONE_SHOWN_CHARS = 9;
// The tables set ids in monospace, where a printable ASCII character is one `ch` wide; any other
// (a wide letter, an emoji) may be wider, so such an id may need a clip whatever its length.
const ONE_CH_EACH = /^[\x20-\x7e]*$/;

/**
 * An id shortened to `shown` characters by cutting its middle: `JOB0KHTOWnGLuA` → `JOB0…GLuA`.
 * Ids minted one after another share their beginning (a time prefix), so a cut at the end would
 * show four members as the same `JOB0KHT…`; head and tail together tell them apart.
 */
export function middleCut(id: string, shown: number): string {
  if (id.length <= shown) return id;
  const head = Math.floor((shown - 1) / 2);
  return `${id.slice(0, head)}…${id.slice(id.length - (shown - 1 - head))}`;
}

/**
 * A job id as the stepper's tables show it: monospace on one line, never broken mid-id. A long
 * one is shortened in its middle, with the full id in its title (hover), read whole by a screen
 * reader, and shown whole while it has focus (a tap focuses it on a phone, where ids over nine
 * characters are shortened too). The id is the learner's or a link's: isolated (`<bdi>`), with
 * any format character or byte that is not UTF-8 spelled out (visibleText), so it cannot reorder
 * or hide its neighbours.
 *
 * A shortened ASCII id is text of a known width, never clipped: a clip is a paint chunk of its
 * own, and one per id made the browser lay out the page's layers again on every step that
 * rewrote an id in the active set's window. Only an id with wider characters is clipped.
 */
export function JobId({ id: raw }: { id: string }) {
  const id = visibleText(raw);
  const narrow = ONE_CH_EACH.test(id);
  const long = id.length > ID_SHOWN_CHARS;
  const phoneLong = id.length > PHONE_SHOWN_CHARS;
  if (!narrow) {
    return (
      <bdi className={`${s.jobId} ${s.jobIdCut}`} title={id} tabIndex={0} data-job-id="">
        {id}
      </bdi>
    );
  }
  if (!phoneLong) {
    return (
      <bdi className={s.jobId} data-job-id="">
        {id}
      </bdi>
    );
  }
  // Both short forms are in the page and the stylesheet shows the one the stage's width calls
  // for: the choice is made without measuring anything. Long ids take a place in the tab order;
  // ids cut only on a phone are focusable by a tap, not by Tab (whole on a wider stage).
  return (
    <bdi
      className={`${s.jobId} ${long ? s.jobIdLong : s.jobIdPhone}`}
      title={id}
      tabIndex={long ? 0 : -1}
      data-job-id=""
    >
      <span className={s.idWhole}>{id}</span>
      {long && (
        <span className={s.idShort} aria-hidden="true">
          {middleCut(id, ID_SHOWN_CHARS)}
        </span>
      )}
      <span className={s.idShortPhone} aria-hidden="true">
        {middleCut(id, PHONE_SHOWN_CHARS)}
      </span>
    </bdi>
  );
}
