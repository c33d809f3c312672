import { describe, expect, it, vi } from 'vitest';
import type { SiteContent } from '../../../shared/content.schemas.js';
import { isValidCnpj } from '../../../shared/settings.schemas.js';
import { loginAs, signedIn, setupTestApp } from '../../test/test-app.js';
import type { Nivel } from '../../../shared/permissions.js';
import { STAFF_AND_FAMILY_PROFILES } from '../../test/perfis-fixtures.js';
import { SYSTEM_SETTINGS_DEFAULTS } from '../../test/settings-fixtures.js';

const t = setupTestApp();

const json = (cookie: string, method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The defaults in the dark theme: a body that changes something. */
const system = { ...SYSTEM_SETTINGS_DEFAULTS, tema: 'escuro' } as const;

describe('CNPJ', () => {
  it('checks the digits, numeric and alphanumeric (from July 2026)', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12abc34501de35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-36')).toBe(false);
    expect(isValidCnpj('00.000.000/0000-00')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-8A')).toBe(false);
  });
});

describe('school settings', () => {
  it('shows a name saved in the content manager: the site and the settings share one store', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const state = (await t.app.inject({ url: '/api/content/public' })).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/content/configuracoes',
      // A section never saved is at version 1.
      headers: { cookie, 'if-match': '"1"' },
      payload: { ...state.configuracoes, nome_escola: 'Escola Estadual Ipê Roxo' },
    });
    expect(saved.statusCode).toBe(200);
    const escola = await json(cookie, 'GET', '/api/configuracoes/escola');
    expect(escola.json().data.nome).toBe('Escola Estadual Ipê Roxo');
    expect(await t.app.ctx.getSchoolName()).toBe('Escola Estadual Ipê Roxo');
    // The welcome e-mail names the school once, as a sentence whatever its name ('no portal da escola
    // Escola Estadual Ipê Roxo' said 'escola' twice).
    const created = await json(cookie, 'POST', '/api/users', {
      nome: 'Nova Professora',
      email: 'nova.professora@escola.test',
      tipo: 'professor',
    });
    expect(created.statusCode).toBe(201);
    const mail = t.mailer.sent.find((sent) => sent.to === 'nova.professora@escola.test');
    expect(mail?.text).toContain('Escola Estadual Ipê Roxo criou uma conta para você no portal da escola.');
  });

  it('starts with the defaults, saves, audits and feeds the school name', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const first = await json(cookie, 'GET', '/api/configuracoes/escola');
    expect(first.json().data).toMatchObject({ nome: 'Sistema Escolar', cnpj: null });
    const version = first.json().data.version as number;

    const saved = await json(cookie, 'PUT', '/api/configuracoes/escola', {
      nome: 'Colégio Horizonte',
      endereco: 'Rua das Flores, 10',
      telefone: '(11) 3123-4567',
      email: 'Contato@Horizonte.edu.br',
      site: 'https://horizonte.edu.br',
      logo: '/api/media/logo',
      cnpj: '12abc34501de35',
      codigo_inep: '35123456',
      diretor: 'Maria Souza',
      version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: 'Configurações da escola salvas com sucesso',
      data: {
        nome: 'Colégio Horizonte',
        cnpj: '12.ABC.345/01DE-35',
        telefone: '1131234567',
        email: 'contato@horizonte.edu.br',
      },
    });
    expect(saved.json().data.version).toBeGreaterThan(version);
    expect(await t.app.ctx.getSchoolName()).toBe('Colégio Horizonte');
    // One store: the public site shows the same name, logo and contacts at once.
    const site = (await t.app.inject({ url: '/api/content/public' })).json().data;
    expect(site.configuracoes).toMatchObject({
      nome_escola: 'Colégio Horizonte',
      logo_principal: '/api/media/logo',
    });
    expect(site.contato).toMatchObject({ endereco: 'Rua das Flores, 10', email: 'contato@horizonte.edu.br' });
    // Creating an account checks the password against the school's name inside a transaction: the
    // name comes from memory, so this answers (on PGlite a second query would wait forever).
    const weak = await json(cookie, 'POST', '/api/users', {
      nome: 'Nova Professora',
      email: 'nova@escola.test',
      tipo: 'professor',
      senha: 'horizonte2026',
    });
    expect(weak.statusCode).toBe(400);
    const created = await json(cookie, 'POST', '/api/users', {
      nome: 'Nova Professora',
      email: 'nova@escola.test',
      tipo: 'professor',
      senha: 'Jabuticaba-Madura-93',
    });
    expect(created.statusCode).toBe(201);

    const stale = await json(cookie, 'PUT', '/api/configuracoes/escola', { nome: 'Outro', version });
    expect(stale.statusCode).toBe(412);

    const audit = await json(cookie, 'GET', '/api/auditoria?entidade=configuracoes_escola');
    expect(audit.json().data.items[0]).toMatchObject({ acao: 'atualizar', entidade: 'configuracoes_escola' });
  });

  it("a new school starts with no one else's facts; its WhatsApp and a site typed without https:// are kept (issue 29)", async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const first = await json(cookie, 'GET', '/api/configuracoes/escola');
    // It came pre-filled with a São Paulo address, phone and e-mail.
    expect(first.json().data).toMatchObject({
      endereco: null,
      telefone: null,
      whatsapp: null,
      email: null,
      site: null,
    });
    const site = async () =>
      (await t.app.inject({ url: '/api/content/public' })).json<{ data: SiteContent }>().data;
    expect((await site()).contato).toMatchObject({ endereco: '', telefone: '', whatsapp: '', email: '' });
    expect((await site()).footer).toMatchObject({ email: '', telefone: '', endereco: '' });

    const bad = await json(cookie, 'PUT', '/api/configuracoes/escola', {
      nome: 'Escola Ipê',
      whatsapp: '9123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ path: 'whatsapp' })]);

    const saved = await json(cookie, 'PUT', '/api/configuracoes/escola', {
      nome: 'Escola Ipê',
      whatsapp: '+55 62 99876-1234',
      site: 'www.escolaipe.com.br',
      version: first.json().data.version as number,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      whatsapp: '62998761234',
      site: 'https://www.escolaipe.com.br',
    });
    expect((await site()).contato.whatsapp).toBe('(62) 99876-1234');

    const cleared = await json(cookie, 'PUT', '/api/configuracoes/escola', {
      nome: 'Escola Ipê',
      whatsapp: '',
      version: saved.json().data.version as number,
    });
    expect(cleared.json().data.whatsapp).toBeNull();
    expect((await site()).contato.whatsapp).toBe('');
  });

  it("carries the school's name and contacts to the site's footer, unless the footer was written apart", async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const identity = (version: number, nome: string, telefone: string) => ({
      nome,
      endereco: 'Rua Sete de Setembro, 1200 - Centro, Campinas - SP',
      telefone,
      email: 'secretaria@monteirolobato.edu.br',
      version,
    });
    const first = await json(cookie, 'GET', '/api/configuracoes/escola');
    const saved = await json(
      cookie,
      'PUT',
      '/api/configuracoes/escola',
      identity(first.json().data.version as number, 'Escola Monteiro Lobato', '1932345678'),
    );
    expect(saved.statusCode).toBe(200);
    const footer = async () =>
      (await t.app.inject({ url: '/api/content/public' })).json<{ data: { footer: unknown } }>().data.footer;
    // A new school's footer said 'Sistema Escolar', contato@escola.edu.br and a street in São Paulo.
    expect(await footer()).toMatchObject({
      titulo: 'Escola Monteiro Lobato',
      email: 'secretaria@monteirolobato.edu.br',
      telefone: '(19) 3234-5678',
      endereco: 'Rua Sete de Setembro, 1200 - Centro, Campinas - SP',
    });

    // The school writes a footer phone of its own: a later change of the identity keeps it.
    const state = (await json(cookie, 'GET', '/api/content')).json().data;
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/content/footer',
      headers: { cookie, 'if-match': `"${String(state.versions.footer)}"` },
      payload: { ...state.content.footer, telefone: '0800 123 4567' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = await json(cookie, 'GET', '/api/configuracoes/escola');
    await json(
      cookie,
      'PUT',
      '/api/configuracoes/escola',
      identity(again.json().data.version as number, 'Escola Monteiro Lobato', '1932349999'),
    );
    expect(await footer()).toMatchObject({ telefone: '0800 123 4567', titulo: 'Escola Monteiro Lobato' });
  });

  it('keeps one phone on the site when the contact section is edited in Gerenciar Conteúdo between two saves of the identity', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const site = async () =>
      (await t.app.inject({ url: '/api/content/public' })).json<{ data: SiteContent }>().data;
    const saveIdentity = async (telefone: string) => {
      const current = await json(cookie, 'GET', '/api/configuracoes/escola');
      const saved = await json(cookie, 'PUT', '/api/configuracoes/escola', {
        nome: 'Escola Araucária',
        telefone,
        email: 'secretaria@araucaria.edu.br',
        version: current.json().data.version as number,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const editContact = async (changes: Partial<SiteContent['contato']>) => {
      const state = (await json(cookie, 'GET', '/api/content')).json().data;
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/content/contato',
        headers: { cookie, 'if-match': `"${String(state.versions.contato)}"` },
        payload: { ...state.content.contato, ...changes },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };

    // 1. Configurações → Escola: (41) 3333-4444.
    await saveIdentity('4133334444');
    expect((await site()).footer.telefone).toBe('(41) 3333-4444');
    // 2. Gerenciar Conteúdo → Contato → Telefone: the footer follows at once.
    await editContact({ telefone: '(41) 3333-5555', email: 'contato@araucaria.edu.br' });
    expect((await site()).footer).toMatchObject({
      telefone: '(41) 3333-5555',
      email: 'contato@araucaria.edu.br',
    });
    // 3. Configurações → Escola again: one phone on the page, the same one the settings show.
    await saveIdentity('4133336666');
    const page = await site();
    expect(page.contato.telefone).toBe('(41) 3333-6666');
    expect(page.footer.telefone).toBe('(41) 3333-6666');
    expect(page.footer.email).toBe('secretaria@araucaria.edu.br');
    expect((await json(cookie, 'GET', '/api/configuracoes/escola')).json().data.telefone).toBe('4133336666');

    // A site left with the footer behind (an import, or a save before this fix) converges: the footer's
    // phone was one the identity had, so it follows the next save instead of passing for one written apart.
    const state = (await json(cookie, 'GET', '/api/content')).json().data;
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/content',
      headers: { cookie, 'if-match': `"${String(state.version)}"` },
      payload: {
        ...state.content,
        contato: { ...state.content.contato, telefone: '(41) 3333-7777' },
        footer: { ...state.content.footer, telefone: '(41) 3333-4444' },
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await saveIdentity('4133338888');
    expect((await site()).footer.telefone).toBe('(41) 3333-8888');
  });

  it('refuses an invalid CNPJ, INEP code, site and unknown fields with field errors', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await json(cookie, 'PUT', '/api/configuracoes/escola', {
      nome: 'Escola',
      cnpj: '11.222.333/0001-82',
      codigo_inep: '1234',
      site: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    const paths = (response.json().details as { path: string }[]).map((detail) => detail.path).sort();
    expect(paths).toEqual(['cnpj', 'codigo_inep', 'site']);
    const unknown = await json(cookie, 'PUT', '/api/configuracoes/escola', { nome: 'Escola', extra: 1 });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('system settings', () => {
  it('has the spec defaults and saves all values', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const first = await json(cookie, 'GET', '/api/configuracoes/sistema');
    expect(first.json().data).toEqual({
      ...SYSTEM_SETTINGS_DEFAULTS,
      consulta_cep: false,
      notificar_faltas: false,
      notificar_mensalidades: false,
      version: 0,
      updated_at: null,
      sms_disponivel: false,
    });
    const saved = await json(cookie, 'PUT', '/api/configuracoes/sistema', system);
    expect(saved.json()).toMatchObject({
      message: 'Configurações do sistema salvas com sucesso',
      data: { tema: 'escuro', version: 1 },
    });
    const publico = await t.app.inject({ method: 'GET', url: '/api/configuracoes/publico' });
    expect(publico.json().data).toMatchObject({ tema: 'escuro', manutencao: false });
  });

  it('refuses SMS without an SMS provider', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await json(cookie, 'PUT', '/api/configuracoes/sistema', {
      ...system,
      notificacoes_sms: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].path).toBe('notificacoes_sms');
  });

  it('rejects values outside the spec table', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await json(cookie, 'PUT', '/api/configuracoes/sistema', { ...system, moeda: 'JPY' });
    expect(response.statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('serves the permission matrix of every profile in Portuguese', async () => {
    const { cookie } = await signedIn(t, 'administrador');
    const response = await json(cookie, 'GET', '/api/configuracoes/roles');
    const roles = response.json().data as {
      nivel: string;
      nome: string;
      permissoes: { chave: string; descricao: string; permitido: boolean }[];
    }[];
    // One entry per access profile (ADR 0025), no longer the three kinds of account.
    expect(roles.map((role) => role.nome)).toEqual([...STAFF_AND_FAMILY_PROFILES, 'Aluno']);
    const secretaria = roles.find((role) => role.nome === 'Secretaria')!;
    expect(secretaria.permissoes.find((p) => p.chave === 'backup.restore')?.permitido).toBe(false);
    expect(secretaria.permissoes.find((p) => p.chave === 'students.write')?.permitido).toBe(true);
    const teacher = roles.find((role) => role.nivel === 'professor')!;
    expect(teacher.permissoes.find((p) => p.chave === 'settings.manage')).toEqual({
      chave: 'settings.manage',
      descricao: 'Alterar configurações do sistema',
      permitido: false,
    });
    expect(teacher.permissoes.find((p) => p.chave === 'academics.write')?.permitido).toBe(true);
    await json(cookie, 'POST', '/api/perfis', { nome: 'Portaria', permissoes: ['students.read'] });
    const after = (await json(cookie, 'GET', '/api/configuracoes/roles')).json().data as typeof roles;
    expect(after.at(-1)).toMatchObject({ nome: 'Portaria', nivel: null, padrao: false });
  });
});

describe('sessions', () => {
  it('lists active sessions, ends one and ends all the others', async () => {
    const { user: admin, cookie } = await signedIn(t, 'administrador');
    const { user: teacher, cookie: teacherCookie } = await signedIn(t, 'professor');
    const second = await loginAs(t.app, admin.email);

    const list = await json(cookie, 'GET', '/api/configuracoes/sessoes');
    const sessions = list.json().data as {
      id: string;
      atual: boolean;
      usuario: { id: string };
      dispositivo: string;
    }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.atual)).toHaveLength(1);
    const mine = sessions.find((s) => s.atual)!;
    expect(mine.usuario.id).toBe(admin.id);

    expect((await json(cookie, 'DELETE', `/api/configuracoes/sessoes/${mine.id}`)).statusCode).toBe(409);

    const teacherSession = sessions.find((s) => s.usuario.id === teacher.id)!;
    const ended = await json(cookie, 'DELETE', `/api/configuracoes/sessoes/${teacherSession.id}`);
    expect(ended.statusCode).toBe(200);
    expect((await json(teacherCookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await json(cookie, 'DELETE', `/api/configuracoes/sessoes/${teacherSession.id}`)).statusCode).toBe(
      404,
    );

    const others = await json(cookie, 'DELETE', '/api/configuracoes/sessoes');
    expect(others.json().data).toEqual({ encerradas: 1 });
    expect((await json(second, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await json(cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);

    const audit = await json(cookie, 'GET', '/api/auditoria?entidade=sessao');
    const actions = (audit.json().data.items as { acao: string }[]).map((item) => item.acao);
    expect(actions.filter((acao) => acao.startsWith('encerrar'))).toEqual([
      'encerrar_outras_sessoes',
      'encerrar_sessao',
    ]);
  });
});

describe('screens that refresh themselves', () => {
  it('the Sessões and delivery-queue refreshes do not keep an idle session alive; opening the screen does', async () => {
    const idle = await signedIn(t, 'administrador');
    const active = await signedIn(t, 'administrador');
    const poll = (url: string, cookie: string) =>
      t.app.inject({ url, headers: { cookie, 'x-background-poll': '1' } });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 35 minutes with both screens open: Sessões every 30 s, the queue every 15 s.
      for (let step = 1; step <= 140; step++) {
        vi.setSystemTime(Date.now() + 15_000);
        const alive = step * 15 < 30 * 60;
        for (const who of [idle, active]) {
          const fila = await poll('/api/configuracoes/notificacoes/fila', who.cookie);
          if (who === active || alive) expect(fila.statusCode, `${String(step * 15)} s`).toBe(200);
          if (step % 2 === 0) await poll('/api/configuracoes/sessoes', who.cookie);
        }
        // Minute 20: the person opens Sessões (its first load, without the header) and later the queue.
        if (step === 80)
          expect((await json(active.cookie, 'GET', '/api/configuracoes/sessoes')).statusCode).toBe(200);
        if (step === 120)
          expect((await json(active.cookie, 'GET', '/api/configuracoes/notificacoes/fila')).statusCode).toBe(
            200,
          );
      }
      expect((await json(idle.cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
      // Minute 55: past the deadline the first load at minute 20 set (50), within the one of minute 30 (60).
      vi.setSystemTime(Date.now() + 20 * 60_000);
      expect((await json(active.cookie, 'GET', '/api/auth/me')).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('every portal page', () => {
  it('polls the public settings (theme, maintenance) every 30 s without keeping an idle session alive', async () => {
    const { cookie } = await signedIn(t, 'responsavel');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let minute = 0.5; minute <= 35; minute += 0.5) {
        vi.setSystemTime(Date.now() + 30_000);
        const polled = await json(cookie, 'GET', '/api/configuracoes/publico');
        expect(polled.statusCode).toBe(200);
        await json(cookie, 'GET', '/api/notificacoes/contagem');
      }
      expect((await json(cookie, 'GET', '/api/auth/me')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('maintenance mode', () => {
  it('answers 503 with Retry-After to signed-in non-admins; admins, login and public calls keep working', async () => {
    const { cookie: admin } = await signedIn(t, 'administrador');
    const users: Record<Exclude<Nivel, 'aluno'>, string> = {
      administrador: admin,
      professor: (await signedIn(t, 'professor')).cookie,
      responsavel: (await signedIn(t, 'responsavel')).cookie,
    };
    await json(admin, 'PUT', '/api/configuracoes/sistema', { ...system, manutencao: true });

    for (const nivel of ['professor', 'responsavel'] as const) {
      const response = await json(users[nivel], 'GET', '/api/users');
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('300');
      expect(response.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });
      expect((await json(users[nivel], 'GET', '/api/auth/me')).statusCode).toBe(200);
    }
    expect((await json(admin, 'GET', '/api/users')).statusCode).toBe(200);
    const publico = await t.app.inject({ method: 'GET', url: '/api/configuracoes/publico' });
    expect(publico.json().data.manutencao).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const teacher = await signedIn(t, 'professor');
    expect(teacher.cookie).toMatch(/^sid=/);

    await json(admin, 'PUT', '/api/configuracoes/sistema', { ...system, manutencao: false });
    expect((await json(users.professor, 'GET', '/api/users')).statusCode).toBe(403);
  });
});

describe('permission matrix', () => {
  const routes: [string, string, object?][] = [
    ['GET', '/api/configuracoes/escola'],
    ['PUT', '/api/configuracoes/escola', { nome: 'X' }],
    ['GET', '/api/configuracoes/sistema'],
    ['PUT', '/api/configuracoes/sistema', system],
    ['GET', '/api/configuracoes/roles'],
    ['GET', '/api/configuracoes/sessoes'],
    ['DELETE', '/api/configuracoes/sessoes/00000000-0000-4000-8000-000000000000'],
    ['POST', '/api/configuracoes/backup', { senha: 'x' }],
    ['GET', '/api/configuracoes/backups'],
    ['POST', '/api/configuracoes/limpar', { confirmacao: 'x', senha: 'x' }],
    ['GET', '/api/auditoria'],
    ['GET', '/api/auditoria/filtros'],
    // Last: the administrator's call ends the other users' sessions.
    ['DELETE', '/api/configuracoes/sessoes'],
  ];
  it('lets only administrators in', async () => {
    const teacher = (await signedIn(t, 'professor')).cookie;
    const guardian = (await signedIn(t, 'responsavel')).cookie;
    const admin = (await signedIn(t, 'administrador')).cookie;
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url} anónimo`).toBe(401);
      for (const cookie of [teacher, guardian]) {
        const response = await json(cookie, method as 'GET', url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
      const allowed = await json(admin, method as 'GET', url, payload);
      expect([200, 400, 404], `${method} ${url} admin`).toContain(allowed.statusCode);
    }
  });
});
