/** Anuidades and plans (Lei 9.870/1999 art. 1º §5º), their publication and the 45-day warning (art. 2º). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type {
  Anuidade,
  AnuidadesAno,
  AvisoAnuidade,
  PublicacaoMatriculas,
} from '../../../shared/anuidades.schemas.js';
import type { ClassNivel } from '../../../shared/classes.schemas.js';
import { clock } from '../../lib/clock.js';
import { dataOf, detailsOf, insertClass, insertStudent, messageOf } from '../../test/records-fixtures.js';
import { requestsOf, setupTestApp, signedIn } from '../../test/test-app.js';
import { auditLog } from '../../db/schema/audit.js';
import { anuidadePublicacoes } from '../../db/schema/anuidades.js';
import { planoPorId, planosDisponiveis, seedAnuidadesDemo } from './index.js';
import { MODELO_PADRAO_TITULO } from './contratos.default.js';

const t = setupTestApp();
const { send, get } = requestsOf(() => t.app);
beforeEach(() => clock.pin('2026-09-01'));
afterEach(() => clock.unpin());

const URL = '/api/matriculas/anuidades';
/** R$ 12.000,00 a year, R$ 500,00 of fee: the standard plan is 12 × R$ 958,33 (the 4 centavos forgone). */
const ANUAL = 1_200_000;
const TAXA = 50_000;
const padrao = {
  nome: 'Padrão (12 parcelas)',
  parcelas: 12,
  valor_parcela_centavos: 95_833,
  taxa_matricula_centavos: TAXA,
  padrao: true,
};
const avista = {
  nome: 'À vista',
  parcelas: 1,
  valor_parcela_centavos: 1_100_000,
  taxa_matricula_centavos: TAXA,
};

const body = (overrides: Record<string, unknown> = {}) => ({
  ano_letivo: 2027,
  serie: '4º ano',
  valor_anual_centavos: ANUAL,
  prazo_matricula: '2026-11-30',
  planos: [padrao, avista],
  ...overrides,
});

async function staff() {
  return (await signedIn(t, 'administrador')).cookie;
}

