import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { censoProfissionais } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { settings } from '../../db/schema/settings.js';
import { teachers } from '../../db/schema/teachers.js';
import { insertClass, insertStudent, insertTeacher, newCpf } from '../../test/records-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import type { CensoContexto } from './layout.js';
import { layoutDoAno } from './layouts/index.js';
import { pessoasFonte } from './pessoas.fonte.js';

const t = setupTestApp();

const ctx = (): CensoContexto => ({
  db: t.database.db,
  ano: 2026,
  dataReferencia: dataReferencia(2026),
  layout: layoutDoAno(2026)!,
  hoje: '2026-06-10',
});

/** What a complete professional's census row holds (a licenciada in Matemática with a specialisation). */
const completo = {
  inepId: null,
  dataNascimento: '1980-04-02',
  sexo: 'feminino' as const,
  corRaca: '3',
  nacionalidade: '1',
  municipioNascimento: '3550308',
  filiacao: '1',
  filiacao1: 'Maria da Conceição',
  paisResidencia: '76',
  cepResidencia: '01310100',
  municipioResidencia: '3550308',
  zonaResidencia: '1',
  localizacaoDiferenciada: '7',
  escolaridade: '6',
  tipoEnsinoMedio: '1',
  cursosSuperiores: [{ curso: '145F10', ano: 2003, ies: '575', grau: 'licenciatura' }],
  posGraduacoesConcluidas: [{ tipo: '1', area: '1', ano: 2008 }],
  formacaoContinuada: ['anos_finais', 'tic'],
};

/**
 * Two teachers and the director. Ana teaches Matemática in a 3º ano class (she is its responsible
 * teacher) and in a 6º ano class; Bruno teaches Português in the 3º ano. A third class has no
 * students on the reference date: its teacher is not in the file.
 */
async function escola() {
  await t.database.db.insert(settings).values({ key: 'censo_escola', value: { codigo_inep: '35123456' } });
  const ana = await insertTeacher(t);
  const bruno = await insertTeacher(t);
  const ausente = await insertTeacher(t);
  await t.database.db
    .update(teachers)
    .set({ nome: 'Ana Conceição', cpf: newCpf() })
    .where(eq(teachers.id, ana.id));
  await t.database.db
    .update(teachers)
    .set({ nome: 'Bruno Lima', cpf: newCpf() })
    .where(eq(teachers.id, bruno.id));
  const terceiro = await insertClass(t, ana.id, 25, { nome: '3º ano A', serie: '3º ano' });
  const sexto = await insertClass(t, null, 25, {
    nome: '6º ano A',
    nivel: 'Fundamental II',
    serie: '6º ano',
  });
  const vazia = await insertClass(t, ausente.id, 25, {
    nome: '7º ano A',
    nivel: 'Fundamental II',
    serie: '7º ano',
  });
  await t.database.db.insert(classSubjects).values([
    { turmaId: terceiro.id, disciplina: 'Matemática', professorId: ana.id, aulasSemanais: 5 },
    { turmaId: terceiro.id, disciplina: 'Português', professorId: bruno.id, aulasSemanais: 5 },
    { turmaId: sexto.id, disciplina: 'Matemática', professorId: ana.id, aulasSemanais: 5 },
  ]);
  await insertStudent(t, terceiro.id);
  await insertStudent(t, sexto.id);
  // Enrolled after the reference date only: the class does not count.
  await insertStudent(t, vazia.id, undefined, '2026-08-01');
  const [diretora] = await t.database.db
    .insert(censoProfissionais)
    .values({
      ...completo,
      nome: 'Helena Araújo',
      cpf: newCpf(),
      email: 'helena@escola.test',
      gestorCargo: '1',
      gestorCriterioAcesso: '1',
      formacaoContinuada: ['gestao_escolar'],
    })
    .returning();
  await t.database.db.insert(censoProfissionais).values([
    { ...completo, professorId: ana.id },
    { ...completo, professorId: bruno.id, sexo: 'masculino' },
  ]);
  return { ana, bruno, ausente, terceiro, sexto, diretora: diretora! };
}

