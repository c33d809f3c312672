import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.js';
import { clock } from '../../lib/clock.js';
import { contentSections } from '../../db/schema/content.js';
import { defaultSiteContent } from '../../../shared/content.defaults.js';
import { detailsOf, messageOf } from '../../test/records-fixtures.js';
import { createUserRow, setupTestApp } from '../../test/test-app.js';

const t = setupTestApp();
// The form offers this school year and the next: the tests are written on a day of 2026.
beforeEach(() => clock.pin('2026-11-28'));
afterEach(() => clock.unpin());

let address = 0;
/** Each test writes from its own address unless it says otherwise (the per-IP limit is per address). */
const nextIp = () => `10.20.${String(Math.floor(++address / 250))}.${String((address % 250) + 1)}`;

function interesse(overrides: Record<string, unknown> = {}) {
  return {
    responsavel_nome: 'Mariana Alves',
    email: 'Mariana.Alves@Familia.test',
    telefone: '(11) 98765-4321',
    aluno_nome: 'Lucas Alves',
    aluno_nascimento: '2019-04-12',
    serie: '1º ano',
    ano_letivo: 2027,
    origem: 'indicacao',
    consentimento: true,
    preenchido_em_ms: 45_000,
    ...overrides,
  };
}

const post = (payload: unknown, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/interessados',
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const count = async (table: string) =>
  Number(
    rowsOf<{ n: string }>(await t.database.db.execute(sql.raw(`select count(*) as n from ${table}`)))[0]!.n,
  );
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

describe('POST /api/interessados (the public form)', () => {
  it('stores the family with the consent time, its timeline, the audit, the confirmation and the school’s notices', async () => {
    const secretaria = await createUserRow(t.database, 'administrador');
    const professor = await createUserRow(t.database, 'professor');
    const response = await post(interesse());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true });

    const [row] = await rows<Record<string, unknown>>(sql`select * from interessados`);
    expect(row).toMatchObject({
      email: 'mariana.alves@familia.test',
      telefone: '11987654321',
      etapa: 'interessado',
      tipo: 'nova',
      origem: 'indicacao',
      ano_letivo: 2027,
    });
    expect(row!.consentimento_em).not.toBeNull();
    const eventos = await rows<{ tipo: string }>(
      sql`select tipo from interessado_eventos order by criado_em`,
    );
    expect(eventos.map((evento) => evento.tipo)).toEqual(expect.arrayContaining(['criado', 'email']));
    const [audit] = await rows<{ action: string; actor_id: string | null; details: Record<string, unknown> }>(
      sql`select action, actor_id, details from audit_log where action = 'registrar_interesse'`,
    );
    expect(audit).toMatchObject({ actor_id: null, details: { serie: '1º ano', ano_letivo: 2027 } });
    // No name of the family in the audit details.
    expect(JSON.stringify(audit!.details)).not.toContain('Mariana');

    const mails = await rows<{ destino: string; texto: string; usuario_id: string | null }>(
      sql`select destino, texto, usuario_id from entregas where canal = 'email' order by destino`,
    );
    const family = mails.find((mail) => mail.destino === 'mariana.alves@familia.test');
    expect(family?.texto).toContain('Recebemos o seu interesse em matrícula para 2027');
    // The staff who follow the funnel are told (bell and e-mail), without the family's name; a teacher is not.
    expect(mails.some((mail) => mail.usuario_id === secretaria.id && !mail.texto.includes('Mariana'))).toBe(
      true,
    );
    const bell = await rows<{ usuario_id: string; tipo: string; texto: string }>(
      sql`select usuario_id, tipo, texto from notificacoes`,
    );
    expect(bell.map((item) => item.usuario_id)).toEqual([secretaria.id]);
    expect(bell[0]).toMatchObject({ tipo: 'matricula' });
    expect(bell[0]!.texto).not.toContain('Lucas');
    expect(bell.map((item) => item.usuario_id)).not.toContain(professor.id);
  });

  it('writes the school’s phone in the confirmation as the product does: (11) 3456-7890', async () => {
    await t.database.db.insert(contentSections).values({
      section: 'contato',
      data: { ...defaultSiteContent.contato, telefone: '1134567890', email: 'secretaria@escola.test' },
      version: 2,
    });
    expect((await post(interesse())).statusCode).toBe(201);
    const [mail] = await rows<{ texto: string }>(
      sql`select texto from entregas where destino = 'mariana.alves@familia.test'`,
    );
    expect(mail!.texto).toContain('fale conosco: telefone (11) 3456-7890 ou secretaria@escola.test.');
    expect(mail!.texto).not.toContain('1134567890');
    // The school's contact address is told too, with the link to this family in the funnel.
    const [family] = await rows<{ id: string }>(sql`select id from interessados`);
    const [notice] = await rows<{ texto: string }>(
      sql`select texto from entregas where destino = 'secretaria@escola.test'`,
    );
    expect(notice!.texto).toContain(`/dashboard/matriculas?familia=${family!.id}\n`);
  });

  it('mails the address typed nothing else typed: the form cannot make the school send a stranger a text of its choosing', async () => {
    // Anyone may type anyone's e-mail; what the school then mails from its own address is only its own text.
    const isca = 'Pague a reserva da vaga pelo Pix em http://golpe.example/pix';
    const response = await post(
      interesse({
        email: 'vitima@outra.test',
        responsavel_nome: isca,
        aluno_nome: isca,
        serie: isca.slice(0, 60),
      }),
    );
    expect(response.statusCode).toBe(201);
    const [mail] = await rows<{ texto: string; assunto: string }>(
      sql`select texto, assunto from entregas where destino = 'vitima@outra.test'`,
    );
    expect(mail!.texto).not.toMatch(/golpe|Pague|Pix em/);
    expect(mail!.assunto).not.toMatch(/golpe|Pague/);
  });

  it('refuses a field the form does not have (400), storing nothing', async () => {
    const response = await post(interesse({ link: 'http://golpe.example' }));
    expect(response.statusCode).toBe(400);
    expect(await count('interessados')).toBe(0);
  });

  it('refuses the form without the consent for the child’s data, storing nothing', async () => {
    for (const consentimento of [false, undefined, 'true']) {
      const response = await post(interesse({ consentimento }));
      expect(response.statusCode).toBe(400);
      expect(detailsOf(response).map((detail) => detail.path)).toContain('consentimento');
    }
    expect(messageOf(await post(interesse({ consentimento: false })))).toBeTruthy();
    expect(await count('interessados')).toBe(0);
    expect(await count('entregas')).toBe(0);
  });

  it('answers a robot the same 201 and stores nothing: the honeypot filled, or sent in under 3 seconds', async () => {
    const honest = await post(interesse({ email: 'outra@familia.test' }));
    const honeypot = await post(interesse({ website: 'http://spam.example' }));
    const tooFast = await post(interesse({ preenchido_em_ms: 800 }));
    expect(honeypot.statusCode).toBe(201);
    expect(tooFast.statusCode).toBe(201);
    expect(honeypot.json()).toEqual(honest.json());
    expect(tooFast.json()).toEqual(honest.json());
    expect(await count('interessados')).toBe(1);
    expect(await count('audit_log')).toBe(1);
  });

  it('never tells whether the e-mail is known: a family writing again gets a timeline line on its open row', async () => {
    const first = await post(interesse());
    const again = await post(
      interesse({ telefone: '11 91111-2222', mensagem: 'Podemos visitar no sábado?' }),
    );
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await count('interessados')).toBe(1);
    const textos = await rows<{ texto: string }>(
      sql`select texto from interessado_eventos where tipo = 'contato'`,
    );
    expect(textos[0]!.texto).toContain('11911112222');
    expect(textos[0]!.texto).toContain('sábado');
    // At most one confirmation a day to the same address: the form cannot be used to flood a mailbox.
    expect(
      await rows(sql`select id from entregas where destino = 'mariana.alves@familia.test'`),
    ).toHaveLength(1);
    // Another child of the same family is another row.
    await post(interesse({ aluno_nome: 'Beatriz Alves', serie: 'Infantil 4' }));
    expect(await count('interessados')).toBe(2);
  });

  it('limits each address: past 5 forms in 10 minutes, 429 with Retry-After', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 5; i++)
      expect((await post(interesse({ email: `familia${String(i)}@familia.test` }), ip)).statusCode).toBe(201);
    const blocked = await post(interesse({ email: 'mais@familia.test' }), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(await count('interessados')).toBe(5);
    // Another address is not affected.
    expect((await post(interesse({ email: 'vizinha@familia.test' }))).statusCode).toBe(201);
  });

  it('takes only what the form offers: this year or the next, and a série of the school’s list', async () => {
    const longe = await post(interesse({ ano_letivo: 2099 }));
    expect(longe.statusCode).toBe(400);
    expect(detailsOf(longe)).toEqual([
      { path: 'ano_letivo', message: 'Escolha o ano letivo de 2026 ou de 2027.' },
    ]);
    await t.database.db.insert(contentSections).values({
      section: 'matricula',
      data: { ...defaultSiteContent.matricula, series: ['1º ano', '2º ano'] },
      version: 2,
    });
    const inventada = await post(interesse({ serie: 'Pós-doutorado' }));
    expect(inventada.statusCode).toBe(400);
    expect(detailsOf(inventada)).toEqual([{ path: 'serie', message: 'Escolha uma das séries da lista.' }]);
    expect(await count('interessados')).toBe(0);
    expect((await post(interesse({ serie: '2º ano', ano_letivo: 2026 }))).statusCode).toBe(201);
    expect(await count('interessados')).toBe(1);
  });

  it('bounds the body (413) and validates each field in pt-BR (400), never a 500', async () => {
    const huge = await post(interesse({ mensagem: 'x'.repeat(20_000) }));
    expect(huge.statusCode).toBe(413);
    const bad = await post(
      interesse({
        email: 'não é e-mail',
        telefone: '123',
        aluno_nascimento: '2090-01-01',
        ano_letivo: 'abc',
      }),
    );
    expect(bad.statusCode).toBe(400);
    const paths = detailsOf(bad).map((detail) => detail.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'telefone', 'aluno_nascimento', 'ano_letivo']));
    expect((await post('não é json')).statusCode).toBe(400);
    expect(await count('interessados')).toBe(0);
  });
});
