import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder, projectRoot } from './lib/paths.js';
import { parseTrustProxy } from './lib/trust-proxy.js';

/**
 * The deployment files (deploy/) cannot be run here (no containers in CI): what can be checked is that
 * they say what the program does — one start command everywhere, the migrations where the server reads
 * them, production dependencies only, no root, and the proxy hop the TRUST_PROXY tests cover.
 */
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');
const START = 'dist/node/server/main.js';

describe('deploy/', () => {
  const dockerfile = read('deploy/Dockerfile');
  const compose = read('deploy/compose.yaml');
  const unit = read('deploy/sistema-escolar.service');

  it('builds in two stages and runs production dependencies as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
  });

  it('starts the built server with the command and Node flags npm start, systemd and the README use', () => {
    const start = JSON.parse(read('package.json')).scripts.start as string;
    const flags = /^node ((?:--\S+ )*)scripts\/start\.mjs$/.exec(start)?.[1]?.trim() ?? '';
    expect(flags).toContain('--no-liftoff');
    const cmd = ['node', ...flags.split(' '), START].map((part) => `"${part}"`).join(', ');
    expect(dockerfile).toContain(`CMD [${cmd}]`);
    expect(unit).toContain(`ExecStart=/usr/bin/node ${flags} ${START}`);
    expect(read('scripts/start.mjs')).toContain(`'${START}'`);
    expect(read('README.md')).toContain(`node ${flags} ${START}`);
  });

  it('ships the migrations where the server reads them', () => {
    const relative = path.relative(projectRoot, migrationsFolder);
    expect(dockerfile).toContain(`COPY --from=build /app/${relative} ./${relative}`);
  });

  it('runs two app instances behind one proxy hop, all on one PostgreSQL', () => {
    expect(compose).toMatch(/^ {2}app1:$/m);
    expect(compose).toMatch(/^ {2}app2:$/m);
    expect(compose).toContain("TRUST_PROXY: '1'");
    expect(parseTrustProxy('1')).toBe(1);
    expect(compose).toMatch(
      /DATABASE_URL: postgres:\/\/escola:\$\{POSTGRES_PASSWORD\}@postgres:5432\/escola/,
    );
    expect(read('deploy/Caddyfile')).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(read('deploy/Caddyfile')).toContain('health_uri /api/ready');
  });

  it("closes the Pix webhook to whoever has no certificate of the bank's chain (TLS mútuo in Caddy)", () => {
    const caddyfile = read('deploy/Caddyfile');
    // The block answers 403 before the proxy: Caddy runs `respond` ahead of `reverse_proxy`, and the
    // matcher names the webhook's path and a request without a verified client certificate.
    expect(caddyfile).toMatch(/@webhook_pix_sem_certificado \{\n\t\tpath \/api\/pix\/webhook\/\*\n/);
    expect(caddyfile).toContain('{http.request.tls.client.fingerprint} == null');
    expect(caddyfile).toMatch(/^\trespond @webhook_pix_sem_certificado 403$/m);
    expect(caddyfile).toMatch(/^\timport psp\/\*\.caddy$/m);
    // The school's own piece: the bank's chain, checked when a certificate is presented (families have none).
    const clientAuth = read('deploy/psp/client-auth.caddy.exemplo');
    expect(clientAuth).toMatch(/mode verify_if_given/);
    expect(clientAuth).toContain('trusted_ca_cert_file /etc/caddy/psp/ca-psp.pem');
    expect(compose).toContain('- ./psp:/etc/caddy/psp:ro');
  });
});
