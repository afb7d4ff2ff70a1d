import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every path a Markdown file names exists. A doc that names a file that moved sends its reader
 * nowhere, and nothing else would notice: the README once cited a module two renames gone.
 *
 * Two kinds of reference are read: links (`[text](target)`, relative to the doc) and code spans
 * that look like a path (a slash, and either a known top folder or a file extension). A code
 * span may be written from the repository's root, from the doc's own folder (a package's
 * README names its files from the package), or as a path of the built site (what `public/`
 * holds, or what the build writes: listed below, each checked against the config that makes it).
 */
const root = resolve(__dirname, '..');

/** Paths of the built site that no source file has: each is written by the build. */
const BUILT = [
  // the custom elements' module, named by scripts/vite-plugin-embed-element.ts, the file that
  // pins its versioned name (src/embed/element-pin.ts) and the folder of its chunks (vite.config.ts)
  'embed/batch-lease.js',
  'embed/batch-lease.json',
  'embed/chunks',
];

const TOP = /^(\.ci|bench|content|docs|e2e|embed|examples|packages|public|scripts|src|tests)\//;
const EXT = /\.(c|cjs|css|ex|html|js|json|lua|md|mdx|mjs|mts|png|rs|sh|ts|tsx|txt|xml)$/;

function markdownFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.md'], {
    cwd: root,
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter((f) => f && !f.includes('node_modules/') && existsSync(join(root, f)));
}

/** The nearest folder above `file` (inclusive of its own) that holds a package.json. */
function packageRoot(file: string): string {
  let dir = dirname(join(root, file));
  while (dir.startsWith(root)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return root;
}

/** Whether a path with `*` in its last part matches at least one file. */
function globExists(base: string, path: string): boolean {
  const dir = join(base, dirname(path));
  if (!existsSync(dir)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  const re = new RegExp(`^${last.split('*').map(escapeRegExp).join('.*')}$`);
  return readdirSync(dir).some((name) => re.test(name));
}
const escapeRegExp = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

function resolves(bases: readonly string[], path: string): boolean {
  const clean = path
    .replace(/^\.\//, '')
    .replace(/[#?].*$/, '')
    .replace(/\/$/, '');
  if (BUILT.includes(clean)) return true;
  // a `**` pattern names a tree of files: its folder before the `**` must exist
  if (clean.includes('**')) return resolves(bases, clean.slice(0, clean.indexOf('**')));
  return bases.some((base) =>
    clean.includes('*') ? globExists(base, clean) : existsSync(join(base, clean)),
  );
}

/** The references in one Markdown text: links, then path-like code spans. */
function referencesIn(text: string): { link: string[]; code: string[] } {
  // fenced blocks hold snippets for other machines (a host's nginx, an iframe), not our paths
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const link = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((t) => !/^([a-z]+:|#|\/)/i.test(t));
  const code = [...prose.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1]!)
    .filter((t) => t.includes('/') && !/^([a-z]+:|\/|\.\.\/\.\.|dist\/|node_modules\/)/i.test(t))
    .filter((t) => /^[\w@.*/-]+$/.test(t))
    .filter((t) => TOP.test(t.replace(/^\.\//, '')) || EXT.test(t));
  return { link, code };
}

describe('paths named in the docs', () => {
  const files = markdownFiles();

  it('finds the docs it is meant to read', () => {
    expect(files).toContain('README.md');
    expect(files.some((f) => f.startsWith('docs/'))).toBe(true);
  });

  it('reads both kinds of reference, and skips fenced snippets', () => {
    const refs = referencesIn(
      'See [the map](docs/a.md), `src/x.ts`, `npm test`, `a/b`.\n```html\n`src/in-fence.ts`\n```\n',
    );
    expect(refs.link).toEqual(['docs/a.md']);
    expect(refs.code).toEqual(['src/x.ts']);
  });

  it('a missing path is reported', () => {
    expect(resolves([root], 'src/no-such-file-here.ts')).toBe(false);
    expect(resolves([root], 'tests/differential/lua-*')).toBe(true);
  });

  it.each(files)('%s names only paths that exist', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const { link, code } = referencesIn(text);
    const docDir = dirname(join(root, file));
    const missing = [
      ...link.filter((t) => !resolves([docDir], t)).map((t) => `link ${t}`),
      ...code
        .filter((t) => !resolves([root, docDir, packageRoot(file), join(root, 'public')], t))
        .map((t) => `\`${t}\``),
    ];
    // joined, so a failure lists every missing path rather than the first few
    expect(
      missing.join('\n'),
      `${relative(root, join(root, file))} names paths that do not exist`,
    ).toBe('');
  });
});
