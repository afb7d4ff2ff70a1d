/**
 * docs/serving.md's nginx and Caddy examples send what `public/_headers` sends for the embeds:
 * for each kind of /embed/ path, the Content-Security-Policy, Access-Control-Allow-Origin and
 * Cache-Control `_headers` gives it are what the example's rules for that path set (nginx: the
 * `location` that serves it; Caddy: `header /embed/*` and the `@embedImmutable` matcher).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { headersFor, parseHeadersFile } from '../bench/lib/headers-file.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const rules = parseHeadersFile(readFileSync(resolve(ROOT, 'public/_headers'), 'utf8'));
const doc = readFileSync(resolve(ROOT, 'docs/serving.md'), 'utf8');
const code = (lang: string) => new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(doc)?.[1] ?? '';
const nginx = code('nginx');
const caddy = code('caddy');

/** nginx's `set $name "value";` lines, by name. */
const vars = new Map([...nginx.matchAll(/^set \$(\w+) "(.*)";$/gm)].map((m) => [m[1]!, m[2]!]));

/** The headers nginx's `location` for `path` adds (a matching regex wins over a prefix). */
function nginxHeaders(path: string): Record<string, string> {
  const locations = [...nginx.matchAll(/^location (?:(~|=) )?(\S+) \{\n([\s\S]*?)^\}/gm)];
  const regex = locations.find((m) => m[1] === '~' && new RegExp(m[2]!).test(path));
  const prefix = locations
    .filter((m) => m[1] === undefined && path.startsWith(m[2]!))
    .sort((a, b) => b[2]!.length - a[2]!.length)[0];
  const out: Record<string, string> = {};
  for (const m of ((regex ?? prefix)?.[3] ?? '').matchAll(/add_header ([\w-]+) (.*) always;/g)) {
    let value = m[2]!.replace(/^"(.*)"$/, '$1');
    if (value.startsWith('$')) value = vars.get(value.slice(1)) ?? value;
    out[m[1]!.toLowerCase()] = value;
  }
  return out;
}

/** The headers Caddy sets on `path`: the site-wide block, then `/embed/*`, then the matcher. */
function caddyHeaders(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  const read = (body: string) => {
    for (const m of body.matchAll(/^ {2}([\w-]+) (.*)$/gm)) {
      out[m[1]!.toLowerCase()] = m[2]!.replace(/^"(.*)"$/, '$1');
    }
  };
  read(/^header \{\n([\s\S]*?)^\}/m.exec(caddy)?.[1] ?? '');
  if (path.startsWith('/embed/'))
    read(/^header \/embed\/\* \{\n([\s\S]*?)^\}/m.exec(caddy)?.[1] ?? '');
  const matcher = /^@embedImmutable path_regexp (\S+)$/m.exec(caddy)?.[1];
  const line = /^header @embedImmutable ([\w-]+) "(.*)"$/m.exec(caddy);
  if (matcher && line && new RegExp(matcher).test(path)) out[line[1]!.toLowerCase()] = line[2]!;
  return out;
}

const PATHS = [
  '/embed/console.html',
  '/embed/batch-lease.js',
  '/embed/batch-lease.json',
  '/embed/batch-lease-0123abcd.js',
  '/embed/chunks/console-0123abcd.js',
  '/embed/assets/style-0123abcd.css',
];
const NAMES = ['content-security-policy', 'access-control-allow-origin', 'cache-control'];

describe('the nginx and Caddy examples send what _headers sends for /embed/', () => {
  test.each(PATHS)('%s', (path) => {
    const sent = headersFor(rules, path) as Record<string, string>;
    const pick = (h: Record<string, string>) => Object.fromEntries(NAMES.map((n) => [n, h[n]]));
    expect(Object.values(pick(sent)).every(Boolean)).toBe(true);
    expect(pick(nginxHeaders(path)), 'nginx').toEqual(pick(sent));
    expect(pick(caddyHeaders(path)), 'Caddy').toEqual(pick(sent));
  });
});
