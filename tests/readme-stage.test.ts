import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

/**
 * Issue #29's "done when": the README describes the stepper's stage, in short, and sends the
 * reader on to docs/architecture.md's section, which describes it in full.
 */
const root = resolve(__dirname, '..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

it("describes the stepper's stage in the README, and points to the architecture's section", () => {
  const body = /\n## The stepper's stage\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? '';
  for (const region of ['controls', 'narration', 'script', 'members', 'active set', 'tabs'])
    expect(body, region).toContain(region);
  expect(body).toMatch(/never .*(page's scroll|moves the page)/);
  expect(body).toContain('(docs/architecture.md#the-steppers-stage)');
  expect(read('docs/architecture.md')).toContain("\n## The stepper's stage\n");
});
