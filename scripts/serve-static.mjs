#!/usr/bin/env node
// A bare static file server, standing in for any static host (GitHub Pages and the like):
// it serves a directory under a sub-path and nothing else, with no fallbacks, so a build
// that asked for a file outside the sub-path, or by an absolute path, gets a 404 here too.
//   node scripts/serve-static.mjs --dir .test-output/built-app --base /agon-sub/ --port 5184
// The directory may not exist yet when it starts (the browser tests build into it after).
// It sends the cross-origin isolation headers (COOP/COEP, as vite.config.ts does) that let
// the wasm backend use threads; --no-isolation-headers leaves them out, as GitHub Pages
// does, for the service-worker fallback (public/isolation-sw.js).
import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    base: { type: 'string', default: '/' },
    port: { type: 'string', default: '4173' },
    host: { type: 'string', default: '127.0.0.1' },
    'no-isolation-headers': { type: 'boolean', default: false },
  },
});
const isolation = values['no-isolation-headers']
  ? {}
  : { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
const root = resolve(values.dir);
const base = values.base.endsWith('/') ? values.base : `${values.base}/`;

// The types a browser insists on: wasm must be application/wasm for streaming compilation, modules must be JavaScript.
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

function fileFor(pathname) {
  if (!pathname.startsWith(base)) return undefined;
  const relative = decodeURIComponent(pathname.slice(base.length)) || 'index.html';
  const path = resolve(join(root, relative));
  if (path !== root && !path.startsWith(root + sep)) return undefined;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return fileFor(`${pathname.replace(/\/?$/, '/')}index.html`);
    return stat.isFile() ? path : undefined;
  } catch {
    return undefined;
  }
}

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (`${pathname}/` === base) {
    res.writeHead(301, { location: base }).end();
    return;
  }
  let file;
  try {
    file = fileFor(pathname);
  } catch {
    file = undefined;
  }
  if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...isolation });
  if (req.method === 'HEAD') res.end();
  else createReadStream(file).pipe(res);
}).listen(Number(values.port), values.host, () => {
  console.log(`serve-static: ${root} at http://${values.host}:${values.port}${base}${values['no-isolation-headers'] ? ' (no isolation headers)' : ''}`);
});
