/**
 * BullMQ's lock-extension scripts are read from the installed package, never kept here. These
 * tests hold the build-time reader to what BullMQ's own client sends, pin the scripts a
 * reviewer has read (so a BullMQ upgrade that changes one says so, and how to see the change),
 * and check that no file of this repository carries the script's text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BULLMQ_SCRIPT_NAMES, bullmqDir, readBullmq } from '../scripts/bullmq-scripts.ts';

const root = process.cwd();
const pkg = readBullmq(root);

/**
 * The scripts as last read and explained by the lesson ("How BullMQ does it"): BullMQ's
 * version and the SHA1 of each script's text. When BullMQ changes a script, update the
 * lesson's words if they no longer hold, then these.
 */
const PINNED = {
  version: '6.7.0',
  sha: {
    extendLocks: 'c35baf769e5dc3d9194b2bceca04ab59f7c510f7',
    extendLock: 'dc9605328a4cc37f68acbf27cdd42e393f7b762e',
  },
} as const;

describe("BullMQ's scripts, read from the installed package", () => {
  test('the version and licence come from its package.json', () => {
    const own = JSON.parse(readFileSync(`${bullmqDir(root)}/package.json`, 'utf8')) as {
      version: string;
      license: string;
    };
    expect(pkg.version).toBe(own.version);
    expect(pkg.license).toBe('MIT');
  });

  test.each(BULLMQ_SCRIPT_NAMES)(
    '%s: the text is byte for byte what BullMQ’s own client loads',
    async (name) => {
      const script = pkg.scripts[name];
      // BullMQ ships each script pre-built for its client in dist/esm/scripts/<name>-<keys>.js
      const built = `${bullmqDir(root)}/dist/esm/scripts/${name}-${script.numberOfKeys}.js`;
      const mod = (await import(pathToFileURL(built).href)) as Record<
        string,
        { name: string; content: string; keys: number }
      >;
      const shipped = mod[name]!;
      expect(shipped.name).toBe(name);
      expect(shipped.keys).toBe(script.numberOfKeys);
      expect(script.text).toBe(shipped.content);
    },
  );

  test.each(BULLMQ_SCRIPT_NAMES)('%s is the script the lesson explains (pinned SHA)', (name) => {
    const script = pkg.scripts[name];
    const pinned = PINNED.sha[name];
    if (script.sha !== pinned) {
      // a message to act on: which script, which versions, and the command that shows the diff
      const file = script.file;
      throw new Error(
        [
          `BullMQ ${pkg.version}'s ${name} is not the script pinned for BullMQ ${PINNED.version}.`,
          `  sha now:    ${script.sha}`,
          `  sha pinned: ${pinned}`,
          `The build shows the new script. See what changed with:`,
          `  npm diff --diff=bullmq@${PINNED.version} --diff=bullmq@${pkg.version} -- ${file}`,
          `then check the "How BullMQ does it" words in content/ and update PINNED in this file.`,
        ].join('\n'),
      );
    }
    expect(script.sha).toBe(pinned);
  });

  test('no file of this repository carries the script’s text', () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((f) => f !== '' && !f.startsWith('node_modules/'));
    for (const name of BULLMQ_SCRIPT_NAMES) {
      // any three consecutive lines of code from the script, taken from the installed package
      const lines = pkg.scripts[name].text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 12 && !l.startsWith('--') && !/^(end|else)$/.test(l));
      const probes = lines.slice(0, -2).map((_, i) => lines.slice(i, i + 3));
      expect(probes.length).toBeGreaterThan(0);
      for (const file of files) {
        let text: string;
        try {
          text = readFileSync(`${root}/${file}`, 'utf8');
        } catch {
          continue;
        }
        const flat = text
          .split('\n')
          .map((l) => l.trim())
          .join('\n');
        for (const probe of probes) {
          expect(flat.includes(probe.join('\n')), `${file} carries BullMQ's ${name}`).toBe(false);
        }
      }
    }
  });
});
