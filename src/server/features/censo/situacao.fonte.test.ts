/**
 * Stage 2 (Situação do Aluno): records 89, 90 and 91 from what the product records — each situation
 * from its own event (transfer, leaving, death, the year closing's approval and failure, the last etapa,
 * Educação Infantil), the enrolments on and after the reference date, and the pending list.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { clock } from '../../lib/clock.js';
import { censoAlunos, censoMatriculas, censoProfissionais, censoTurmas } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { settings } from '../../db/schema/settings.js';
import { insertClass, insertStudent, newCpf } from '../../test/records-fixtures.js';
import { gradedFifthGrade, setupGradesTestApp } from '../grades/grades.test-setup.js';
import { syncMembership } from '../students/index.js';
import type { CensoContexto, Linha } from './layout.js';
import { layoutDoAno } from './layouts/index.js';
import { situacaoFonte } from './situacao.fonte.js';

const { t, send } = setupGradesTestApp();

function contexto(): CensoContexto {
  return {
    db: t.database.db,
    ano: 2026,
    dataReferencia: dataReferencia(2026),
    layout: layoutDoAno(2026)!,
    hoje: clock.today(),
  };
}

const porAluno = (linhas: Linha[], tipo: string) =>
  new Map(
    linhas
      .filter((linha) => linha.tipo === tipo)
      .map((linha) => [String(linha.entidadeId).split(':')[0], linha.valores] as const),
  );

async function mudarStatus(cookie: string, alunoId: string, status: string, dia: string) {
  clock.pin(dia);
  const response = await send('PATCH', `/api/alunos/${alunoId}/status`, cookie, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function encerrar(cookie: string, anoLetivoId: string) {
  clock.pin('2026-12-20');
  // A failure by grade is one of the situations: closed with the recuperação final pending (ADR 0097).
  const response = await send(
    'POST',
    `/api/anos-letivos/${anoLetivoId}/encerrar?confirmar_pendencias=true`,
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('stage 2: each situation from the product event that decides it', () => {
  it('transfer, leaving, death, approval, failure, Infantil; left before the date absent, admitted after in 91', async () => {
    const s = await gradedFifthGrade(); // a1, a2 aprovados; a3 reprovado por nota (5º ano: etapa 18)
    const admin = s.admin.cookie;
    expect(dataReferencia(2026)).toBe('2026-05-27');
    const transferido = await insertStudent(t, s.classA.id);
    const desistente = await insertStudent(t, s.classA.id);
    const falecido = await insertStudent(t, s.classA.id);
    const saiuAntes = await insertStudent(t, s.classA.id);
    const admitido = await insertStudent(t, s.classA.id, undefined, '2026-08-03');
    const infantil = await insertClass(t, null, 20, { nivel: 'Educação Infantil', serie: 'Pré I' });
    const crianca = await insertStudent(t, infantil.id);
    await mudarStatus(admin, saiuAntes.id, 'transferido', '2026-04-10');
    await mudarStatus(admin, transferido.id, 'transferido', '2026-08-10');
    await mudarStatus(admin, desistente.id, 'inativo', '2026-09-01');
    await mudarStatus(admin, falecido.id, 'inativo', '2026-09-15');
    await t.database.db.insert(censoAlunos).values({ alunoId: falecido.id, motivoSaida: 'falecido' });

    // Before the year closing: no situation, and the pending list says why.
    clock.pin('2026-11-30');
    const abertas = await situacaoFonte.pendencias(contexto());
    expect(abertas).toContainEqual(
      expect.objectContaining({
        registro: '90',
        mensagem: expect.stringMatching(/ano letivo ainda não foi encerrado/),
        link: '/dashboard/ano-letivo',
      }),
    );

    await encerrar(admin, s.year.id);
    const linhas = await situacaoFonte.linhas(contexto());
    const r90 = porAluno(linhas, '90');
    const r91 = porAluno(linhas, '91');
    expect(r90.get(s.a[0].id)?.situacao).toBe('5');
    expect(r90.get(s.a[2].id)?.situacao).toBe('4');
    expect(r90.get(transferido.id)?.situacao).toBe('1');
    expect(r90.get(desistente.id)?.situacao).toBe('2');
    expect(r90.get(falecido.id)?.situacao).toBe('3');
    expect(r90.get(crianca.id)?.situacao).toBe('7');
    // Left before the reference date: in neither record; admitted after it: record 91 only.
    expect(r90.has(saiuAntes.id) || r91.has(saiuAntes.id)).toBe(false);
    expect(r90.has(admitido.id)).toBe(false);
    expect(r91.get(admitido.id)).toMatchObject({ tipo: '91', matricula_inep: null });
    expect(linhas.filter((linha) => linha.tipo === '89')).toHaveLength(1);
    expect(await situacaoFonte.pendencias(contexto())).not.toContainEqual(
      expect.objectContaining({ mensagem: expect.stringMatching(/não foi encerrado/) }),
    );
  });

  it("the last etapa's approval is 'aprovado concluinte' and a class change keeps the enrolment going", async () => {
    const s = await gradedFifthGrade();
    await t.database.db
      .update(classes)
      .set({ serie: '9º ano', nome: '9º Ano A' })
      .where(eq(classes.id, s.classA.id));
    // a2 moves to another class of the school after the reference date: still enrolled, not transferred.
    const outra = await insertClass(t, null, 25, { serie: '9º ano', nome: '9º Ano B' });
    await syncMembership(t.database.db, s.a[1].id, { turmaId: outra.id, ativo: true }, '2026-09-01');
    await encerrar(s.admin.cookie, s.year.id);
    const linhas = await situacaoFonte.linhas(contexto());
    const r90 = porAluno(linhas, '90');
    expect(r90.get(s.a[0].id)?.situacao).toBe('6');
    expect(r90.get(s.a[1].id)?.situacao).toBe('6');
    // The move is not an admission after the date.
    expect(porAluno(linhas, '91').has(s.a[1].id)).toBe(false);
  });
});

describe('stage 2: INEP IDs, the gestor and the pending list', () => {
  it('asks for the missing IDs with links, and fills 89/90 once they are known', async () => {
    const s = await gradedFifthGrade();
    await encerrar(s.admin.cookie, s.year.id);
    const sem = await situacaoFonte.pendencias(contexto());
    const campos = sem.map((item) => `${item.registro}|${item.campo}`);
    expect(campos).toContain('89|Cargo de gestor');
    expect(campos).toContain('90|ID do INEP do aluno');
    expect(campos).toContain('90|Código INEP da turma');
    expect(campos).toContain('90|Código da matrícula no INEP');
    expect(sem.find((item) => item.campo === 'Código INEP da turma')?.link).toBe(
      `/dashboard/turmas?censo=${s.classA.id}`,
    );
    expect(sem.find((item) => item.campo === 'ID do INEP do aluno')?.link).toMatch(
      /^\/dashboard\/alunos\?aluno=[0-9a-f-]+&secao=censo$/,
    );
    expect(sem.find((item) => item.campo === 'Código da matrícula no INEP')?.link).toBe(
      '/dashboard/relatorios/censo?ano=2026&etapa=situacao-do-aluno#importar-ids',
    );

    const cpf = newCpf();
    await t.database.db.insert(settings).values({ key: 'censo_escola', value: { codigo_inep: '35012345' } });
    await t.database.db
      .insert(censoProfissionais)
      .values({ nome: 'Diretora Conceição', cpf, email: 'direcao@escola.test', gestorCargo: '1' });
    await t.database.db.insert(censoTurmas).values({ turmaId: s.classA.id, inepId: '1234567' });
    for (const [index, aluno] of s.a.entries()) {
      await t.database.db
        .insert(censoAlunos)
        .values({ alunoId: aluno.id, inepId: `11122233300${String(index)}` });
      await t.database.db
        .insert(censoMatriculas)
        .values({ alunoId: aluno.id, turmaId: s.classA.id, inepId: `99988877700${String(index)}` });
    }
    expect(await situacaoFonte.pendencias(contexto())).toEqual([]);
    const linhas = await situacaoFonte.linhas(contexto());
    expect(linhas.find((linha) => linha.tipo === '89')?.valores).toEqual({
      tipo: '89',
      escola_inep: '35012345',
      gestor_cpf: cpf,
      gestor_nome: 'Diretora Conceição',
      gestor_cargo: '1',
      gestor_email: 'direcao@escola.test',
    });
    expect(porAluno(linhas, '90').get(s.a[0].id)).toMatchObject({
      escola_inep: '35012345',
      turma_inep: '1234567',
      aluno_inep: '111222333000',
      matricula_inep: '999888777000',
      situacao: '5',
    });
  });

  it("a student admitted after the date into a class without INEP code needs the class's mediação in 91", async () => {
    const s = await gradedFifthGrade();
    const admitido = await insertStudent(t, s.classA.id, undefined, '2026-07-01');
    await encerrar(s.admin.cookie, s.year.id);
    expect(await situacaoFonte.pendencias(contexto())).toContainEqual(
      expect.objectContaining({ registro: '91', campo: 'Tipo de mediação', entidade_id: s.classA.id }),
    );
    await t.database.db.insert(censoTurmas).values({ turmaId: s.classA.id, tipoMediacao: '1' });
    const linha = porAluno(await situacaoFonte.linhas(contexto()), '91').get(admitido.id);
    expect(linha).toMatchObject({ tipo_mediacao: '1', modalidade: '1', etapa: '18', turma_inep: null });
  });
});
