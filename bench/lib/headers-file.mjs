// Reads a Netlify/Cloudflare-style `_headers` file: a path pattern on its own line, then its
// headers indented under it ("  Name: value"); `#` starts a comment. A pattern is a path, where
// `*` matches any run of characters (a splat).

/** Parses `_headers` text into rules: [{ pattern, headers: [[name, value], …] }, …]. */
export function parseHeadersFile(text) {
  const rules = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const m = /^\s+([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (!m || rules.length === 0)
      throw new Error(`_headers: cannot read the line ${JSON.stringify(raw)}`);
    rules.at(-1).headers.push([m[1].toLowerCase(), m[2]]);
  }
  return rules;
}

const matcher = (pattern) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );

/**
 * The headers every rule matching `path` sets, in file order. A header set twice for one path
 * is an error: hosts disagree on how to merge them, so the file must never rely on it.
 */
export function headersFor(rules, path) {
  const out = {};
  for (const rule of rules) {
    rule.regex ??= matcher(rule.pattern);
    if (!rule.regex.test(path)) continue;
    for (const [name, value] of rule.headers) {
      if (name in out) throw new Error(`_headers sets ${name} twice for ${path}`);
      out[name] = value;
    }
  }
  return out;
}
