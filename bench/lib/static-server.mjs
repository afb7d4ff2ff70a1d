import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { freePort } from '@batch-lease/redis-sim/differential/free-port.mjs';
import { headersFor, parseHeadersFile } from './headers-file.mjs';

/** Where _headers sends CSP reports (its `Reporting-Endpoints` and `report-uri`). */
const CSP_REPORTS = '/csp-report';

const gzipped = promisify(gzip);

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

/**
 * Serves a built folder on loopback (a free port unless `port` is given), gzip-compressed, the
 * way a static host serves the lesson: with exactly the headers the build's `_headers` file
 * (from public/) names for each path, and `_headers` itself never served.
 */
export async function serveStatic(root, { port } = {}) {
  root = resolve(root);
  const rules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8'));
  const listenOn = port ?? (await freePort());
  // each file's gzip, made at its first request and kept while the file is unchanged: the
  // browser suite loads the same chunks hundreds of times, and compressing them at level 9
  // on every request was CPU taken from the browsers beside it
  const compressed = new Map();
  const gzipOf = async (file, info, body) => {
    const key = `${info.mtimeMs}:${info.size}`;
    const kept = compressed.get(file);
    if (kept?.key === key) return kept.gz;
    const gz = await gzipped(body, { level: 9 });
    compressed.set(file, { key, gz });
    return gz;
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === CSP_REPORTS) {
      // a collector's answer to the reports _headers asks for; the suite reads violations in
      // the page itself (e2e/fixtures/page-problems.ts), so the body is drained and dropped
      req.resume();
      res.writeHead(req.method === 'POST' ? 204 : 405);
      res.end();
      return;
    }
    let path = '/';
    try {
      path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
      if (!file.startsWith(root) || path === '/_headers') throw new Error('not served');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const body = await readFile(file);
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      const headers = { ...headersFor(rules, path), 'content-type': type };
      const gzipOk = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      if (req.method === 'HEAD') {
        res.writeHead(200, headers);
        res.end();
      } else if (gzipOk && !type.startsWith('image/png') && !type.startsWith('font/')) {
        const gz = await gzipOf(file, info, body);
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
        res.end(gz);
      } else {
        res.writeHead(200, headers);
        res.end(body);
      }
    } catch {
      res.writeHead(404, { ...headersFor(rules, path), 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((r) => server.listen(listenOn, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${listenOn}/`, close: () => new Promise((r) => server.close(r)) };
}

// `node bench/lib/static-server.mjs <dir> <port>`: the e2e suite's web server
if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'dist', port] = process.argv.slice(2);
  const site = await serveStatic(dir, { port: port ? Number(port) : undefined });
  console.log(`serving ${dir} at ${site.url}`);
}
