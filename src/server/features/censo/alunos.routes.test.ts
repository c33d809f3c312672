import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import type { CensoAluno, InclusaoAluno, Pendencia } from '../../../shared/censo.schemas.js';
import type { BuiltInPerfil } from '../../../shared/permissions.js';
import type { Perfil } from '../../../shared/perfis.schemas.js';
import { rowsOf } from '../../db/rows.js';
import { auditLog } from '../../db/schema/audit.js';
import { censoAlunos, censoTurmas } from '../../db/schema/censo.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { perfis, userPerfis } from '../../db/schema/perfis.js';
import { settings } from '../../db/schema/settings.js';
import { studentGuardians, students } from '../../db/schema/students.js';
import {
  dataOf,
  detailsOf,
  insertClass,
  insertGuardian,
  insertStudent,
  messageOf,
} from '../../test/records-fixtures.js';
import { classWithFamily } from '../../test/school-fixtures.js';
import { createUserRow, loginAs, requestsOf, setupTestApp } from '../../test/test-app.js';
import { flushStudentViews } from '../privacy/access-log.service.js';
import { ensureBuiltInPerfis } from '../perfis/perfis.service.js';
import { alunosFonte } from './alunos.fonte.js';
import { layout2024 } from './layouts/2024/index.js';
import type { CensoContexto } from './layout.js';

const t = setupTestApp();
const { get, send } = requestsOf(() => t.app);

const ANO = 2026;
const contexto = (): CensoContexto => ({
  db: t.database.db,
  ano: ANO,
  dataReferencia: dataReferencia(ANO),
  layout: layout2024,
  hoje: '2026-06-15',
});

async function perfilId(chave: BuiltInPerfil): Promise<string> {
  await ensureBuiltInPerfis(t.database.db);
  const [row] = await t.database.db.select().from(perfis).where(eq(perfis.chave, chave));
  return row!.id;
}

/** A staff account holding the built-in profiles `chaves` (and `extra` profile ids), signed in. */
async function staffWith(
  nivel: 'administrador' | 'professor',
  chaves: BuiltInPerfil[],
  extra: string[] = [],
) {
  const user = await createUserRow(t.database, nivel);
  for (const id of [...(await Promise.all(chaves.map(perfilId))), ...extra])
    await t.database.db.insert(userPerfis).values({ usuarioId: user.id, perfilId: id });
  return { user, cookie: await loginAs(t.app, user.email) };
}

async function views(alunoId: string) {
  await flushStudentViews(t.app.ctx);
  return rowsOf<{ usuario_id: string; via: string }>(
    await t.database.db.execute(
      sql`select usuario_id, via from student_access_log where aluno_id = ${alunoId} order by id`,
    ),
  );
}

const completo = {
  cor_raca: '3',
  nacionalidade: '1',
  pais_nacionalidade: '76',
  municipio_nascimento: '3550308',
  filiacao: '1',
  filiacao_1: 'Conceição Simões',
  filiacao_2: null,
  deficiencias: [],
  recursos_saeb: [],
  pais_residencia: '76',
  cep_residencia: '01310-100',
  municipio_residencia: '3550308',
  zona_residencia: '1',
  localizacao_diferenciada: '7',
};

