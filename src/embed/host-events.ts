/**
 * The messages an embedded widget tells its host, with the xAPI verb each maps
 * to (as H5P does), so a course platform can record progress. They carry no
 * word the learner typed: widget, instance, step numbers, a member by its place
 * in the list (never the id the learner chose), the lesson's own names for an
 * answer, and a console command's canonical name (or `unknown`).
 */
import type { EmbedWidget } from './widgets.ts';

/** The prefix of every message's `type` and of the custom elements' event names. */
export const EMBED_NAMESPACE = 'batch-lease';

/** Every kind of message, declared once. */
export const EMBED_EVENT_KINDS = [
  'ready',
  'step',
  'completed',
  'answered',
  'tally',
  'command',
] as const;
export type EmbedEventKind = (typeof EMBED_EVENT_KINDS)[number];

/** The xAPI verbs (ADL vocabulary) the events map onto; `ready` maps to `initialized`. */
export const XAPI_VERBS: Readonly<Record<EmbedEventKind, { id: string; display: string }>> = {
  ready: { id: 'http://adlnet.gov/expapi/verbs/initialized', display: 'initialized' },
  step: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: 'experienced' },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: 'completed' },
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: 'answered' },
  tally: { id: 'http://adlnet.gov/expapi/verbs/scored', display: 'scored' },
  command: { id: 'http://adlnet.gov/expapi/verbs/interacted', display: 'interacted' },
};

/** What each kind carries. */
export interface EmbedEventDetail {
  ready: { n: number | null };
  /** `k` of `n` steps; `member` is the pair's 0-based index when the step is in the loop */
  step: { k: number; n: number; member: number | null };
  /** the run reached its reply */
  completed: { n: number; executor: string };
  /**
   * a prediction in predict mode (stepper: `id` is `member-<index>`, `answer` `rescored` or
   * `failed`), or a fate picked (fate picker: `id` is `fate`, `answer` the fate's id, `right`
   * null): the lesson's own names, never the learner's
   */
  answered: { member: number | null; id: string; answer: string; right: boolean | null };
  tally: { right: number; total: number; predictable: number };
  /**
   * a line ran in the console: the canonical name of its command (`GET`, `HELP`; `unknown` for
   * a word that names none, which may be anything the learner typed; never the arguments),
   * whether the server answered an error, and how many commands ran so far
   */
  command: { command: string; error: boolean; count: number };
}

/** One message as posted to the parent window / dispatched as a CustomEvent's detail. */
export type EmbedMessage<K extends EmbedEventKind = EmbedEventKind> = {
  /** `batch-lease:step`, … */
  type: `${typeof EMBED_NAMESPACE}:${K}`;
  widget: EmbedWidget;
  /** the host's name for this instance (the `id` of the frame or element), or null */
  instance: string | null;
  verb: { id: string; display: string };
} & EmbedEventDetail[K];

/** Builds the message for `kind`. */
export function embedMessage<K extends EmbedEventKind>(
  kind: K,
  widget: EmbedWidget,
  instance: string | null,
  detail: EmbedEventDetail[K],
): EmbedMessage<K> {
  return {
    type: `${EMBED_NAMESPACE}:${kind}`,
    widget,
    instance,
    verb: XAPI_VERBS[kind],
    ...detail,
  } as EmbedMessage<K>;
}

/** Where a widget's events go: the parent window (iframe) or the element (custom element). */
export type EmbedEmitter = <K extends EmbedEventKind>(kind: K, detail: EmbedEventDetail[K]) => void;
