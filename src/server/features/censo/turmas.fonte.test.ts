import { describe, expect, it } from 'vitest';
import { codigoProprio, dataReferencia } from '../../../shared/censo.codigos.js';
import { censoAlunos, censoTurmas } from '../../db/schema/censo.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { settings } from '../../db/schema/settings.js';
import { insertClass, insertStudent, insertTeacher } from '../../test/records-fixtures.js';
import { setupTestApp } from '../../test/test-app.js';
import type { CensoContexto, Linha } from './layout.js';
import { layout2024 } from './layouts/2024/index.js';
import { turmasFonte } from './turmas.fonte.js';

const t = setupTestApp();

const contexto = (): CensoContexto => ({
  db: t.database.db,
  ano: 2026,
  dataReferencia: dataReferencia(2026),
  layout: layout2024,
  hoje: '2026-06-15',
});
const linhasDo = async (tipo: string) =>
  (await turmasFonte.linhas(contexto())).filter((linha) => linha.tipo === tipo);
const pendencias = () => turmasFonte.pendencias(contexto());

async function escolaComInep() {
  await t.database.db.insert(settings).values({ key: 'censo_escola', value: { codigo_inep: '35123456' } });
}

describe('turmasFonte: record 20', () => {
  it('one line per class of the year with a student on the reference date, with its values', async () => {
    await escolaComInep();
    const teacher = await insertTeacher(t);
    const turma = await insertClass(t, null, 25, { nome: '5º Ano Ação', serie: '5º ano', turno: 'tarde' });
    const vazia = await insertClass(t, null, 25, { nome: 'Vazia', status: 'inativo' });
    const outroAno = await insertClass(t, null, 25, { anoLetivo: '2025' });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await insertStudent(t, outroAno.id, undefined, '2025-02-02');
    await t.database.db.insert(classSubjects).values([
      {
        turmaId: turma.id,
        disciplina: 'Matemática',
        professorId: teacher.id,
        aulasSemanais: 5,
        diasSemana: [1, 3],
      },
      { turmaId: turma.id, disciplina: 'Português', aulasSemanais: 5, diasSemana: [2] },
      // Física is not for the anos iniciais (INEP's table): not offered in the file.
      { turmaId: turma.id, disciplina: 'Física', professorId: teacher.id, aulasSemanais: 2, diasSemana: [4] },
    ]);
    await t.database.db.insert(censoTurmas).values({
      turmaId: turma.id,
      tipoMediacao: '1',
      horaInicio: '13:05',
      horaFim: '17:30',
      dias: ['seg', 'qua', 'sex'],
      tipoAtendimento: 'escolarizacao',
      localDiferenciado: '0',
    });
    const linhas = await linhasDo('20');
    expect(linhas.map((linha) => linha.entidadeId)).toEqual([turma.id]);
    expect(linhas.map((linha) => linha.entidadeId)).not.toContain(vazia.id);
    const [linha] = linhas as [Linha];
    expect(linha).toMatchObject({
      entidade: 'turma',
      nome: '5º Ano Ação',
      link: `/dashboard/turmas?censo=${turma.id}`,
    });
    expect(linha.valores).toMatchObject({
      codigo_escola: '35123456',
      codigo_turma: codigoProprio(turma.id),
      inep_turma: null,
      nome_turma: '5º Ano Ação',
      tipo_mediacao: '1',
      hora_inicio_hora: '13',
      hora_inicio_minuto: '05',
      hora_fim_hora: '17',
      hora_fim_minuto: '30',
      dia_dom: false,
      dia_seg: true,
      dia_ter: false,
      dia_qua: true,
      dia_sex: true,
      escolarizacao: true,
      atividade_complementar: false,
      aee: false,
      estrutura_fgb: true,
      estrutura_itinerario: false,
      estrutura_nao_se_aplica: false,
      local_diferenciado: '0',
      modalidade: '1',
      etapa: '18',
      organizacao_serie_ano: true,
      organizacao_ciclos: false,
      componente_3: '1',
      componente_6: '2',
      componente_2: '0',
      componente_12: '0',
      classe_bilingue_surdos: false,
    });
    expect(codigoProprio(turma.id)).toHaveLength(20);
  });

  it('an Educação Infantil class: não se aplica, no componentes, no forma de organização', async () => {
    const turma = await insertClass(t, null, 25, {
      nivel: 'Educação Infantil',
      serie: 'Pré II',
      turno: 'manha',
    });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    const [linha] = (await linhasDo('20')) as [Linha];
    expect(linha.valores).toMatchObject({
      estrutura_fgb: false,
      estrutura_nao_se_aplica: true,
      etapa: '2',
      organizacao_serie_ano: null,
      componente_3: null,
      hora_inicio_hora: '07',
      hora_fim_hora: '12',
      dia_seg: true,
      dia_sab: false,
    });
  });

  it('a class a distância leaves horário, days and local empty', async () => {
    const turma = await insertClass(t, null, 25, { nivel: 'Ensino Médio', serie: '1ª série' });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.insert(censoTurmas).values({
      turmaId: turma.id,
      tipoMediacao: '3',
      tipoAtendimento: 'escolarizacao',
      localDiferenciado: '0',
    });
    const [linha] = (await linhasDo('20')) as [Linha];
    expect(linha.valores).toMatchObject({
      tipo_mediacao: '3',
      hora_inicio_hora: null,
      dia_seg: null,
      local_diferenciado: null,
      etapa: '25',
    });
  });
});

