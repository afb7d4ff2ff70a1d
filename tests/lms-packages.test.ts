import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_ATTRIBUTE, PACKAGE_KINDS, PACKAGE_META } from '../src/lms/kinds.ts';
import { courseUrlFrom, packageLinks } from '../scripts/lms-links.ts';
import {
  cmi5CourseStructure,
  scorm12Manifest,
  scorm2004Manifest,
} from '../scripts/lms-manifests.ts';

// The three course packages as `npm run build` writes them: each manifest well-formed (xmllint)
// with the elements its specification requires, every file it names in the zip, and every
// asset the page loads named relatively, so the package works under any path.
const dist = resolve(__dirname, '../dist/lms');
const scratch = mkdtempSync(join(tmpdir(), 'lms-manifests-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs xmllint's XPath on the manifest text; answers what it printed. */
function xpath(text: string, expr: string): string {
  const file = join(scratch, 'm.xml');
  writeFileSync(file, text);
  return execFileSync('xmllint', ['--xpath', expr, file], { encoding: 'utf8' }).trim();
}

const local = (name: string) => `*[local-name()='${name}']`;

describe.each(PACKAGE_KINDS)('the %s package', (kind) => {
  const path = join(dist, `batch-lease-${kind}.zip`);
  if (!existsSync(path)) {
    it('needs a build', () => {
      throw new Error(`${path} is missing: run \`npm run build\` first (npm test does)`);
    });
    return;
  }
  const files = unzipSync(readFileSync(path));
  const text = (name: string) => new TextDecoder().decode(files[name]);
  const manifestName = kind === 'cmi5' ? 'cmi5.xml' : 'imsmanifest.xml';

  it('has its manifest at the root, well-formed, naming index.html as the launch file', () => {
    const manifest = text(manifestName);
    const file = join(scratch, manifestName);
    writeFileSync(file, manifest);
    execFileSync('xmllint', ['--noout', file]);
    if (kind === 'cmi5') {
      expect(
        xpath(manifest, `string(/${local('courseStructure')}/${local('au')}/${local('url')})`),
      ).toBe('index.html');
      for (const el of ['course', 'au'])
        expect(xpath(manifest, `string(//${local(el)}/@id)`)).not.toBe('');
      expect(xpath(manifest, `string(//${local('au')}/@moveOn)`)).toBe('Completed');
    } else {
      const res = `/${local('manifest')}/${local('resources')}/${local('resource')}`;
      expect(xpath(manifest, `string(${res}/@href)`)).toBe('index.html');
      expect(
        xpath(
          manifest,
          `string(/${local('manifest')}/${local('metadata')}/${local('schemaversion')})`,
        ),
      ).toBe(kind === 'scorm12' ? '1.2' : '2004 4th Edition');
      // one organization whose one item points at the one SCO
      expect(xpath(manifest, `count(//${local('item')})`)).toBe('1');
      expect(xpath(manifest, `string(//${local('item')}/@identifierref)`)).toBe(
        xpath(manifest, `string(${res}/@identifier)`),
      );
      const scormType = xpath(
        manifest,
        `string(${res}/@*[local-name()='${kind === 'scorm12' ? 'scormtype' : 'scormType'}'])`,
      );
      expect(scormType).toBe('sco');
      // every file the resource lists is in the zip, and every file of the zip is listed
      const listed = xpath(manifest, `${res}/${local('file')}/@href`)
        .split(/\s+/)
        .map((a) => decodeURI(/href="([^"]*)"/.exec(a)![1]!));
      expect(listed.sort()).toEqual(
        Object.keys(files)
          .filter((f) => f !== manifestName)
          .sort(),
      );
    }
    // no mastery score unless the build was asked for one
    expect(manifest).not.toMatch(/mastery|minNormalizedMeasure/i);
  });

  it('holds a page that knows its package and names every asset relatively', () => {
    const page = text('index.html');
    expect(page).toContain(`<meta name="${PACKAGE_META}" content="${kind}"`);
    // the stylesheet hides the Embed button by the root's attribute (lesson.css)
    expect(page).toMatch(new RegExp(`<html ${PACKAGE_ATTRIBUTE}="${kind}"[ >]`));
    const refs = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const assets = refs.filter((r) => !/^(https?:|#|mailto:)/.test(r));
    expect(assets.length).toBeGreaterThan(3);
    for (const a of assets) {
      expect(a).toMatch(/^\.\//);
      expect(Object.keys(files)).toContain(a.slice(2));
    }
    // the scripts never reach for an absolute /assets/ path
    for (const [name, bytes] of Object.entries(files))
      if (name.endsWith('.js'))
        expect(new TextDecoder().decode(bytes)).not.toMatch(/["'`]\/assets\//);
    expect(text('about-this-package.txt')).toContain('Completion:');
  });

  it('links every page, style and script to a file inside it, or to an absolute https URL', () => {
    const names = new Set(Object.keys(files));
    const page = text('index.html');
    const ids = new Set([...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
    const problems: string[] = [];
    /** `ref`, found in the file `from`, must resolve inside the package or be https */
    const check = (from: string, ref: string) => {
      const url = ref.replace(/&amp;/g, '&');
      if (url.startsWith('#')) {
        // an anchor in the page, or a state the page reads from its hash (`#stepper?…`)
        const id = url.slice(1);
        if (/^[\w-]+$/.test(id) && !ids.has(id) && !/^stepper$/.test(id))
          problems.push(`${from}: ${ref} names no element of the page`);
        return;
      }
      if (/^https:\/\//.test(url)) return;
      if (/^data:/.test(url)) return;
      if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('/'))
        return void problems.push(`${from}: ${ref} leaves the package`);
      const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/') + 1) : '';
      const path = new URL(url, `https://package.invalid/${dir}`).pathname.slice(1);
      if (!names.has(decodeURIComponent(path)))
        problems.push(`${from}: ${ref} is not in the package`);
    };
    let count = 0;
    for (const [name, bytes] of Object.entries(files)) {
      const body = new TextDecoder().decode(bytes);
      const refs: string[] = [];
      if (name.endsWith('.html'))
        for (const m of body.matchAll(/\s(?:href|src|action|poster|data)="([^"]*)"/g))
          refs.push(m[1]!);
      if (name.endsWith('.css'))
        for (const m of body.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)) refs.push(m[1]!);
      if (name.endsWith('.js')) {
        // the chunk's imports and the files it asks for beside it (workers, preloads)
        for (const m of body.matchAll(/["'`](\.{1,2}\/[^"'`\s]+)["'`]/g)) refs.push(m[1]!);
        for (const m of body.matchAll(/new URL\(\s*["'`]([^"'`]+)["'`]\s*,\s*import\.meta\.url/g))
          refs.push(m[1]!);
        // a root path in a string is a link that cannot work from a deep path
        for (const m of body.matchAll(/["'`](\/(?:course|assets|embed|lms)\/[^"'`]*)["'`]/g))
          refs.push(m[1]!);
      }
      for (const r of refs) check(name, r);
      count += refs.length;
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(50);
    // a link that leaves the package opens a new window: the package's frame stays, and its session
    for (const m of page.matchAll(/<a\b[^>]*\shref="https:[^"]*"[^>]*>/g))
      expect(m[0]).toMatch(/\starget="_blank"/);
  });
});

describe('a mastery score, when the author asks for one', () => {
  const info = {
    title: 'T',
    description: 'D',
    launch: 'index.html',
    files: ['index.html'],
    masteryScore: 0.8,
    courseId: 'urn:x-test:course',
  };
  it('reaches each manifest as its specification writes it', () => {
    expect(xpath(scorm12Manifest(info), `string(//${local('masteryscore')})`)).toBe('80');
    expect(xpath(scorm2004Manifest(info), `string(//${local('minNormalizedMeasure')})`)).toBe(
      '0.8',
    );
    const cmi5 = cmi5CourseStructure(info);
    expect(xpath(cmi5, `string(//${local('au')}/@masteryScore)`)).toBe('0.8');
    expect(xpath(cmi5, `string(//${local('au')}/@moveOn)`)).toBe('CompletedAndPassed');
  });
});

describe('the course links of a package', () => {
  const page = [
    '<a class="skip-link" href="#lesson">Skip</a>',
    '<a href="/course/">EchoMQ course</a>',
    '<a class="module-nav-link" rel="prev" href="/course/the-queue/batches/"><span>Batches</span></a>',
    '<a href="https://valkey.io/commands/zadd/" rel="external">ZADD</a>',
  ].join('');
  it('go to the live course, in a new window, when the build names it', () => {
    const url = courseUrlFrom('https://learn.example.org/echomq/course', '/course/');
    expect(url).toBe('https://learn.example.org/echomq/course/');
    expect(packageLinks(page, { courseBase: '/course/', courseUrl: url })).toBe(
      [
        '<a class="skip-link" href="#lesson">Skip</a>',
        '<a href="https://learn.example.org/echomq/course/" target="_blank" rel="noopener noreferrer">EchoMQ course</a>',
        '<a class="module-nav-link" href="https://learn.example.org/echomq/course/the-queue/batches/" target="_blank" rel="prev noopener noreferrer"><span>Batches</span></a>',
        '<a href="https://valkey.io/commands/zadd/" target="_blank" rel="external noopener noreferrer">ZADD</a>',
      ].join(''),
    );
  });
  it('are their titles alone when the build knows no live course', () => {
    expect(courseUrlFrom(undefined, '/course/')).toBeNull();
    expect(courseUrlFrom(undefined, null)).toBeNull();
    expect(courseUrlFrom('', 'https://learn.example.org/course/')).toBe(
      'https://learn.example.org/course/',
    );
    const packaged = packageLinks(page, { courseBase: '/course/', courseUrl: null });
    expect(packaged).toContain('<span>EchoMQ course</span>');
    expect(packaged).toContain('<span class="module-nav-link"><span>Batches</span></span>');
    expect(packaged).not.toContain('/course/');
  });
  it('refuse a live course that is not an https address', () => {
    for (const bad of ['/course/', 'http://learn.example.org/course/', 'not a url'])
      expect(() => courseUrlFrom(bad, '/course/')).toThrow(/LMS_COURSE_URL/);
  });
});
