import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGE_KINDS, PACKAGE_META } from '../src/lms/kinds.ts';
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
    const refs = [...page.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    const assets = refs.filter((r) => !/^(https?:|#|mailto:)/.test(r) && !r.startsWith('/course'));
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
