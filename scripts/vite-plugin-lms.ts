// After the site's build (and its prerender), writes the site's lesson page and its assets as
// three course packages, dist/lms/batch-lease-{scorm12,scorm2004,cmi5}.zip: the manifest at the
// zip's root naming index.html, and a note with the completion rule. The site is built with
// every URL relative (base './' in vite.config.ts), so its own files work under any path a
// platform serves a package from; no second build. The page's links to the course's other
// pages, which are not in the package, are rewritten for it (lms-links.ts). Each package's page
// carries a <meta name="batch-lease-package"> naming its standard, which is how the page knows
// to look for a platform at all.
import { readdir, readFile, mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';
import type { Plugin, ResolvedConfig } from 'vite';
import { lmsWords } from '../content/lms.ts';
import {
  PACKAGE_ATTRIBUTE,
  PACKAGE_KINDS,
  PACKAGE_META,
  type PackageKind,
} from '../src/lms/kinds.ts';
import { courseBaseOf } from '../src/content/course-base.ts';
import { courseUrlFrom, packageLinks, type PackageLinks } from './lms-links.ts';
import { manifestOf, masteryFromEnv } from './lms-manifests.ts';
import { OUTLET } from './vite-plugin-prerender.ts';

/** The launch file, at every package's root. */
export const LAUNCH = 'index.html';
/** The note in every package that states the completion rule for whoever opens the zip. */
export const NOTE = 'about-this-package.txt';

/**
 * The site's files a package leaves out: other pages' parts, the build's own records, the static
 * host's files and the packages themselves.
 */
const LEFT_OUT = /^(\.vite\/|\.server\/|embed\/|lms\/|_headers$|robots\.txt$)/;

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!LEFT_OUT.test(path)) out.push(path);
  }
  return out.sort();
}

function note(kind: PackageKind, mastery: number | null, links: PackageLinks): string {
  return [
    `${lmsWords.packageTitle} (${kind})`,
    '',
    lmsWords.packageDescription,
    '',
    `Completion: ${lmsWords.completionRule}`,
    mastery === null
      ? 'Mastery score: none (the platform records completion and the score, no pass or fail).'
      : `Mastery score: ${mastery} (a score at or above it passes; below it fails).`,
    links.courseUrl !== null
      ? `Course links: to ${links.courseUrl}, each opening in a new window.`
      : links.courseBase === null
        ? 'Course links: none (the site was built without VITE_COURSE_BASE; the lesson names the course pages it relates to).'
        : 'Course links: none (the lesson names the course pages it relates to; build with LMS_COURSE_URL to link them).',
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
    // after the prerender's closeBundle (plugins' closeBundle hooks run in order): the page
    // is zipped as the learner reads it, rendered
    async closeBundle() {
      if (config.build.ssr || config.build.lib) return;
      const mastery = masteryFromEnv(process.env.LMS_MASTERY_SCORE);
      const courseId = process.env.LMS_COURSE_ID || 'urn:x-batch-lease:extension';
      // the page's course links, as a package at any path on a platform can carry them
      const courseBase = courseBaseOf(config.env.VITE_COURSE_BASE as string | undefined);
      const links = {
        courseBase,
        courseUrl: courseUrlFrom(process.env.LMS_COURSE_URL, courseBase),
      };
      const site = resolve(config.root, config.build.outDir);
      const outDir = join(site, 'lms');
      const files = await listFiles(site);
      const page = await readFile(join(site, LAUNCH), 'utf8');
      if (page.includes(OUTLET)) throw new Error(`${LAUNCH} is not prerendered yet`);
      await mkdir(outDir, { recursive: true });
      const contents: Record<string, Uint8Array> = {};
      for (const f of files) contents[f] = await readFile(join(site, f));
      // the same page and files in every package: only the <meta> (and the root's attribute the
      // stylesheet reads), the manifest and the note differ
      const linked = packageLinks(page, links);
      const all = [...files, NOTE].sort();
      for (const kind of PACKAGE_KINDS) {
        const tagged = linked
          .replace('<html', () => `<html ${PACKAGE_ATTRIBUTE}="${kind}"`)
          .replace(
            '</head>',
            () => `  <meta name="${PACKAGE_META}" content="${kind}" />\n  </head>`,
          );
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
        zip[NOTE] = new TextEncoder().encode(note(kind, mastery, links));
        await writeFile(join(outDir, `batch-lease-${kind}.zip`), zipSync(zip, { level: 9 }));
      }
    },
  };
}
