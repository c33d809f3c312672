// Issue 4: the public page. Reports the JavaScript `/` loads (raw and gzip), then requests per second
// for `/` (server-rendered) and for a 304 revalidation of /api/content/public (the 5 s polling).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { load, report, request, root, startServer } from './lib.mjs';

function landingJavaScript(html) {
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1],
  );
  let raw = 0;
  let gzip = 0;
  const files = [...new Set([...scripts, ...preloads])];
  for (const file of files) {
    const bytes = readFileSync(path.join(root, 'dist/client', file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return {
    files: files.length,
    'raw KiB': Number((raw / 1024).toFixed(1)),
    'gzip KiB': Number((gzip / 1024).toFixed(1)),
  };
}

const server = await startServer();
try {
  const page = await request(server.base, '/');
  const content = await request(server.base, '/api/content/public');
  const etag = content.headers.etag;
  const check = await request(server.base, '/api/content/public', { headers: { 'if-none-match': etag } });
  if (check.status !== 304) throw new Error(`esperava 304, veio ${check.status}`);

  report('Landing page JavaScript (GET /)', { '/': landingJavaScript(page.body) });
  const home = await load({ concurrency: 20, seconds: 5, make: () => request(server.base, '/') });
  const revalidate = await load({
    concurrency: 20,
    seconds: 5,
    make: () => request(server.base, '/api/content/public', { headers: { 'if-none-match': etag } }),
  });
  const full = await load({
    concurrency: 20,
    seconds: 3,
    make: () => request(server.base, '/api/content/public'),
  });
  report('Public content (20 concurrent, loopback)', {
    'GET / (server-rendered HTML)': home,
    'GET /api/content/public → 304': revalidate,
    'GET /api/content/public → 200': full,
  });
} finally {
  await server.stop();
}
