import { decodeSharedValue, SHARE_PARAM } from '../console/share.ts';
import { echoOf } from '../scenario/index.ts';
import { FATES, type FateId } from '../fates/picker.ts';
import { EMBED_THEMES, type EmbedTheme, type EmbedWidget } from './widgets.ts';

/** What a host can set on an embed, besides the stepper state in the hash. */
export interface EmbedOptions {
  theme: EmbedTheme;
  /** hide the scenario editor (stepper only) */
  hideEditor: boolean;
  /** open in predict mode (stepper only) */
  predict: boolean;
  /** the fate shown first (fate picker only); null for the picker's default */
  fate: FateId | null;
  /**
   * the console's typed lines and the step they were typed on (console only), as the lesson's
   * `?console=` writes them (base64url); null for none. Kept as written, so a snippet repeats it.
   */
  console: string | null;
  /**
   * a custom element on another origin's page runs the simulator in a worker started from a
   * `blob:` URL (stepper and console; the host's CSP must allow `worker-src blob: <lesson>`).
   * The embed pages, on the lesson's origin, always run theirs in a worker: there it changes
   * nothing, and the iframe snippet never carries it.
   */
  offThread: boolean;
}

/** The options' names as they appear in an embed URL's query or an element's attributes. */
export const EMBED_OPTION_NAMES = [
  'theme',
  'editor',
  'predict',
  'fate',
  SHARE_PARAM,
  'off-thread',
] as const;
type OptionName = (typeof EMBED_OPTION_NAMES)[number];

export const DEFAULT_OPTIONS: EmbedOptions = {
  theme: 'auto',
  hideEditor: false,
  predict: false,
  fate: null,
  console: null,
  offThread: false,
};

/** The options read, and one plain-words notice per value that had to be ignored. */
export interface ReadOptions {
  options: EmbedOptions;
  notices: string[];
}

const ON = ['1', 'on', 'true', 'yes', ''];
const OFF = ['0', 'off', 'false', 'no'];

/** Where the options are read: an embed page's URL query, or a custom element's attributes. */
export type OptionsPlace = 'page' | 'element';

/**
 * Reads embed options from name/value pairs (a URL's query, or a custom
 * element's attributes). A bad value keeps the default and says so; the
 * echoed value is cut short and quoted, so a crafted link cannot make the
 * notice read as the lesson speaking. `place` says which: `off-thread` is the
 * custom element's alone, and an embed page's query that carries it is told so.
 */
export function readOptions(
  pairs: Iterable<[string, string]>,
  widget: EmbedWidget,
  place: OptionsPlace = 'element',
): ReadOptions {
  const options = { ...DEFAULT_OPTIONS };
  const notices: string[] = [];
  const ignored = (name: string, value: string, why: string) =>
    notices.push(
      `The embed setting ${name} was ignored (${why}; the link said: “${short(value)}”).`,
    );
  for (const [rawName, value] of pairs) {
    const name = rawName.toLowerCase();
    if (!(EMBED_OPTION_NAMES as readonly string[]).includes(name)) {
      notices.push(
        `The embed setting “${short(rawName)}” is not one this widget knows; it was ignored.`,
      );
      continue;
    }
    switch (name as OptionName) {
      case 'theme':
        if ((EMBED_THEMES as readonly string[]).includes(value))
          options.theme = value as EmbedTheme;
        else ignored('theme', value, 'it takes auto, light or dark');
        break;
      case 'fate': {
        const known = FATES.find((f) => f.id === value);
        if (widget !== 'fates') ignored('fate', value, 'only the fate picker has it');
        else if (!known) ignored('fate', value, 'it names no fate this picker knows');
        else options.fate = known.id;
        break;
      }
      case SHARE_PARAM:
        if (widget !== 'console') ignored(name, value, 'only the console has it');
        else if (!decodeSharedValue(value))
          ignored(name, value, 'it is not a list of console lines as the lesson writes one');
        else options.console = value;
        break;
      case 'off-thread': {
        const on = ON.includes(value.toLowerCase());
        if (place === 'page')
          ignored(
            name,
            value,
            'it is a setting of the custom element; this embed page always runs its simulator in a worker of the lesson’s own',
          );
        else if (!on && !OFF.includes(value.toLowerCase())) ignored(name, value, 'it takes 1 or 0');
        else if (widget === 'fates')
          ignored(name, value, 'only the stepper and the console have it');
        else options.offThread = on;
        break;
      }
      case 'editor':
      case 'predict': {
        const on = ON.includes(value.toLowerCase());
        const off = OFF.includes(value.toLowerCase());
        if (!on && !off) {
          ignored(name, value, 'it takes 1 or 0');
          break;
        }
        if (widget !== 'stepper') {
          ignored(name, value, 'only the stepper has it');
          break;
        }
        if (name === 'editor') options.hideEditor = off;
        else options.predict = on;
        break;
      }
    }
  }
  return { options, notices };
}

/**
 * The query string for `options`, leaving out defaults (so a plain embed URL stays plain). The
 * console's typed lines are not in it: they travel in the hash (see snippets.ts's `embedUrl`),
 * which no server log sees.
 */
export function optionsQuery(options: EmbedOptions): string {
  const q = new URLSearchParams();
  if (options.theme !== 'auto') q.set('theme', options.theme);
  if (options.hideEditor) q.set('editor', '0');
  if (options.predict) q.set('predict', '1');
  if (options.fate) q.set('fate', options.fate);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * What of a link's value a notice may repeat: the stepper's own rule (echo.ts), so a control or
 * format character (an RLO) is a blank, an address is left out, and only a short fragment shows.
 */
function short(s: string): string {
  return echoOf(s) ?? '…';
}