describe('turmasFonte: record 60', () => {
  it('one line per enrolment on the reference date: not one who left before, not one who joined after', async () => {
    await escolaComInep();
    const turma = await insertClass(t, null, 25, { nome: '3º Ano A' });
    const presente = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const depois = await insertStudent(t, turma.id, undefined, '2026-06-10');
    const saiu = await insertStudent(t, null);
    await t.database.db
      .insert(classMemberships)
      .values({ alunoId: saiu.id, turmaId: turma.id, inicio: '2026-02-02', fim: '2026-04-30' });
    await t.database.db.insert(censoAlunos).values({
      alunoId: presente.id,
      inepId: '123456789012',
      transportePublico: true,
      transportePoderPublico: '2',
      transporteVeiculos: ['onibus', 'van'],
    });
    const linhas = await linhasDo('60');
    expect(linhas.map((linha) => linha.entidadeId)).toEqual([`${presente.id}:${turma.id}`]);
    expect(linhas.map((linha) => linha.entidadeId).join()).not.toContain(depois.id);
    const [linha] = linhas as [Linha];
    expect(linha).toMatchObject({ entidade: 'matricula', nome: `${presente.nome} — 3º Ano A` });
    expect(linha.valores).toMatchObject({
      codigo_escola: '35123456',
      codigo_pessoa: codigoProprio(presente.id),
      inep_aluno: '123456789012',
      codigo_turma: codigoProprio(turma.id),
      inep_turma: null,
      inep_matricula: null,
      etapa_aluno: null,
      escolarizacao_outro_espaco: '1',
      transporte_publico: true,
      transporte_poder_publico: '2',
      veiculo_onibus: true,
      veiculo_van: true,
      veiculo_bicicleta: false,
    });
  });

  it('a student without public transport: no poder público and no vehicles; not informed stays empty', async () => {
    const turma = await insertClass(t, null);
    const sem = await insertStudent(t, turma.id, undefined, '2026-02-02');
    const naoInformado = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.insert(censoAlunos).values({ alunoId: sem.id, transportePublico: false });
    const linhas = await linhasDo('60');
    const de = (id: string) => linhas.find((linha) => linha.entidadeId?.startsWith(id))!.valores;
    expect(de(sem.id)).toMatchObject({
      transporte_publico: false,
      transporte_poder_publico: null,
      veiculo_onibus: null,
    });
    expect(de(naoInformado.id)).toMatchObject({ transporte_publico: null, exige_transporte: true });
  });
});

