// Issue 4: the public page. Reports the JavaScript `/` loads (raw and gzip), then requests per second
// for `/` (server-rendered) and for a 304 revalidation of /api/content/public (the 5 s polling).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { load, report, request, root, startServer } from './lib.mjs';

function landingJavaScript(html) {
  const scripts = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]);
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
    (match) => match[1],
  );
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  const files = [...new Set([...scripts, ...preloads])];
  for (const file of files) {
    const bytes = readFileSync(path.join(root, 'dist/client', file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes).length;
  }
  return {
    files: files.length,
    'raw KiB': Number((raw / 1024).toFixed(1)),
    'gzip KiB': Number((gzip / 1024).toFixed(1)),
    'brotli KiB (as served)': Number((brotli / 1024).toFixed(1)),
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

  // Optional (LIGHTHOUSE=1): Lighthouse mobile through npx, on the system Chromium.
  if (process.env.LIGHTHOUSE === '1') {
    const output = path.join(mkdtempSync(path.join(os.tmpdir(), 'escola-lh-')), 'lh.json');
    const result = spawnSync(
      'npx',
      [
        '-y',
        'lighthouse@12',
        `${server.base}/`,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--form-factor=mobile',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      },
    );
    if (result.status === 0) {
      const categories = JSON.parse(readFileSync(output, 'utf8')).categories;
      report(
        'Lighthouse (mobile) on /',
        Object.fromEntries(
          Object.entries(categories).map(([key, value]) => [key, { score: Math.round(value.score * 100) }]),
        ),
      );
    }
  }
} finally {
  await server.stop();
}
