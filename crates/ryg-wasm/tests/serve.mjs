// A plain static file server for the tests: the folder `root` on 127.0.0.1 at a free port,
// with no ryg behind it (what a static host does: files, or 404).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves `root`; resolves to { url, close, requests, sent } (`requests`: the paths asked, in
 * order; `sent`: each whole file sent, { path, bytes }). Files carry an ETag (a request that
 * has it is answered 304); `maxAge` (seconds): how long the browser may keep a file without
 * asking (GitHub Pages: 600), else it asks each time (no-cache). */
export function serveStatic(root, { maxAge } = {}) {
  const requests = [];
  const sent = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    requests.push(url.pathname);
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (!file.startsWith(path.resolve(root))) {
      res.writeHead(403).end();
      return;
    }
    if (file.endsWith(path.sep)) file = path.join(file, 'index.html');
    fs.readFile(file, (err, data) => {
      if (err) {
        res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>404 Not Found</h1>');
        return;
      }
      const etag = `"${createHash('sha256').update(data).digest('hex').slice(0, 16)}"`;
      const cache = maxAge ? `max-age=${maxAge}` : 'no-cache';
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { ETag: etag, 'Cache-Control': cache }).end();
        return;
      }
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
        'Content-Length': data.length,
        'Cache-Control': cache,
        ETag: etag,
      });
      res.end(data);
      sent.push({ path: url.pathname, bytes: data.length });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}/`, requests, sent, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