describe('turmasFonte: pendências', () => {
  const campos = async () => (await pendencias()).map((item) => [item.registro, item.nome, item.campo]);

  it('an active class with no students on the reference date (an inactive one is not listed)', async () => {
    const ativa = await insertClass(t, null, 25, { nome: 'Ativa vazia' });
    await insertClass(t, null, 25, { nome: 'Inativa', status: 'inativo' });
    const [item] = await pendencias();
    expect(item).toMatchObject({
      registro: '20',
      entidade: 'turma',
      entidade_id: ativa.id,
      campo: 'Alunos na data de referência',
      link: `/dashboard/turmas?censo=${ativa.id}`,
    });
    expect(item!.mensagem).toContain('27/05/2026');
    expect(await pendencias()).toHaveLength(1);
  });

  it('a série with no etapa and no etapa set; set, it is gone', async () => {
    const turma = await insertClass(t, null, 25, { nome: 'Livre', serie: 'Turma livre' });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db
      .insert(classSubjects)
      .values({ turmaId: turma.id, disciplina: 'Matemática', aulasSemanais: 5 });
    expect(await campos()).toEqual([['20', 'Livre', 'Etapa']]);
    await t.database.db.insert(censoTurmas).values({
      turmaId: turma.id,
      tipoMediacao: '1',
      tipoAtendimento: 'escolarizacao',
      etapa: '16',
      horaInicio: '07:00',
      horaFim: '11:00',
      dias: ['seg'],
      localDiferenciado: '0',
    });
    expect(await campos()).toEqual([]);
  });

  it('horário ending before it starts, no days, no grade', async () => {
    const turma = await insertClass(t, null, 25, { nome: 'Torta' });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.insert(censoTurmas).values({
      turmaId: turma.id,
      tipoMediacao: '1',
      tipoAtendimento: 'escolarizacao',
      horaInicio: '12:00',
      horaFim: '07:00',
      dias: [],
      localDiferenciado: '0',
    });
    expect(await campos()).toEqual([
      ['20', 'Torta', 'Horário'],
      ['20', 'Torta', 'Dias da semana'],
      ['20', 'Torta', 'Grade curricular'],
    ]);
  });

  it('a subject taught in a class with no INEP componente links to the subjects catalogue', async () => {
    const turma = await insertClass(t, null, 25, {
      nome: '6º Ano',
      serie: '6º ano',
      nivel: 'Fundamental II',
    });
    await insertStudent(t, turma.id, undefined, '2026-02-02');
    const [robotica] = await t.database.db
      .insert(disciplinas)
      .values({ nome: 'Robótica', area: 'Parte diversificada', ordem: 99 })
      .returning();
    await t.database.db.insert(classSubjects).values([
      { turmaId: turma.id, disciplina: 'Matemática', aulasSemanais: 5 },
      { turmaId: turma.id, disciplina: 'Robótica', aulasSemanais: 2 },
    ]);
    const lista = await pendencias();
    expect(lista).toEqual([
      expect.objectContaining({
        registro: '20',
        entidade: 'disciplina',
        entidade_id: robotica!.id,
        nome: 'Robótica',
        campo: 'Componente do INEP',
        link: '/dashboard/configuracoes?aba=academico',
      }),
    ]);
    expect(lista[0]!.mensagem).toContain('6º Ano');
  });

  it('a student in two classes of the same tipo de atendimento on the reference date', async () => {
    const a = await insertClass(t, null, 25, { nome: 'A' });
    const b = await insertClass(t, null, 25, { nome: 'B' });
    for (const turma of [a, b]) {
      await t.database.db
        .insert(classSubjects)
        .values({ turmaId: turma.id, disciplina: 'Matemática', aulasSemanais: 5 });
    }
    const aluno = await insertStudent(t, a.id, undefined, '2026-02-02');
    await t.database.db
      .insert(classMemberships)
      .values({ alunoId: aluno.id, turmaId: b.id, inicio: '2026-03-01', fim: '2026-06-30' });
    const lista = await pendencias();
    expect(lista).toEqual([
      expect.objectContaining({
        registro: '60',
        entidade: 'matricula',
        campo: 'Enturmação',
        link: `/dashboard/alunos?aluno=${aluno.id}`,
      }),
    ]);
    expect(lista[0]!.mensagem).toContain('A e B');
  });

  it('public transport with no vehicle of the layout, and an AEE class the product cannot send', async () => {
    const turma = await insertClass(t, null, 25, { nome: 'AEE' });
    await t.database.db
      .insert(classSubjects)
      .values({ turmaId: turma.id, disciplina: 'Matemática', aulasSemanais: 5 });
    const aluno = await insertStudent(t, turma.id, undefined, '2026-02-02');
    await t.database.db.insert(censoAlunos).values({
      alunoId: aluno.id,
      transportePublico: true,
      transportePoderPublico: '1',
      transporteVeiculos: ['ferroviario'],
    });
    expect(await campos()).toEqual([['60', aluno.nome, 'Veículo do transporte escolar']]);
    await t.database.db.insert(censoTurmas).values({
      turmaId: turma.id,
      tipoMediacao: '1',
      tipoAtendimento: 'aee',
      horaInicio: '07:00',
      horaFim: '11:00',
      dias: ['seg'],
      localDiferenciado: '0',
    });
    expect(await campos()).toEqual([['20', 'AEE', 'Tipo de atendimento']]);
  });
});
