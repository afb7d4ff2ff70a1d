import { parseElementPin } from './element-pin.ts';
import { describe, expect, test } from 'vitest';
import { encodeShared } from '../console/share.ts';
import { DEFAULT_OPTIONS } from './options.ts';
import {
  elementSnippet,
  embedUrl,
  iframeSnippet,
  instanceName,
  resizerSnippet,
} from './snippets.ts';
import { WIDGET_INFO } from './widgets.ts';

const site = 'https://lessons.example.org/batch/';
const hash = '#stepper?preset=default&x=script&k=7';

describe('embed snippets', () => {
  test('the iframe carries the state, a title, lazy loading and no script or style', () => {
    const url = embedUrl(site, 'stepper', { ...DEFAULT_OPTIONS, theme: 'dark' }, hash);
    expect(url).toBe(
      'https://lessons.example.org/batch/embed/stepper.html?theme=dark#stepper?preset=default&x=script&k=7',
    );
    const html = iframeSnippet(url, 'stepper', 'batch-lease-stepper-a1b2');
    expect(html).toContain(
      'src="https://lessons.example.org/batch/embed/stepper.html?theme=dark#stepper?preset=default&amp;x=script&amp;k=7"',
    );
    expect(html).toMatch(/title="[^"]+"/);
    expect(html).toContain('name="batch-lease-stepper-a1b2"');
    expect(html).toContain('loading="lazy"');
    expect(html).toMatch(/height="\d+"/);
    expect(html).not.toMatch(/<script|style=/);
  });

  test('each dialog names its widget apart, so two pasted frames are two instances', () => {
    expect(instanceName('stepper', 0)).toBe('batch-lease-stepper-0000');
    expect(instanceName('console', 0.5)).toMatch(/^batch-lease-console-[0-9a-z]{4}$/);
    expect(instanceName('fates', 0.1)).not.toBe(instanceName('fates', 0.2));
  });

  test('the resizer and the element name the lesson’s own files', () => {
    expect(resizerSnippet(site)).toBe(
      '<script src="https://lessons.example.org/batch/embed/resizer.js" async></script>',
    );
    expect(
      elementSnippet(site, 'stepper', { ...DEFAULT_OPTIONS, predict: true }, hash, 'bl-1'),
    ).toBe(
      '<script type="module" src="https://lessons.example.org/batch/embed/batch-lease.js"></script>\n' +
        '<batch-lease-stepper id="bl-1" state="#stepper?preset=default&amp;x=script&amp;k=7" predict="1"></batch-lease-stepper>',
    );
    expect(
      elementSnippet(site, 'fates', { ...DEFAULT_OPTIONS, fate: 'no-row' }, '', 'bl-2'),
    ).toContain('<batch-lease-fates id="bl-2" fate="no-row"></batch-lease-fates>');
  });

  test('the element pinned: the versioned module with its integrity, when the build’s pin is known', () => {
    const pin = parseElementPin(
      JSON.stringify({
        module: 'batch-lease-0123456789ab.js',
        integrity: `sha384-${'A'.repeat(64)}`,
      }),
    );
    expect(pin).not.toBeNull();
    expect(elementSnippet(site, 'fates', DEFAULT_OPTIONS, '', 'bl-3', pin)).toBe(
      `<script type="module" src="https://lessons.example.org/batch/embed/batch-lease-0123456789ab.js" integrity="sha384-${'A'.repeat(64)}"></script>\n` +
        '<batch-lease-fates id="bl-3"></batch-lease-fates>',
    );
    // a pin file that is not one is no pin: the plain name, never a broken integrity
    for (const bad of ['', '{}', '{"module":"../x.js","integrity":"sha384-x"}', '[1]'])
      expect(parseElementPin(bad)).toBeNull();
  });

  test('the console carries the stepper state and its typed lines, in the URL’s hash and as attributes', () => {
    const { value } = encodeShared({ step: 7, lines: ['ZSCORE q:active JOB1'] });
    const options = { ...DEFAULT_OPTIONS, console: value };
    // in the hash, which a browser never sends to a server
    expect(embedUrl(site, 'console', options, hash)).toBe(
      `https://lessons.example.org/batch/embed/console.html${hash}&console=${value}`,
    );
    expect(embedUrl(site, 'console', { ...options, theme: 'dark' }, '')).toBe(
      `https://lessons.example.org/batch/embed/console.html?theme=dark#console=${value}`,
    );
    expect(iframeSnippet(embedUrl(site, 'console', options, hash), 'console', 'c')).toContain(
      `height="${WIDGET_INFO.console.defaultHeight}"`,
    );
    expect(elementSnippet(site, 'console', options, hash, 'c')).toContain(
      `<batch-lease-console id="c" state="#stepper?preset=default&amp;x=script&amp;k=7" console="${value}"></batch-lease-console>`,
    );
  });

  test('off-thread, when chosen, is an attribute of the element only: the iframe’s page runs its worker anyway', () => {
    const options = { ...DEFAULT_OPTIONS, offThread: true };
    expect(elementSnippet(site, 'console', options, '', 'c')).toContain(
      '<batch-lease-console id="c" off-thread></batch-lease-console>',
    );
    expect(elementSnippet(site, 'stepper', options, hash, 's')).toContain(
      '<batch-lease-stepper id="s" state="#stepper?preset=default&amp;x=script&amp;k=7" off-thread></batch-lease-stepper>',
    );
    // the fate picker runs no simulator of its own
    expect(elementSnippet(site, 'fates', options, '', 'f')).toContain(
      '<batch-lease-fates id="f"></batch-lease-fates>',
    );
    expect(embedUrl(site, 'console', options, '')).toBe(
      'https://lessons.example.org/batch/embed/console.html',
    );
    // unchosen, the element tries no worker a strict host would have to refuse
    expect(elementSnippet(site, 'console', DEFAULT_OPTIONS, '', 'c')).not.toContain('off-thread');
  });
});
