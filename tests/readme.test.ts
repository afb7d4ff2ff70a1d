import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README says in short what a page of docs/ says in full, and sends the reader there: the
 * reliability section states every limit and what a real server does at each (issue #30's "done
 * when"), as docs/reliability.md's table of limits does with the learner's message, so the two
 * must name the same limits with the same figures, or a reader of the README is told a limit the
 * page no longer keeps; the stage's section describes the stepper's stage (issue #29's).
 */
const root = resolve(__dirname, '..');
const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

/** The body of the section `heading` (its `##` line) up to the next `##` heading. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start === -1) return '';
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  return lines.slice(start + 1, end === -1 ? undefined : end).join('\n');
}

/** The first table's rows in `text`, header and rule left out, as trimmed cells. */
function tableRows(text: string): string[][] {
  const rows = text
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    );
  return rows.slice(2);
}

/** The figures a cell states (`5`, `1,000,000,000`, `64mb`…), as digits. */
const figures = (cell: string): string[] =>
  [...cell.matchAll(/\d[\d,]*/g)].map((m) => m[0].replace(/,/g, ''));

describe('the README’s reliability section', () => {
  const readme = tableRows(section(read('README.md'), '## Reliability'));
  const doc = tableRows(section(read('docs/reliability.md'), '## The limits'));

  it('names every limit of docs/reliability.md, in its order, and links there', () => {
    expect(doc.length).toBeGreaterThan(0);
    expect(readme.map((r) => r[0])).toEqual(doc.map((r) => r[0]));
    expect(section(read('README.md'), '## Reliability')).toContain(
      '[docs/reliability.md](docs/reliability.md)',
    );
  });

  it('states each limit with the page’s figures and what a real server does', () => {
    for (const [name, simulator = '', server = ''] of readme) {
      const full = doc.find((r) => r[0] === name)!;
      expect(simulator, name).not.toBe('');
      expect(server, name).not.toBe('');
      // each figure the README gives is one the full table gives for that limit
      const known = new Set(figures(full.join(' ')));
      for (const n of figures(`${simulator} ${server}`))
        expect(known, `${name}: ${n}`).toContain(n);
    }
  });
});

describe('the README’s section on the stepper’s stage', () => {
  it("describes the stepper's stage, and points to the architecture's section", () => {
    const body = section(read('README.md'), "## The stepper's stage");
    for (const region of ['controls', 'narration', 'script', 'members', 'active set', 'tabs'])
      expect(body, region).toContain(region);
    expect(body).toMatch(/never .*(page's scroll|moves the page)/);
    expect(body).toContain('(docs/architecture.md#the-steppers-stage)');
    expect(read('docs/architecture.md')).toContain("\n## The stepper's stage\n");
  });
});