async function saved(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await send('PUT', URL, cookie, body(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Anuidade>(response);
}

const avisos = async (cookie: string) => dataOf<AvisoAnuidade[]>(await get(`${URL}/avisos`, cookie));
const avisosDe = async (cookie: string, ano = 2027) =>
  (await avisos(cookie)).filter((aviso) => aviso.ano_letivo === ano);

const CONTRATO = {
  titulo: 'Contrato de prestação de serviços educacionais 2027',
  corpo: 'Cláusula 1ª — A escola presta ao aluno os serviços educacionais da série contratada.',
  versao: 3,
  atualizado_em: '2026-08-20T12:00:00.000Z',
};

describe('anuidades and plans (Lei 9.870, art. 1º §5º)', () => {
  it('saves a série with the standard plan (the fee counts toward the anuidade) and an alternative; the seams read them', async () => {
    const cookie = await staff();
    const anuidade = await saved(cookie);
    expect(anuidade.planos.map((plano) => [plano.nome, plano.total_centavos, plano.padrao])).toEqual([
      // ADR 0094: exactly the anuidade (the 4 centavos of rounding go on the 1st instalment).
      ['Padrão (12 parcelas)', ANUAL, true],
      ['À vista', 1_150_000, false],
    ]);
    expect(anuidade.planos[0]!.total_centavos).toBeLessThanOrEqual(ANUAL);

    const planos = await planosDisponiveis(t.database.db, 2027, '4º ano');
    expect(planos.map((plano) => plano.id)).toEqual(anuidade.planos.map((plano) => plano.id));
    expect(planos[0]).toMatchObject({
      parcelas: 12,
      valor_parcela_centavos: 95_833,
      valor_anual_centavos: ANUAL,
    });
    expect(await planosDisponiveis(t.database.db, 2027, '5º ano')).toEqual([]);
    expect(await planoPorId(t.database.db, anuidade.planos[1]!.id)).toMatchObject({
      nome: 'À vista',
      total_centavos: 1_150_000,
    });
    expect(await planoPorId(t.database.db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    // Asked for a form's série and year, another série's plan is no plan (the contract and the charges
    // read it so: a family cannot send a cheaper série's plan id).
    const avista = anuidade.planos[1]!.id;
    expect(await planoPorId(t.database.db, avista, { anoLetivo: 2027, serie: '4º ano' })).not.toBeNull();
    expect(await planoPorId(t.database.db, avista, { anoLetivo: 2027, serie: '5º ano' })).toBeNull();
    expect(await planoPorId(t.database.db, avista, { anoLetivo: 2028, serie: '4º ano' })).toBeNull();

    // Editing keeps a plan's id (a family's choice still points at it); a plan left out is gone.
    const edited = await saved(cookie, {
      planos: [
        { ...padrao, id: anuidade.planos[0]!.id },
        { nome: '10 parcelas', parcelas: 10, valor_parcela_centavos: 110_000, taxa_matricula_centavos: TAXA },
      ],
      version: anuidade.version,
    });
    expect(edited.planos[0]!.id).toBe(anuidade.planos[0]!.id);
    expect(edited.planos.map((plano) => plano.nome)).toEqual(['Padrão (12 parcelas)', '10 parcelas']);
    expect(await planoPorId(t.database.db, anuidade.planos[1]!.id)).toBeNull();
    // A stale edit is refused.
    const stale = await send('PUT', URL, cookie, body({ version: anuidade.version }));
    expect(stale.statusCode).toBe(412);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'anuidade'));
    expect(audits.map((row) => row.action)).toEqual(['criar', 'atualizar']);
  });

  it('refuses 13 instalments', async () => {
    const cookie = await staff();
    const response = await send(
      'PUT',
      URL,
      cookie,
      body({ planos: [padrao, { ...avista, parcelas: 13, valor_parcela_centavos: 80_000 }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('No máximo 12 parcelas (Lei 9.870, art. 1º, §5º)');
  });

  it('refuses an alternative plan above the annual total, counting the fee', async () => {
    const cookie = await staff();
    // 1 × R$ 11.600,00 + R$ 500,00 of fee = R$ 12.100,00 > R$ 12.000,00: only the fee takes it over.
    const response = await send(
      'PUT',
      URL,
      cookie,
      body({ planos: [padrao, { ...avista, valor_parcela_centavos: 1_160_000 }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(
      'O plano “À vista” soma R$ 12.100,00, acima da anuidade de R$ 12.000,00: planos alternativos não podem passar do valor anual (Lei 9.870, art. 1º, §5º)',
    );
    expect(detailsOf(response).map((item) => item.path)).toEqual(['planos.1.valor_parcela_centavos']);
    // Without the fee the same instalment fits.
    await saved(cookie, {
      planos: [padrao, { ...avista, valor_parcela_centavos: 1_160_000, taxa_matricula_centavos: 0 }],
    });
  });

  it('refuses unequal standard instalments and a standard plan that ignores the fee', async () => {
    const cookie = await staff();
    // R$ 1.000,00 × 12 is the anuidade split with no fee: with R$ 500,00 of fee the total would pass it.
    const ignoresFee = await send(
      'PUT',
      URL,
      cookie,
      body({ planos: [{ ...padrao, valor_parcela_centavos: 100_000 }] }),
    );
    expect(ignoresFee.statusCode).toBe(400);
    expect(messageOf(ignoresFee)).toBe(
      'No plano padrão as parcelas são iguais: 12 × R$ 958,33 (a anuidade menos a taxa, dividida igualmente)',
    );
    // One centavo more on each instalment (to recover the 4 forgone) is no longer the equal split either.
    const rounded = await send(
      'PUT',
      URL,
      cookie,
      body({ planos: [{ ...padrao, valor_parcela_centavos: 95_834 }] }),
    );
    expect(rounded.statusCode).toBe(400);
    // No standard plan, or two.
    const none = await send('PUT', URL, cookie, body({ planos: [avista] }));
    expect(messageOf(none)).toBe('Marque um plano como padrão (a anuidade em parcelas iguais)');
    const two = await send('PUT', URL, cookie, body({ planos: [padrao, { ...padrao, nome: 'Outro' }] }));
    expect(messageOf(two)).toBe('Só um plano pode ser o padrão');
    // A fee above the anuidade.
    const fee = await send(
      'PUT',
      URL,
      cookie,
      body({ valor_anual_centavos: 40_000, planos: [{ ...padrao, parcelas: 1, valor_parcela_centavos: 0 }] }),
    );
    expect(fee.statusCode).toBe(400);
    expect(messageOf(fee)).toMatch(/taxa de matrícula \(R\$ 500,00\) passa da anuidade/);
    // Bad shapes are 400s, never 500s.
    for (const bad of [
      { valor_anual_centavos: 12.5 },
      { prazo_matricula: '2026-02-30' },
      { planos: [] },
      { extra: 1 },
    ])
      expect((await send('PUT', URL, cookie, body(bad))).statusCode).toBe(400);
    expect(await planosDisponiveis(t.database.db, 2027, '4º ano')).toEqual([]);
  });

  it('is for matriculas.manage only; the publication is public', async () => {
    const guardian = await signedIn(t, 'responsavel');
    expect((await get(URL, guardian.cookie)).statusCode).toBe(403);
    expect((await send('PUT', URL, guardian.cookie, body())).statusCode).toBe(403);
    expect((await get(URL)).statusCode).toBe(401);
    expect((await get(`${URL}/publicacao?ano=2027`)).statusCode).toBe(404);
  });
});

describe('publication (Lei 9.870, art. 2º) and the 45-day warning', () => {
  it('warns when nothing is set, when the publication is missing, and says nothing once published on time', async () => {
    const cookie = await staff();
    expect(await avisosDe(cookie)).toEqual([
      expect.objectContaining({ tipo: 'sem_anuidades', nivel: 'info' }),
    ]);
    await saved(cookie);
    // Today 01/09/2026; the deadline 30/11/2026, so the law's limit is 16/10/2026.
    const missing = await avisosDe(cookie);
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatchObject({ tipo: 'nao_publicado', nivel: 'alerta' });
    expect(missing[0]!.mensagem).toBe(
      'As anuidades de 2027 ainda não foram publicadas: publique até 16/10/2026, 45 dias antes do prazo de matrícula (30/11/2026), como pede a Lei 9.870, art. 2º.',
    );

    const published = await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2027, contrato: CONTRATO });
    expect(published.statusCode, published.body).toBe(200);
    expect(await avisosDe(cookie)).toEqual([]);
    const state = dataOf<AnuidadesAno>(await get(`${URL}?ano=2027`, cookie));
    expect(state.publicacao).toMatchObject({ alterado_depois: false, com_contrato: true });

    // On the last day allowed (16/10, exactly 45 days before) it is still on time.
    clock.pin('2026-10-16');
    await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2027, contrato: CONTRATO });
    expect(await avisosDe(cookie)).toEqual([]);
  });

  it('warns when the publication came late, when it is missing past the limit, and when values changed after it', async () => {
    const cookie = await staff();
    await saved(cookie);
    clock.pin('2026-11-01');
    const late = await avisosDe(cookie);
    expect(late[0]!.mensagem).toMatch(
      /^As anuidades de 2027 não foram publicadas e o prazo legal já passou: .*até 16\/10\/2026/,
    );

    await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2027, contrato: null });
    const afterLate = await avisosDe(cookie);
    expect(afterLate.map((aviso) => aviso.tipo)).toEqual(['publicado_tarde', 'sem_contrato']);
    expect(afterLate[0]!.mensagem).toBe(
      'A publicação de 2027 saiu em 01/11/2026, só 29 dias antes do prazo de matrícula (30/11/2026) — 4º ano. A Lei 9.870, art. 2º, pede 45 dias: adie o prazo de matrícula para 16/12/2026 ou depois.',
    );

    // Moving the deadline far enough clears the lateness, but the page now differs from what was published.
    await saved(cookie, { prazo_matricula: '2026-12-16' });
    expect((await avisosDe(cookie)).map((aviso) => aviso.tipo)).toEqual(['alterado', 'sem_contrato']);
    await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2027, contrato: CONTRATO });
    // Published again on 01/11 for a deadline of 16/12: exactly 45 days.
    expect(await avisosDe(cookie)).toEqual([]);
    // An older publication that kept the unsaved default (version 0): the public page does
    // not show it, so the school is told to publish again.
    await t.database.db
      .update(anuidadePublicacoes)
      .set({ conteudo: sql`jsonb_set(${anuidadePublicacoes.conteudo}, '{contrato,versao}', '0')` })
      .where(eq(anuidadePublicacoes.anoLetivo, 2027));
    expect((await avisosDe(cookie)).map((aviso) => aviso.tipo)).toEqual(['sem_contrato']);
    await t.database.db
      .update(anuidadePublicacoes)
      .set({ conteudo: sql`jsonb_set(${anuidadePublicacoes.conteudo}, '{contrato,versao}', '3')` })
      .where(eq(anuidadePublicacoes.anoLetivo, 2027));
    // Once the deadline has passed, the year leaves the warnings.
    clock.pin('2026-12-17');
    expect(await avisosDe(cookie)).toEqual([]);
  });

  it('the public page shows what was published (values, plans, contract) and the places per class, without a session', async () => {
    const cookie = await staff();
    await saved(cookie);
    await saved(cookie, {
      serie: '1º ano',
      valor_anual_centavos: 960_000,
      planos: [{ ...padrao, parcelas: 12, valor_parcela_centavos: 80_000, taxa_matricula_centavos: 0 }],
    });
    const turma = await insertClass(t, null, 25, {
      anoLetivo: '2027',
      nome: '4º Ano A',
      serie: '4º ano',
      turno: 'manha',
    });
    await insertClass(t, null, 20, { anoLetivo: '2027', nome: '1º Ano A', serie: '1º ano', turno: 'tarde' });
    await insertStudent(t, turma.id);
    await insertStudent(t, turma.id);
    // Publishing with nothing set is refused with a clear message.
    const empty = await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2028, contrato: null });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe('Cadastre as anuidades de 2028 antes de publicar.');

    await send('POST', `${URL}/publicar`, cookie, { ano_letivo: 2027, contrato: CONTRATO });
    const page = await get(`${URL}/publicacao?ano=2027`);
    expect(page.statusCode, page.body).toBe(200);
    const data = dataOf<PublicacaoMatriculas>(page);
    expect(data.ano_letivo).toBe(2027);
    expect(data.publicado_em).toBe('2026-09-01T15:00:00.000Z');
    expect(
      data.series.map((serie) => [serie.serie, serie.valor_anual_centavos, serie.prazo_matricula]),
    ).toEqual([
      ['1º ano', 960_000, '2026-11-30'],
      ['4º ano', ANUAL, '2026-11-30'],
    ]);
    expect(
      data.series[1]!.planos.map((plano) => [
        plano.nome,
        plano.parcelas,
        plano.valor_parcela_centavos,
        plano.taxa_matricula_centavos,
        plano.total_centavos,
      ]),
    ).toEqual([
      ['Padrão (12 parcelas)', 12, 95_833, TAXA, ANUAL],
      ['À vista', 1, 1_100_000, TAXA, 1_150_000],
    ]);
    expect(data.contrato).toEqual(CONTRATO);
    expect(data.vagas).toEqual([
      { turma: '1º Ano A', serie: '1º ano', turno: 'Tarde', capacidade: 20, matriculados: 0, vagas: 20 },
      { turma: '4º Ano A', serie: '4º ano', turno: 'Manhã', capacidade: 25, matriculados: 2, vagas: 23 },
    ]);
    // Without ?ano the latest published year.
    expect(dataOf<PublicacaoMatriculas>(await get(`${URL}/publicacao`)).ano_letivo).toBe(2027);
    // A later edit is not public until published again; the places are live.
    await saved(cookie, {
      valor_anual_centavos: 1_300_000,
      planos: [{ ...padrao, valor_parcela_centavos: 104_166 }],
    });
    await insertStudent(t, turma.id);
    const again = dataOf<PublicacaoMatriculas>(await get(`${URL}/publicacao?ano=2027`));
    expect(again.series[1]!.valor_anual_centavos).toBe(ANUAL);
    expect(again.vagas[1]!.vagas).toBe(22);
    expect(dataOf<AnuidadesAno>(await get(`${URL}?ano=2027`, cookie)).publicacao?.alterado_depois).toBe(true);
    expect((await get(`${URL}/publicacao?ano=abc`)).statusCode).toBe(400);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'publicar'));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ ano_letivo: 2027, contrato: { versao: 3 } });
  });

  it('suggests the séries of the year: its classes, and this year’s moved up', async () => {
    const cookie = await staff();
    await insertClass(t, null, 25, { anoLetivo: '2026', nome: '3º Ano A', serie: '3º ano' });
    const state = dataOf<AnuidadesAno>(await get(`${URL}?ano=2027`, cookie));
    expect(state.series_sugeridas).toEqual(['3º ano', '4º ano']);
    // Without ?ano, next year.
    expect(dataOf<AnuidadesAno>(await get(URL, cookie)).ano_letivo).toBe(2027);
  });
});

