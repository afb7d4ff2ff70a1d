import { stepperWords as T } from '../../../content/stepper.ts';
import s from './stepper.module.css';

/**
 * The first child of a box that scrolls inside (see `useMoreBelow`): the cue shown over the box's
 * lower edge while part of its content is below it. It takes no room, and stands before the words
 * so that its place never moves with them (see `.moreCue` in the CSS). Its words are an attribute
 * the CSS shows, hidden from assistive technology (which reads the whole box), so the box's text
 * is still only its words.
 */
export function MoreBelowCue() {
  return <span className={s.moreCue} data-label={T.stage.more} aria-hidden="true" />;
}

/**
 * The last child of such a box: the sentinel the observer watches, which takes no room either,
 * so a box whose words fit shows them as before.
 */
export function MoreBelowEnd() {
  return <span className={s.end} data-end="" />;
}
