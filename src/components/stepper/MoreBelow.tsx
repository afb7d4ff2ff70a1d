import { stepperWords as T } from '../../../content/stepper.ts';
import s from './stepper.module.css';

/**
 * The last two children of a box that scrolls inside (see `useMoreBelow`): the sentinel the
 * observer watches, and the cue shown over the box's lower edge while part of its content is
 * below it. Neither takes room, so a box whose words fit shows them as before. The cue's words
 * are an attribute the CSS shows, hidden from assistive technology (which reads the whole box),
 * so the box's text is still only its words.
 */
export function MoreBelowEnd() {
  return (
    <>
      <span className={s.end} data-end="" />
      <span className={s.moreCue} data-label={T.stage.more} aria-hidden="true" />
    </>
  );
}
