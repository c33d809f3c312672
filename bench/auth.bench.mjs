// Foundation: session resolution and login at school scale.
import { load, report, request, startServer } from './lib.mjs';

const server = await startServer({
  ADMIN_EMAIL: 'bench@escola.test',
  ADMIN_PASSWORD: 'Bench-Admin-Senha-2026',
});
try {
  const sessions = [];
  for (let i = 0; i < 50; i++) {
    const response = await request(server.base, '/api/auth/login', {
      method: 'POST',
      body: { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' },
    });
    sessions.push(String(response.headers['set-cookie']).split(';')[0]);
  }
  const me = await load({
    concurrency: 50,
    seconds: 5,
    make: (id) => request(server.base, '/api/auth/me', { headers: { cookie: sessions[id] } }),
  });
  const health = await load({ concurrency: 50, seconds: 3, make: () => request(server.base, '/api/health') });
  const logins = await load({
    concurrency: 4,
    seconds: 3,
    make: () =>
      request(server.base, '/api/auth/login', {
        method: 'POST',
        body: { email: 'bench@escola.test', password: 'Bench-Admin-Senha-2026' },
      }),
  });
  report('Auth (50 concurrent sessions, PGlite)', {
    'GET /api/auth/me': me,
    'GET /api/health': health,
    'POST /api/auth/login (argon2id, 4 concurrent)': logins,
  });
} finally {
  await server.stop();
}
