// After the site's build, builds the lesson once more with every URL relative (base './') and
// writes it as three course packages, dist/lms/batch-lease-{scorm12,scorm2004,cmi5}.zip: the
// lesson's page and its assets, the manifest at the zip's root naming index.html, and a note
// with the completion rule. Each package's page carries a <meta name="batch-lease-package">
// naming its standard, which is how the page knows to look for a platform at all.
import { readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { lmsWords } from '../content/lms.ts';
import { PACKAGE_KINDS, PACKAGE_META, type PackageKind } from '../src/lms/kinds.ts';
import { manifestOf, masteryFromEnv } from './lms-manifests.ts';

/** The mode of the nested build (the other plugins leave their own nested builds out of it). */
export const LMS_MODE = 'lms';
/** The launch file, at every package's root. */
export const LAUNCH = 'index.html';
/** The note in every package that states the completion rule for whoever opens the zip. */
export const NOTE = 'about-this-package.txt';

/** The site's files a package leaves out: other pages' parts and the static host's own files. */
const LEFT_OUT = /^(\.vite\/|embed\/|_headers$|robots\.txt$)/;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!LEFT_OUT.test(path)) out.push(path);
  }
  return out.sort();
}

function note(kind: PackageKind, mastery: number | null): string {
  return [
    `${lmsWords.packageTitle} (${kind})`,
    '',
    lmsWords.packageDescription,
    '',
    `Completion: ${lmsWords.completionRule}`,
    mastery === null
      ? 'Mastery score: none (the platform records completion and the score, no pass or fail).'
      : `Mastery score: ${mastery} (a score at or above it passes; below it fails).`,
    '',
  ].join('\n');
}

/** Writes the three packages into `<outDir>/lms/`. */
export function lmsPackagesPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'lms-packages',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || config.build.lib || config.mode === LMS_MODE) return;
      const mastery = masteryFromEnv(process.env.LMS_MASTERY_SCORE);
      const courseId = process.env.LMS_COURSE_ID || 'urn:x-batch-lease:extension';
      const outDir = join(resolve(config.root, config.build.outDir), 'lms');
      // inside the project, so the nested build's prerender resolves React from node_modules
      const site = join(resolve(config.root, config.build.outDir), '.lms-site');
      try {
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: LMS_MODE,
          base: './',
          logLevel: 'warn',
          build: { outDir: site, emptyOutDir: true },
        });
        const files = await listFiles(site);
        const page = await readFile(join(site, LAUNCH), 'utf8');
        await mkdir(outDir, { recursive: true });
        const contents: Record<string, Uint8Array> = {};
        for (const f of files) contents[f] = await readFile(join(site, f));
        for (const kind of PACKAGE_KINDS) {
          const tagged = page.replace(
            '</head>',
            () => `  <meta name="${PACKAGE_META}" content="${kind}" />\n  </head>`,
          );
          const all = [...files, NOTE].sort();
          const manifest = manifestOf(kind, {
            title: lmsWords.packageTitle,
            description: lmsWords.packageDescription,
            launch: LAUNCH,
            files: all,
            masteryScore: mastery,
            courseId,
          });
          const zip: Zippable = {};
          zip[manifest.name] = new TextEncoder().encode(manifest.text);
          for (const f of files)
            zip[f] = f === LAUNCH ? new TextEncoder().encode(tagged) : contents[f]!;
          zip[NOTE] = new TextEncoder().encode(note(kind, mastery));
          await writeFile(join(outDir, `batch-lease-${kind}.zip`), zipSync(zip, { level: 9 }));
        }
      } finally {
        await rm(site, { recursive: true, force: true });
      }
    },
  };
}
