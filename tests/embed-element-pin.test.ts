import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeadersFile } from '../bench/lib/headers-file.mjs';
import { ELEMENT_PIN_FILE, parseElementPin } from '../src/embed/element-pin.ts';

// The custom elements' module, pinned: the name and hash the build wrote (which the Embed
// dialog puts in its snippet) must be those of the file served, or a host's page refuses it.
const embed = resolve(__dirname, '../dist/embed');

describe('the custom elements’ versioned module', () => {
  if (!existsSync(resolve(embed, 'batch-lease.js'))) {
    it('needs a build', () => {
      throw new Error('dist/embed/batch-lease.js is missing: run `npm run build` first');
    });
    return;
  }
  const pin = parseElementPin(readFileSync(resolve(embed, ELEMENT_PIN_FILE), 'utf8'))!;

  it('has the integrity of the file it names, which is the alias byte for byte', () => {
    expect(pin).not.toBeNull();
    const versioned = readFileSync(resolve(embed, pin.module));
    const digest = createHash('sha384').update(versioned).digest('base64');
    expect(pin.integrity).toBe(`sha384-${digest}`);
    expect(versioned.equals(readFileSync(resolve(embed, 'batch-lease.js')))).toBe(true);
  });

  it('is cached for good under its versioned name, asked for afresh under the alias', () => {
    const rules = parseHeadersFile(readFileSync(resolve(embed, '../_headers'), 'utf8'));
    const cache = (path: string) => headersFor(rules, path)['cache-control'];
    expect(cache(`/embed/${pin.module}`)).toBe('public, max-age=31536000, immutable');
    expect(cache('/embed/batch-lease.js')).toBe('no-cache');
    expect(cache(`/embed/${ELEMENT_PIN_FILE}`)).toBe('no-cache');
    expect(cache('/embed/stepper.html')).toBe('no-cache');
    // every file the module loads is hashed and cached for good, and others may load them
    const code = readFileSync(resolve(embed, pin.module), 'utf8');
    const chunks = [...code.matchAll(/import\("\.\/(chunks\/[^"]+\.js)"\)/g)].map((m) => m[1]!);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      expect(existsSync(resolve(embed, chunk)), chunk).toBe(true);
      expect(cache(`/embed/${chunk}`)).toBe('public, max-age=31536000, immutable');
      expect(headersFor(rules, `/embed/${chunk}`)['access-control-allow-origin']).toBe('*');
    }
  });
});
