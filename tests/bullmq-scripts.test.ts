/**
 * BullMQ's lock-extension scripts are read from the installed package, never kept here. These
 * tests hold the build-time reader to what BullMQ's own client sends, pin the scripts a
 * reviewer has read (so a BullMQ upgrade that changes one says what changed: its calls, its
 * KEYS and ARGV, its lines), and check that no file of this repository carries the script's
 * text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { BULLMQ_SCRIPT_NAMES, bullmqDir, readBullmq } from '../scripts/bullmq-scripts.ts';
import { describeChange, fingerprint, scriptLines } from '../scripts/bullmq-change.ts';
import { PINNED_SCRIPTS, PINNED_VERSION } from '../scripts/bullmq-pinned.ts';

const root = process.cwd();
const pkg = readBullmq(root);

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

  test.each(BULLMQ_SCRIPT_NAMES)('%s is the script the lesson explains (pinned)', (name) => {
    const script = pkg.scripts[name];
    const change = describeChange(
      name,
      PINNED_SCRIPTS[name],
      PINNED_VERSION,
      script.text,
      pkg.version,
    );
    if (change !== null) {
      // what changed, then how to see the whole diff and what to do about it
      throw new Error(
        [
          change,
          `The build shows the new script. See the whole diff with:`,
          `  npm diff --diff=bullmq@${PINNED_VERSION} --diff=bullmq@${pkg.version} -- ${script.file}`,
          `then check the "How BullMQ does it" words in content/ against it, and pin it in`,
          `scripts/bullmq-pinned.ts (version ${pkg.version}) with:`,
          `  ${name}: ${JSON.stringify(fingerprint(script.text))}`,
        ].join('\n'),
      );
    }
    expect(fingerprint(script.text)).toEqual(PINNED_SCRIPTS[name]);
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

/** The installed extendLocks, edited as a newer BullMQ might edit it. */
const edited = (edit: (lines: string[]) => string[]) =>
  `${edit(scriptLines(pkg.scripts.extendLocks.text)).join('\n')}\n`;

describe('a changed script is described, not only refused', () => {
  // the installed script stands for the pinned one here, so these hold whatever BullMQ is installed
  const base = fingerprint(pkg.scripts.extendLocks.text);
  const describe_ = (text: string) =>
    describeChange('extendLocks', base, PINNED_VERSION, text, '9.9.9');

  test('the same text has no change to describe', () => {
    expect(describe_(pkg.scripts.extendLocks.text)).toBeNull();
  });

  test('a changed call is named, and its line is quoted from the new text', () => {
    const lines = scriptLines(pkg.scripts.extendLocks.text);
    const at = lines.findIndex((l) => /"PX"/.test(l));
    expect(at).toBeGreaterThan(-1);
    const text = edited((ls) =>
      ls.map((l, i) => (i === at ? l.replace('lockDuration)', 'lockDuration, "XX")') : l)),
    );
    const said = describe_(text)!;
    expect(said).toContain(
      `BullMQ 9.9.9's extendLocks is not the extendLocks of BullMQ ${PINNED_VERSION}`,
    );
    expect(said).toContain('no longer: SET lockKey token PX lockDuration');
    expect(said).toContain('new:       SET lockKey token PX lockDuration XX');
    expect(said).toContain(`- ${PINNED_VERSION} line ${at + 1} (its text is not kept here)`);
    expect(said).toContain(`+ line ${at + 1}: ${scriptLines(text)[at]}`);
    // only the one line changed: nothing else is listed
    expect(said.split('\n').filter((l) => /^ {2}[-+] /.test(l))).toHaveLength(2);
  });

  test('a new ARGV read and an inserted line are told apart from the lines that stayed', () => {
    const lines = scriptLines(pkg.scripts.extendLocks.text);
    const at = lines.findIndex((l) => /^local .*= ARGV\[4\]/.test(l));
    expect(at).toBeGreaterThan(-1);
    const text = edited((ls) => [
      ...ls.slice(0, at + 1),
      'local grace = ARGV[5]',
      ...ls.slice(at + 1),
    ]);
    const said = describe_(text)!;
    expect(said).toContain('The KEYS and ARGV it reads:\n  new:       ARGV[5]');
    expect(said).toContain(`+ line ${at + 2}: local grace = ARGV[5]`);
    expect(said).not.toContain('The Redis calls it makes');
    expect(said).not.toMatch(/^ {2}- /m);
  });

  test('a call that went is named, and so is the line it was on', () => {
    const lines = scriptLines(pkg.scripts.extendLocks.text);
    const at = lines.findIndex((l) => /"SREM"/.test(l));
    expect(at).toBeGreaterThan(-1);
    const text = edited((ls) => ls.filter((_, i) => i !== at));
    const said = describe_(text)!;
    expect(said).toContain('no longer: SREM stalledKey jobId');
    expect(said).toContain(`- ${PINNED_VERSION} line ${at + 1} (its text is not kept here)`);
    expect(said).not.toMatch(/^ {2}\+ /m);
  });

  test('a call in a comment is not one the script makes', () => {
    const text = [
      '--[[ rcall("DEL", KEYS[1]) ]]',
      '-- if rcall("SET", KEYS[1], ARGV[1], "PX", ARGV[2], "XX") then',
      'if redis.call("GET", KEYS[1]) == ARGV[1] then -- rcall("EXPIRE", KEYS[2], 1)',
      '  rcall("SET", KEYS[1], ARGV[1], "PX", ARGV[2])',
      'end',
    ].join('\n');
    expect(fingerprint(text).calls).toEqual(['GET KEYS[1]', 'SET KEYS[1] ARGV[1] PX ARGV[2]']);
    expect(fingerprint(text).slots).toEqual(['ARGV[1]', 'ARGV[2]', 'KEYS[1]']);
  });
});
