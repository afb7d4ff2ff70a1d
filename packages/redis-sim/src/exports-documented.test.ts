import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

/**
 * Everything the package's entries export has TSDoc: a reader of the package meets its API
 * through an editor's hover, not through its source. Read by parsing alone (no type checker):
 * each entry's exports are followed through `export … from` to the declaration they name.
 */
const PACKAGE = resolve(import.meta.dirname, '..');

/** The entries of the package's `exports` map that are code (the harness's modules are tests'). */
const ENTRIES = ['src/index.ts', 'src/client.ts', 'src/module.ts'];

const parsed = new Map<string, ts.SourceFile>();
function sourceOf(file: string): ts.SourceFile {
  let sf = parsed.get(file);
  if (!sf) {
    sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    parsed.set(file, sf);
  }
  return sf;
}

const hasDoc = (node: ts.Node) => ts.getJSDocCommentsAndTags(node).length > 0;
const target = (from: string, spec: ts.Expression) =>
  join(dirname(from), (spec as ts.StringLiteral).text);

/** The declarations `file` exports, by name, each with whether it (or its export line) has TSDoc. */
function exportsOf(file: string, seen = new Set<string>()): Map<string, boolean> {
  const out = new Map<string, boolean>();
  if (seen.has(file)) return out;
  seen.add(file);
  const sf = sourceOf(file);
  const local = new Map<string, boolean>();
  for (const st of sf.statements) {
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name)) local.set(d.name.text, hasDoc(st));
    if (
      (ts.isFunctionDeclaration(st) ||
        ts.isClassDeclaration(st) ||
        ts.isInterfaceDeclaration(st) ||
        ts.isTypeAliasDeclaration(st) ||
        ts.isEnumDeclaration(st)) &&
      st.name
    )
      local.set(st.name.text, (local.get(st.name.text) ?? false) || hasDoc(st));
  }
  const exported = (st: ts.Statement) =>
    ts.canHaveModifiers(st) &&
    (ts.getModifiers(st) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isExportDeclaration(st)) {
      const from = st.moduleSpecifier && target(file, st.moduleSpecifier);
      if (!st.exportClause) {
        // export * from './x.ts'
        if (from) for (const [name, doc] of exportsOf(from, seen)) out.set(name, doc);
      } else if (ts.isNamespaceExport(st.exportClause)) {
        out.set(st.exportClause.name.text, hasDoc(st));
      } else {
        const theirs = from ? exportsOf(from, new Set()) : local;
        for (const el of st.exportClause.elements) {
          const original = (el.propertyName ?? el.name).text;
          out.set(el.name.text, hasDoc(st) || (theirs.get(original) ?? false));
        }
      }
    } else if (exported(st)) {
      if (ts.isVariableStatement(st))
        for (const d of st.declarationList.declarations)
          if (ts.isIdentifier(d.name)) out.set(d.name.text, hasDoc(st));
      const name = (st as ts.DeclarationStatement).name;
      if (name && ts.isIdentifier(name)) out.set(name.text, local.get(name.text) ?? hasDoc(st));
    }
  }
  return out;
}

describe("the package's API is documented", () => {
  test('the reading follows every kind of export to what it names', () => {
    const names = [...exportsOf(join(PACKAGE, 'src/index.ts')).keys()];
    // a local function, a re-export, `export *` of the light entry, a namespace, a type
    for (const name of ['traceEval', 'createServer', 'formatCliReply', 'LuaAst', 'ServerModule'])
      expect(names).toContain(name);
  });

  test.each(ENTRIES)('every export of %s has TSDoc', (entry) => {
    const exports = exportsOf(join(PACKAGE, entry));
    expect(exports.size).toBeGreaterThan(0);
    const bare = [...exports].filter(([, doc]) => !doc).map(([name]) => name);
    expect(bare).toEqual([]);
  });
});