describe('the demo', () => {
  it('sets next year’s anuidades for the séries the school will have, within the law, and publishes them', async () => {
    await insertClass(t, null, 25, { anoLetivo: '2026', nome: '5º Ano A', serie: '5º ano' });
    await insertClass(t, null, 25, {
      anoLetivo: '2026',
      nome: '9º Ano A',
      serie: '9º ano',
      nivel: 'Fundamental II',
    });
    await seedAnuidadesDemo(t.database.db, clock.today());
    const page = dataOf<PublicacaoMatriculas>(await get(`${URL}/publicacao?ano=2027`));
    // This year's séries (new families) and the ones this year's students move up to.
    expect(page.series.map((serie) => serie.serie)).toEqual(['5º ano', '6º ano', '9º ano']);
    for (const serie of page.series) {
      expect(serie.prazo_matricula).toBe('2026-11-30');
      for (const plano of serie.planos)
        expect(plano.total_centavos).toBeLessThanOrEqual(serie.valor_anual_centavos);
    }
    // Published with the contract in force (the default template): no 'sem contrato' warning.
    expect(page.contrato?.titulo).toBe(MODELO_PADRAO_TITULO);
    // The default the school never saved is published as the stored version 1, never as 'versão 0'.
    expect(page.contrato?.versao).toBe(1);
    const modelos = dataOf<{ versao: number }[]>(
      await get('/api/matriculas/modelos-contrato', await staff()),
    );
    expect(modelos.map((modelo) => modelo.versao)).toEqual([1]);
    expect((await avisosDe(await staff())).map((aviso) => aviso.tipo)).not.toContain('sem_contrato');
  });

  it('lists the séries and the places in school order, Infantil to Médio, not alphabetically', async () => {
    const turma = (nome: string, serie: string, nivel: ClassNivel) =>
      insertClass(t, null, 25, { anoLetivo: '2027', nome, serie, nivel });
    await turma('1ª Série A', '1ª série', 'Ensino Médio');
    await turma('1º Ano A', '1º ano', 'Fundamental I');
    await turma('Pré II A', 'Pré II', 'Educação Infantil');
    await turma('9º Ano A', '9º ano', 'Fundamental II');
    await seedAnuidadesDemo(t.database.db, clock.today());
    const page = dataOf<PublicacaoMatriculas>(await get(`${URL}/publicacao?ano=2027`));
    const order = ['Pré II', '1º ano', '9º ano', '1ª série'];
    expect(page.series.map((serie) => serie.serie)).toEqual(order);
    expect(page.vagas.map((vaga) => vaga.serie)).toEqual(order);
    const cookie = await staff();
    expect(dataOf<AnuidadesAno>(await get(`${URL}?ano=2027`, cookie)).series_sugeridas).toEqual(order);
  });
});
