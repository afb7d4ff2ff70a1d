import { expect, test } from 'vitest';
import { forShadowRoot } from '../scripts/vite-plugin-embed-element.ts';

test('the page-level rules move onto the custom element’s host', () => {
  expect(forShadowRoot(":root{--bg:#fff}:root[data-theme='dark']{color-scheme:dark}")).toBe(
    ":host{--bg:#fff}:host([data-theme='dark']){color-scheme:dark}",
  );
  expect(forShadowRoot('._root_x{color:red}')).toBe('._root_x{color:red}');
});