describe('GET|PUT /api/censo/alunos/:id', () => {
  it('answers the secretaria (200) and refuses financeiro, a teacher and a parent (403)', async () => {
    const { teacher, family } = await classWithFamily(t);
    const secretaria = await staffWith('administrador', ['secretaria']);
    const financeiro = await staffWith('administrador', ['financeiro']);
    const url = `/api/censo/alunos/${family.child.id}`;
    expect((await get(url, secretaria.cookie)).statusCode).toBe(200);
    for (const cookie of [financeiro.cookie, teacher.cookie, family.cookie]) {
      expect((await get(url, cookie)).statusCode).toBe(403);
      expect((await send('PUT', url, cookie, completo)).statusCode).toBe(403);
    }
    const stranger = '00000000-0000-4000-8000-000000000000';
    const missing = await get(`/api/censo/alunos/${stranger}`, secretaria.cookie);
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe('Aluno não encontrado.');
  });

  it('suggests filiação from the guardians who are mother and father, Brazilian nationality and país 76, saving nothing', async () => {
    const { family } = await classWithFamily(t);
    const pai = await insertGuardian(t);
    await t.database.db
      .insert(studentGuardians)
      .values({ alunoId: family.child.id, responsavelId: pai.id, parentesco: 'pai' });
    const secretaria = await staffWith('administrador', ['secretaria']);
    const lido = dataOf<CensoAluno>(await get(`/api/censo/alunos/${family.child.id}`, secretaria.cookie));
    expect(lido).toMatchObject({
      aluno_id: family.child.id,
      nome: family.child.nome,
      version: 0,
      filiacao: '1',
      filiacao_1: family.guardian.nome,
      filiacao_2: pai.nome,
      nacionalidade: '1',
      pais_nacionalidade: '76',
      cor_raca: null,
    });
    expect(lido.sugeridos.sort()).toEqual(
      [
        'filiacao',
        'filiacao_1',
        'filiacao_2',
        'nacionalidade',
        'pais_nacionalidade',
        'pais_residencia',
      ].sort(),
    );
    expect(await t.database.db.select().from(censoAlunos)).toEqual([]);
  });

  it('saves with a version, audits the names of the changed fields only, and refuses a stale write (412)', async () => {
    const { family } = await classWithFamily(t);
    const secretaria = await staffWith('administrador', ['secretaria']);
    const url = `/api/censo/alunos/${family.child.id}`;
    const saved = await send('PUT', url, secretaria.cookie, completo);
    expect(saved.statusCode, saved.body).toBe(200);
    const first = dataOf<CensoAluno>(saved);
    expect(first).toMatchObject({ version: 1, cor_raca: '3', cep_residencia: '01310100', sugeridos: [] });
    expect(first.filiacao_1).toBe('Conceição Simões');

    const again = await send('PUT', url, secretaria.cookie, {
      ...completo,
      deficiencias: ['tea'],
      recursos_saeb: ['ledor'],
      version: 1,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(dataOf<CensoAluno>(again).version).toBe(2);
    const stale = await send('PUT', url, secretaria.cookie, { ...completo, cor_raca: '1', version: 1 });
    expect(stale.statusCode).toBe(412);
    expect(dataOf<CensoAluno>(await get(url, secretaria.cookie))).toMatchObject({
      cor_raca: '3',
      version: 2,
    });

    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, family.child.id));
    const details = trail.map((row) => row.details as { secao: string; campos: string[] });
    expect(details.at(-1)).toEqual({ secao: 'censo', campos: ['deficiencias', 'recursos_saeb'] });
    const text = JSON.stringify(trail);
    for (const valor of ['tea', 'ledor', 'Conceição', '3550308']) expect(text).not.toContain(valor);
  });

  it('refuses bad input with 400 and pt-BR messages per field', async () => {
    const { family } = await classWithFamily(t);
    const secretaria = await staffWith('administrador', ['secretaria']);
    const response = await send('PUT', `/api/censo/alunos/${family.child.id}`, secretaria.cookie, {
      ...completo,
      cor_raca: '9',
      certidao_nascimento: '123',
      municipio_nascimento: '35',
      deficiencias: ['tea', 'tea'],
    });
    expect(response.statusCode).toBe(400);
    const messages = detailsOf(response).map((detail) => detail.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Cor/raça: opção inválida',
        'A certidão de nascimento (modelo novo) tem 32 dígitos',
        'O código IBGE do município tem 7 dígitos',
        'Deficiência: opção repetida',
      ]),
    );
  });

  it('writes every read to the access log, as a view of the census data', async () => {
    const { family } = await classWithFamily(t);
    const secretaria = await staffWith('administrador', ['secretaria']);
    expect((await get(`/api/censo/alunos/${family.child.id}`, secretaria.cookie)).statusCode).toBe(200);
    expect(await views(family.child.id)).toEqual([{ usuario_id: secretaria.user.id, via: 'censo' }]);
  });
});

