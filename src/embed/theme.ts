import type { EmbedTheme } from './widgets.ts';

/**
 * Pins the colour scheme on `el` (the embed page's <html>, or a custom
 * element's host): `auto` leaves it to prefers-color-scheme. The lesson's
 * colours are light-dark() pairs, so the attribute is all a theme needs.
 */
export function applyTheme(el: HTMLElement, theme: EmbedTheme): void {
  if (theme === 'auto') delete el.dataset.theme;
  else el.dataset.theme = theme;
}
