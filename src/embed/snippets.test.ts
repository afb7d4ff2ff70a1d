import { describe, expect, test } from 'vitest';
import { DEFAULT_OPTIONS } from './options.ts';
import { elementSnippet, embedUrl, iframeSnippet, resizerSnippet } from './snippets.ts';

const site = 'https://lessons.example.org/batch/';
const hash = '#stepper?preset=default&x=script&k=7';

describe('embed snippets', () => {
  test('the iframe carries the state, a title, lazy loading and no script or style', () => {
    const url = embedUrl(site, 'stepper', { ...DEFAULT_OPTIONS, theme: 'dark' }, hash);
    expect(url).toBe(
      'https://lessons.example.org/batch/embed/stepper.html?theme=dark#stepper?preset=default&x=script&k=7',
    );
    const html = iframeSnippet(url, 'stepper');
    expect(html).toContain(
      'src="https://lessons.example.org/batch/embed/stepper.html?theme=dark#stepper?preset=default&amp;x=script&amp;k=7"',
    );
    expect(html).toMatch(/title="[^"]+"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toMatch(/height="\d+"/);
    expect(html).not.toMatch(/<script|style=/);
  });

  test('the resizer and the element name the lesson’s own files', () => {
    expect(resizerSnippet(site)).toBe(
      '<script src="https://lessons.example.org/batch/embed/resizer.js" async></script>',
    );
    expect(elementSnippet(site, 'stepper', { ...DEFAULT_OPTIONS, predict: true }, hash)).toBe(
      '<script type="module" src="https://lessons.example.org/batch/embed/batch-lease.js"></script>\n' +
        '<batch-lease-stepper state="#stepper?preset=default&amp;x=script&amp;k=7" predict="1"></batch-lease-stepper>',
    );
    expect(elementSnippet(site, 'fates', { ...DEFAULT_OPTIONS, fate: 'no-row' }, '')).toContain(
      '<batch-lease-fates fate="no-row"></batch-lease-fates>',
    );
  });
});
