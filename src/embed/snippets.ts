/**
 * The snippets a course author pastes into their page, for a widget in a given
 * state. Plain strings, so they are tested as text and the Embed dialog only
 * shows them.
 */
import { hashWithValue } from '../console/share.ts';
import type { ElementPin } from './element-pin.ts';
import { optionsQuery, type EmbedOptions } from './options.ts';
import { WIDGET_INFO, type EmbedWidget } from './widgets.ts';

/**
 * Where the widget's embed page is, with its options in the query and, in the hash, the
 * (stepper) state and the console's typed lines, which a browser never sends to a server.
 */
export function embedUrl(
  siteUrl: string,
  widget: EmbedWidget,
  options: EmbedOptions,
  hash: string,
): string {
  const page = new URL(WIDGET_INFO[widget].page, siteUrl).href;
  return `${page}${optionsQuery(options)}${hashWithValue(hash, options.console)}`;
}

const attr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A name for one pasted widget, `batch-lease-stepper-k3f9`: the frame's `name` (or the element's
 * `id`) is the `instance` its host events carry, so two widgets on one page are told apart.
 * `random` is 0 ≤ r < 1.
 */
export function instanceName(widget: EmbedWidget, random: number): string {
  const tail = Math.floor(random * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `batch-lease-${widget}-${tail}`;
}

/**
 * The iframe alone: it works where a sanitizer keeps only the iframe (Canvas drops
 * script tags), at a default height that fits the widget, lazily loaded, with a title and a
 * `name` (the `instance` of its host events).
 * No style attribute: a host with a strict style-src would refuse it (frameborder does
 * the one thing it was for).
 */
export function iframeSnippet(url: string, widget: EmbedWidget, name: string): string {
  const info = WIDGET_INFO[widget];
  return (
    `<iframe src="${attr(url)}" name="${attr(name)}" title="${attr(info.title)}" width="100%" ` +
    `height="${info.defaultHeight}" loading="lazy" frameborder="0"></iframe>`
  );
}

/** The resizer, for hosts that allow a script tag: frames then fit their content exactly. */
export function resizerSnippet(siteUrl: string): string {
  return `<script src="${attr(new URL('embed/resizer.js', siteUrl).href)}" async></script>`;
}

/**
 * The custom element and its module: pinned (the versioned name and its `integrity`) when the
 * build's {@link ElementPin} is known, else the plain name, which follows each deploy.
 */
export function elementSnippet(
  siteUrl: string,
  widget: EmbedWidget,
  options: EmbedOptions,
  hash: string,
  name: string,
  pin: ElementPin | null = null,
): string {
  const info = WIDGET_INFO[widget];
  const attrs: string[] = [`id="${attr(name)}"`];
  if (options.theme !== 'auto') attrs.push(`theme="${options.theme}"`);
  if (widget !== 'fates' && hash) attrs.push(`state="${attr(hash)}"`);
  if (options.hideEditor) attrs.push('editor="0"');
  if (options.predict) attrs.push('predict="1"');
  if (options.fate) attrs.push(`fate="${attr(options.fate)}"`);
  if (options.console) attrs.push(`console="${attr(options.console)}"`);
  if (options.offThread && widget !== 'fates') attrs.push('off-thread');
  const module = new URL(`embed/${pin?.module ?? 'batch-lease.js'}`, siteUrl).href;
  const integrity = pin ? ` integrity="${attr(pin.integrity)}"` : '';
  return (
    `<script type="module" src="${attr(module)}"${integrity}></script>\n` +
    `<${info.element}${attrs.map((a) => ` ${a}`).join('')}></${info.element}>`
  );
}