describe('pessoasFonte', () => {
  it('writes one 30 per person, the 40 of the director and one 50 per teacher and class with students', async () => {
    const { ana, bruno, terceiro, sexto, diretora } = await escola();
    const linhas = await pessoasFonte.linhas(ctx());
    const porTipo = (tipo: string) => linhas.filter((linha) => linha.tipo === tipo);

    expect(porTipo('30').map((linha) => linha.nome)).toEqual([
      'Ana Conceição',
      'Bruno Lima',
      'Helena Araújo',
    ]);
    const r30Ana = porTipo('30')[0]!.valores;
    expect(r30Ana).toMatchObject({
      tipoPessoa: 'profissional',
      registro: '30',
      inepEscola: '35123456',
      codigoPessoa: ana.id.replace(/-/g, '').slice(0, 20).toUpperCase(),
      nomePessoa: 'Ana Conceição',
      dataNascimento: '1980-04-02',
      sexo: '2',
      raca: '3',
      paisNacionalidade: '76',
      deficiencia: false,
      deficienciaCegueira: null,
      escolaridade: '6',
      formacaoCurso1: '145F10',
      formacaoAnoConclusao1: 2003,
      formacaoInstituicao1: '575',
      formacaoCurso2: null,
      posGraduacao1Tipo: '1',
      posGraduacao1Area: '1',
      posGraduacao1Ano: 2008,
      posGraduacaoNaoPossui: false,
      formacaoContinuadaAnosFinaisFundamental: true,
      formacaoContinuadaEducacaoTecnologiaInformaçãoComunicacao: true,
      formacaoContinuadaCreche: false,
      cep: '01310100',
      email: null,
      recursoLedor: null,
      certidaoNascimento: null,
    });
    // The director is a gestor outside the classes: e-mail, no residence.
    expect(porTipo('30')[2]!.valores).toMatchObject({
      email: 'helena@escola.test',
      cep: null,
      paisResidencia: null,
    });

    expect(porTipo('40')).toHaveLength(1);
    expect(porTipo('40')[0]).toMatchObject({
      entidadeId: diretora.id,
      valores: { registro: '40', cargo: '1', criterioAcesso: '1', tipoVinculo: null, inepEscola: '35123456' },
    });

    const r50 = porTipo('50').map((linha) => ({
      pessoa: linha.entidadeId,
      turma: linha.valores.codigoTurma,
      componente1: linha.valores.componente1,
      componente2: linha.valores.componente2,
      funcao: linha.valores.funcaoDocente,
    }));
    const codigo = (id: string) => id.replace(/-/g, '').slice(0, 20).toUpperCase();
    expect(r50).toHaveLength(3);
    expect(r50).toEqual(
      expect.arrayContaining([
        { pessoa: ana.id, turma: codigo(terceiro.id), componente1: '3', componente2: null, funcao: '1' },
        { pessoa: ana.id, turma: codigo(sexto.id), componente1: '3', componente2: null, funcao: '1' },
        { pessoa: bruno.id, turma: codigo(terceiro.id), componente1: '6', componente2: null, funcao: '1' },
      ]),
    );
    expect(await pessoasFonte.pendencias(ctx())).toEqual([]);
  });

  it('names a school without gestor', async () => {
    const { diretora } = await escola();
    await t.database.db
      .update(censoProfissionais)
      .set({ gestorCargo: null })
      .where(eq(censoProfissionais.id, diretora.id));
    const pendencias = await pessoasFonte.pendencias(ctx());
    expect(pendencias).toEqual([
      expect.objectContaining({
        registro: '40',
        entidade: 'escola',
        campo: 'Gestor escolar',
        link: '/dashboard/professores?censo=novo',
      }),
    ]);
    expect((await pessoasFonte.linhas(ctx())).some((linha) => linha.tipo === '40')).toBe(false);
  });

  it('names a CPF with wrong check digits', async () => {
    const { bruno } = await escola();
    await t.database.db.update(teachers).set({ cpf: '12345678900' }).where(eq(teachers.id, bruno.id));
    expect(await pessoasFonte.pendencias(ctx())).toEqual([
      expect.objectContaining({
        registro: '30',
        entidade: 'profissional',
        entidade_id: bruno.id,
        campo: 'CPF',
        link: `/dashboard/professores?censo=${bruno.id}`,
      }),
    ]);
  });

  it('names a teacher without formation for a class: anos finais without licenciatura, no escolaridade', async () => {
    const { ana, bruno } = await escola();
    await t.database.db
      .update(censoProfissionais)
      .set({ cursosSuperiores: [{ curso: '421C01', ano: 2003, ies: '575', grau: 'bacharelado' }] })
      .where(eq(censoProfissionais.professorId, ana.id));
    await t.database.db
      .update(censoProfissionais)
      .set({ escolaridade: null })
      .where(eq(censoProfissionais.professorId, bruno.id));
    const pendencias = await pessoasFonte.pendencias(ctx());
    expect(pendencias.map((item) => [item.entidade_id, item.registro, item.campo, item.mensagem])).toEqual([
      [bruno.id, '30', 'Escolaridade', 'Informe a escolaridade (maior nível concluído).'],
      [
        ana.id,
        '50',
        'Formação para a turma',
        expect.stringContaining(
          '3º ano A (educação infantil ou anos iniciais) sem licenciatura nem magistério',
        ),
      ],
      [
        ana.id,
        '50',
        'Formação para a turma',
        expect.stringContaining('6º ano A (anos finais ou ensino médio) sem licenciatura'),
      ],
    ]);
  });

  it('names a docente who teaches no componente in a class (a 3º ano responsible teacher); a 6º ano tutor is not a docente', async () => {
    const { ana, bruno, terceiro, sexto } = await escola();
    // Ana hands the 3º ano's Matemática to Bruno but stays its responsible teacher; Bruno becomes the
    // 6º ano's responsible teacher without teaching there.
    await t.database.db
      .update(classSubjects)
      .set({ professorId: bruno.id })
      .where(and(eq(classSubjects.turmaId, terceiro.id), eq(classSubjects.disciplina, 'Matemática')));
    await t.database.db
      .update(classes)
      .set({ professorResponsavelId: bruno.id })
      .where(eq(classes.id, sexto.id));
    const pendencias = await pessoasFonte.pendencias(ctx());
    expect(pendencias).toEqual([
      expect.objectContaining({
        registro: '50',
        entidade_id: ana.id,
        campo: 'Componentes curriculares',
        mensagem: expect.stringContaining('Na turma 3º ano A') as string,
      }),
    ]);
    const r50 = (await pessoasFonte.linhas(ctx())).filter((linha) => linha.tipo === '50');
    expect(r50.filter((linha) => linha.entidadeId === bruno.id)).toHaveLength(1);
  });
});