describe('GET /api/censo/alunos/inclusao and the field-level visibility of census data', () => {
  async function scene() {
    const { admin, teacher, turma, family } = await classWithFamily(t);
    const other = await insertClass(t, null);
    const outsider = await insertStudent(t, other.id, (await insertGuardian(t)).id);
    const semApoio = await insertStudent(t, turma.id);
    await t.database.db.insert(censoAlunos).values([
      {
        alunoId: family.child.id,
        corRaca: '2',
        deficiencias: ['baixa_visao'],
        recursosSaeb: ['prova_ampliada'],
      },
      { alunoId: outsider.id, corRaca: '2', deficiencias: ['surdez'], recursosSaeb: ['libras'] },
      { alunoId: semApoio.id, corRaca: '5', deficiencias: [], recursosSaeb: [] },
    ]);
    return { admin, teacher, turma, other, family, outsider };
  }

  it('a teacher without the grant gets 403 and never cor/raça or deficiência in the student answers or exports', async () => {
    const { teacher, turma, family } = await scene();
    expect((await get(`/api/censo/alunos/inclusao?turma=${turma.id}`, teacher.cookie)).statusCode).toBe(403);
    for (const url of [
      `/api/alunos/${family.child.id}`,
      '/api/alunos',
      '/api/alunos/export?format=csv',
      `/api/turmas/${turma.id}/alunos`,
    ]) {
      const response = await get(url, teacher.cookie);
      expect(response.statusCode, url).toBe(200);
      for (const word of ['cor_raca', 'deficiencia', 'baixa_visao', 'prova_ampliada', 'recursos_saeb'])
        expect(response.body, `${url}: ${word}`).not.toContain(word);
    }
  });

  it('a teacher with a custom profile holding students.inclusao sees deficiências and recursos of their own class only', async () => {
    const { teacher, turma, other, family } = await scene();
    const direcao = await staffWith('administrador', ['direcao']);
    const created = await send('POST', '/api/perfis', direcao.cookie, {
      nome: 'Apoio à inclusão',
      permissoes: ['students.inclusao'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const perfil = dataOf<Perfil>(created);
    await t.database.db.insert(userPerfis).values([
      { usuarioId: teacher.user.id, perfilId: await perfilId('professor') },
      { usuarioId: teacher.user.id, perfilId: perfil.id },
    ]);
    const cookie = await loginAs(t.app, teacher.user.email);
    const response = await get(`/api/censo/alunos/inclusao?turma=${turma.id}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<InclusaoAluno[]>(response)).toEqual([
      {
        aluno_id: family.child.id,
        nome: family.child.nome,
        deficiencias: ['baixa_visao'],
        recursos_saeb: ['prova_ampliada'],
      },
    ]);
    expect(response.body).not.toContain('cor_raca');
    expect((await get(`/api/censo/alunos/inclusao?turma=${other.id}`, cookie)).statusCode).toBe(404);
    expect((await get(`/api/censo/alunos/${family.child.id}`, cookie)).statusCode).toBe(403);
    expect((await get('/api/censo/alunos/inclusao?turma=x', cookie)).statusCode).toBe(400);
    expect(await views(family.child.id)).toEqual([{ usuario_id: teacher.user.id, via: 'censo_inclusao' }]);
  });
});

describe('record 30 of the students (alunosFonte)', () => {
  async function escola(inep = '35000001') {
    await t.database.db
      .insert(settings)
      .values({ key: 'censo_escola', value: { codigo_inep: inep } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { codigo_inep: inep } } });
  }

  it('writes one line per student enrolled on the reference date, with the values by the layout keys', async () => {
    await escola();
    const turma = await insertClass(t, null, 25, { serie: '3º ano', anoLetivo: String(ANO) });
    const aluna = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db
      .update(students)
      .set({ nome: 'Conceição Simões', sexo: 'feminino', dataNascimento: '2017-04-05' })
      .where(eq(students.id, aluna.id));
    await t.database.db.insert(censoAlunos).values({
      alunoId: aluna.id,
      corRaca: '0',
      nacionalidade: '1',
      paisNacionalidade: '76',
      municipioNascimento: '3550308',
      filiacao: '1',
      filiacao1: 'Maria da Conceição',
      deficiencias: ['cegueira', 'deficiencia_fisica', 'altas_habilidades'],
      recursosSaeb: ['ledor', 'braille'],
      paisResidencia: '76',
      cepResidencia: '01310100',
      municipioResidencia: '3550308',
      zonaResidencia: '1',
      localizacaoDiferenciada: '7',
    });
    // Left before the reference date: absent. Admitted after it: absent from stage 1.
    const saiu = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db
      .update(classMemberships)
      .set({ fim: '2026-04-30' })
      .where(eq(classMemberships.alunoId, saiu.id));
    await insertStudent(t, turma.id, undefined, '2026-08-01');

    const linhas = await alunosFonte.linhas(contexto());
    expect(linhas.map((linha) => linha.entidadeId)).toEqual([aluna.id]);
    const [linha] = linhas;
    expect(linha).toMatchObject({
      tipo: '30',
      entidade: 'aluno',
      nome: 'Conceição Simões',
      link: `/dashboard/alunos?aluno=${aluna.id}&secao=censo`,
    });
    expect(linha!.valores).toMatchObject({
      tipoPessoa: 'aluno',
      inepEscola: '35000001',
      codigoPessoa: aluna.id.replace(/-/g, '').slice(0, 20).toUpperCase(),
      nomePessoa: 'Conceição Simões',
      dataNascimento: '2017-04-05',
      sexo: '2',
      raca: '0',
      filiacao: '1',
      filiacao1: 'Maria da Conceição',
      municipioNascimento: '3550308',
      deficiencia: true,
      deficienciaCegueira: true,
      deficienciaFisica: true,
      deficienciaAltasHabilidades: true,
      deficienciaSurdez: false,
      deficienciaMultipla: true,
      exigeRecursos: true,
      recursoLedor: true,
      recursoBraile: true,
      recursoNenhum: false,
      cep: '01310100',
      municipioResidencia: '3550308',
      localizacaoResidencia: '1',
    });
    // Every key but the steering ones is a field of record 30.
    const chaves = new Set(layout2024.registros['30'].map((campo) => campo.chave));
    expect(
      Object.keys(linha!.valores)
        .filter((chave) => !chaves.has(chave))
        .sort(),
    ).toEqual(['exigeRecursos', 'tipoPessoa']);
  });

  it('leaves the recursos and deficiência types empty for a student without deficiência', async () => {
    const turma = await insertClass(t, null, 25, { anoLetivo: String(ANO) });
    const aluno = await insertStudent(t, turma.id);
    await t.database.db.insert(censoAlunos).values({
      alunoId: aluno.id,
      nacionalidade: '3',
      paisNacionalidade: '32',
      municipioNascimento: '3550308',
    });
    const [linha] = await alunosFonte.linhas(contexto());
    expect(linha!.valores).toMatchObject({
      deficiencia: false,
      deficienciaCegueira: null,
      deficienciaMultipla: null,
      recursoNenhum: null,
      exigeRecursos: false,
      municipioNascimento: null,
    });
  });
});

describe('the pendências only the students’ source can see', () => {
  async function comCenso(
    dados: Partial<typeof censoAlunos.$inferInsert>,
    aluno: Partial<typeof students.$inferInsert> = {},
    turmaExtra: Partial<Parameters<typeof insertClass>[3]> = {},
  ) {
    const turma = await insertClass(t, null, 25, { anoLetivo: String(ANO), ...turmaExtra });
    const row = await insertStudent(t, turma.id);
    if (Object.keys(aluno).length)
      await t.database.db.update(students).set(aluno).where(eq(students.id, row.id));
    await t.database.db.insert(censoAlunos).values({ alunoId: row.id, ...dados });
    return { turma, aluno: row };
  }
  const campos = async () =>
    (await alunosFonte.pendencias(contexto())).map((pendencia: Pendencia) => [
      pendencia.campo,
      pendencia.mensagem,
    ]);

  it('a valid student has none', async () => {
    await comCenso(
      { nacionalidade: '1', paisNacionalidade: '76', certidaoNascimento: '10453901552013100012021000012321' },
      { dataNascimento: '2012-05-01' },
    );
    const pendencias = await alunosFonte.pendencias(contexto());
    expect(pendencias).toEqual([]);
  });

  it('a CPF with wrong check digits', async () => {
    await comCenso({}, { cpf: '12345678900' });
    expect(await campos()).toEqual([
      ['CPF', 'O CPF tem dígitos verificadores errados: confira o número no documento.'],
    ]);
  });

  it('a certidão with wrong check digits, and one whose year is before the birth', async () => {
    await comCenso({ certidaoNascimento: '10453901552013100012021000012322' });
    expect((await campos())[0]?.[1]).toContain('dígitos verificadores da certidão');
    await t.database.db.update(censoAlunos).set({ certidaoNascimento: '10453901552013100012021000012321' });
    await t.database.db.update(students).set({ dataNascimento: '2014-01-01' });
    expect((await campos())[0]?.[1]).toContain('ano do registro na certidão');
  });

  it('a birth date impossible for the etapa (the série’s, or the class’s census etapa)', async () => {
    const { turma } = await comCenso({}, { dataNascimento: '2023-01-10' });
    const [pendencia] = await campos();
    expect(pendencia?.[0]).toBe('Data de nascimento');
    expect(pendencia?.[1]).toContain('impossível para a etapa');
    // The class's census etapa says creche: a 3-year-old fits.
    await t.database.db.insert(censoTurmas).values({ turmaId: turma.id, etapa: '1' });
    expect(await campos()).toEqual([]);
    await t.database.db.update(students).set({ dataNascimento: '2027-01-01' });
    expect((await campos())[0]?.[1]).toBe(
      'A data de nascimento é posterior à data de referência do Censo. (Turma ' + turma.nome + '.)',
    );
  });

  it('nacionalidade against país', async () => {
    await comCenso({ nacionalidade: '1', paisNacionalidade: '32' });
    expect(await campos()).toEqual([
      ['País de nacionalidade', 'Nacionalidade brasileira: o país de nacionalidade é o Brasil (76).'],
    ]);
    await t.database.db.update(censoAlunos).set({ nacionalidade: '3', paisNacionalidade: '76' });
    expect(await campos()).toEqual([
      ['País de nacionalidade', 'Nacionalidade estrangeira: o país de nacionalidade não pode ser o Brasil.'],
    ]);
  });

  it("'Nenhum' with other recursos, recursos without deficiência, deficiência without recursos", async () => {
    await comCenso({ deficiencias: ['surdez'], recursosSaeb: ['nenhum', 'libras'] });
    expect((await campos()).map(([, mensagem]) => mensagem)).toEqual([
      "'Nenhum' não pode ser marcado junto com outros recursos.",
    ]);
    await t.database.db.update(censoAlunos).set({ deficiencias: [], recursosSaeb: ['libras'] });
    expect((await campos())[0]?.[1]).toContain('só valem para aluno com deficiência');
    await t.database.db.update(censoAlunos).set({ deficiencias: ['tea'], recursosSaeb: [] });
    expect((await campos())[0]?.[1]).toContain("informe os recursos para o Saeb (ou 'Nenhum')");
    // Altas habilidades alone asks no recurso.
    await t.database.db.update(censoAlunos).set({ deficiencias: ['altas_habilidades'], recursosSaeb: [] });
    expect(await campos()).toEqual([]);
  });

  it('zona urbana with área de assentamento', async () => {
    await comCenso({ zonaResidencia: '1', localizacaoDiferenciada: '1' });
    expect(await campos()).toEqual([
      [
        'Localização diferenciada da residência',
        'Zona urbana: a localização diferenciada não pode ser área de assentamento.',
      ],
    ]);
  });
});
