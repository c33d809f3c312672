/**
 * Stage 2 (Situação do Aluno) of the Censo Escolar (issue 37): record 89 (the school and its gestor),
 * 90 (each enrolment that existed on the reference date) and 91 (enrolments admitted after it), with
 * the situation of each from what the product records (situacao.regras.ts).
 *
 * The INEP IDs (turma, aluno, matrícula) are required by INEP in record 90 and the student's in 91;
 * they come from the import of IDs, so their pendências are said here, with that advice, rather than by
 * the layout's generic 'campo obrigatório'.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { codigoProprio, etapaDaSerie } from '../../../shared/censo.codigos.js';
import type { Pendencia } from '../../../shared/censo.schemas.js';
import { paths } from '../../../shared/routes.js';
import { classMemberships } from '../../db/schema/attendance.js';
import { schoolYears } from '../../db/schema/calendar.js';
import { classes } from '../../db/schema/classes.js';
import { censoAlunos, censoMatriculas, censoProfissionais, censoTurmas } from '../../db/schema/censo.js';
import { yearClosures } from '../../db/schema/grades.js';
import { settings } from '../../db/schema/settings.js';
import { CENSO_ESCOLA_KEY } from '../settings/index.js';
import { teachers } from '../../db/schema/teachers.js';
import type { DbOrTx } from '../../db/client.js';
import type { Situacao } from '../../../shared/averages.js';
import { situationsOf } from '../grades/index.js';
import type { CensoContexto, FonteCenso, Linha } from './layout.js';
import { matriculasAposData, matriculasNaData, type MatriculaCenso } from './matriculas.js';
import { situacaoDaMatricula, type ResultadoSituacao } from './situacao.regras.js';
import { LINK_CENSO_ESCOLA, LINK_NOVO_PROFISSIONAL, linkCensoAluno, linkCensoTurma } from './links.js';

/** The census panel (its import of IDs), the year closing and the people's screens. */
export const linkPainel = (ano: number) => `${paths.censo}?ano=${String(ano)}`;
const linkImportacao = (ano: number) => `${linkPainel(ano)}&etapa=situacao-do-aluno#importar-ids`;
const linkAluno = linkCensoAluno;
const linkTurma = linkCensoTurma;
const linkProfissionais = LINK_NOVO_PROFISSIONAL;
const linkEscola = LINK_CENSO_ESCOLA;

/** The census year-end reads the year as the administration sees it (every class, every student). */
const SISTEMA = {
  id: '00000000-0000-0000-0000-000000000000',
  nivel: 'administrador',
  nome: 'Censo',
} as const;

async function codigoInepEscola(db: DbOrTx): Promise<string | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CENSO_ESCOLA_KEY));
  const codigo = row?.value.codigo_inep;
  return typeof codigo === 'string' && codigo !== '' ? codigo : null;
}

interface Gestor {
  id: string;
  nome: string | null;
  cpf: string | null;
  email: string | null;
  cargo: string | null;
}

/** The school's gestor: an active professional with a gestor cargo, the diretor(a) ('1') first. */
async function gestorDaEscola(db: DbOrTx): Promise<Gestor | null> {
  const rows = await db
    .select({
      id: censoProfissionais.id,
      nome: censoProfissionais.nome,
      cpf: censoProfissionais.cpf,
      email: censoProfissionais.email,
      cargo: censoProfissionais.gestorCargo,
      professorNome: teachers.nome,
      professorCpf: teachers.cpf,
      professorEmail: teachers.email,
    })
    .from(censoProfissionais)
    .leftJoin(teachers, eq(teachers.id, censoProfissionais.professorId))
    .where(eq(censoProfissionais.ativo, true));
  const gestores = rows
    .filter((row) => row.cargo !== null)
    .sort((a, b) => (a.cargo ?? '').localeCompare(b.cargo ?? '') || a.id.localeCompare(b.id));
  const gestor = gestores[0];
  if (!gestor) return null;
  return {
    id: gestor.id,
    nome: gestor.professorNome ?? gestor.nome,
    cpf: gestor.professorCpf ?? gestor.cpf,
    email: gestor.professorEmail ?? gestor.email,
    cargo: gestor.cargo,
  };
}

/** What the lines of 90/91 need beside the enrolments: IDs, class data, the year's end and results. */
interface Contexto {
  escolaInep: string | null;
  fimDoAno: string | null;
  encerrado: boolean;
  alunos: Map<string, { inepId: string | null; motivoSaida: string | null }>;
  turmas: Map<string, { inepId: string | null; etapa: string | null; tipoMediacao: string | null }>;
  matriculasInep: Map<string, string>;
  /** Students with a membership in a class of the year that starts after the given one ends. */
  posteriores: Map<string, string[]>;
  situacoes: Map<string, Situacao>;
}

const chave = (alunoId: string, turmaId: string) => `${alunoId}:${turmaId}`;

async function contexto(ctx: CensoContexto, matriculas: readonly MatriculaCenso[]): Promise<Contexto> {
  const { db, ano } = ctx;
  const alunoIds = [...new Set(matriculas.map((item) => item.alunoId))];
  const turmaIds = [...new Set(matriculas.map((item) => item.turmaId))];
  const [year] = await db
    .select({ id: schoolYears.id, fim: schoolYears.fim, encerrado: yearClosures.anoLetivoId })
    .from(schoolYears)
    .leftJoin(yearClosures, eq(yearClosures.anoLetivoId, schoolYears.id))
    .where(eq(schoolYears.ano, ano));
  const encerrado = Boolean(year?.encerrado);
  const [alunos, turmas, inepMatriculas, inicios, situacoes] = await Promise.all([
    alunoIds.length === 0
      ? []
      : db
          .select({ id: censoAlunos.alunoId, inepId: censoAlunos.inepId, motivo: censoAlunos.motivoSaida })
          .from(censoAlunos)
          .where(inArray(censoAlunos.alunoId, alunoIds)),
    turmaIds.length === 0
      ? []
      : db
          .select({
            id: classes.id,
            serie: classes.serie,
            inepId: censoTurmas.inepId,
            etapa: censoTurmas.etapa,
            tipoMediacao: censoTurmas.tipoMediacao,
          })
          .from(classes)
          .leftJoin(censoTurmas, eq(censoTurmas.turmaId, classes.id))
          .where(inArray(classes.id, turmaIds)),
    alunoIds.length === 0
      ? []
      : db
          .select({
            alunoId: censoMatriculas.alunoId,
            turmaId: censoMatriculas.turmaId,
            inepId: censoMatriculas.inepId,
          })
          .from(censoMatriculas)
          .where(inArray(censoMatriculas.alunoId, alunoIds)),
    alunoIds.length === 0
      ? []
      : db
          .select({ alunoId: classMemberships.alunoId, inicio: classMemberships.inicio })
          .from(classMemberships)
          .innerJoin(classes, eq(classes.id, classMemberships.turmaId))
          .where(
            and(
              inArray(classMemberships.alunoId, alunoIds),
              eq(classes.anoLetivo, String(ano)),
              gt(classMemberships.inicio, ctx.dataReferencia),
            ),
          ),
    encerrado
      ? situationsOf(
          db,
          SISTEMA,
          alunoIds.map((id) => ({ id })),
          ano,
        )
      : new Map<string, Situacao>(),
  ]);
  const posteriores = new Map<string, string[]>();
  for (const row of inicios)
    posteriores.set(row.alunoId, [...(posteriores.get(row.alunoId) ?? []), row.inicio]);
  return {
    escolaInep: await codigoInepEscola(db),
    fimDoAno: year?.fim ?? null,
    encerrado,
    alunos: new Map(alunos.map((row) => [row.id, { inepId: row.inepId, motivoSaida: row.motivo }])),
    turmas: new Map(
      turmas.map((row) => [
        row.id,
        { inepId: row.inepId, etapa: row.etapa ?? etapaDaSerie(row.serie), tipoMediacao: row.tipoMediacao },
      ]),
    ),
    matriculasInep: new Map(inepMatriculas.map((row) => [chave(row.alunoId, row.turmaId), row.inepId])),
    posteriores,
    situacoes,
  };
}

function situacaoDe(dados: Contexto, matricula: MatriculaCenso): ResultadoSituacao {
  const fim = matricula.fim;
  return situacaoDaMatricula({
    fim,
    fimDoAno: dados.fimDoAno,
    continuaNoAno:
      fim !== null && (dados.posteriores.get(matricula.alunoId) ?? []).some((inicio) => inicio > fim),
    status: matricula.aluno.status,
    motivoSaida: dados.alunos.get(matricula.alunoId)?.motivoSaida ?? null,
    etapa: dados.turmas.get(matricula.turmaId)?.etapa ?? null,
    situacaoFinal: dados.encerrado ? (dados.situacoes.get(matricula.alunoId) ?? 'cursando') : null,
  });
}

async function linhasDoAno(ctx: CensoContexto) {
  const [naData, depois] = await Promise.all([
    matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia),
    matriculasAposData(ctx.db, ctx.ano, ctx.dataReferencia),
  ]);
  const dados = await contexto(ctx, [...naData, ...depois]);
  return { naData, depois, dados };
}

function linhaDaMatricula(
  tipo: '90' | '91',
  dados: Contexto,
  matricula: MatriculaCenso,
  resultado: ResultadoSituacao,
): Linha {
  const turma = dados.turmas.get(matricula.turmaId);
  const turmaInep = turma?.inepId ?? null;
  const comuns = {
    tipo,
    escola_inep: dados.escolaInep,
    turma_codigo: codigoProprio(matricula.turmaId),
    turma_inep: turmaInep,
    aluno_inep: dados.alunos.get(matricula.alunoId)?.inepId ?? null,
    aluno_codigo: codigoProprio(matricula.alunoId),
    situacao: 'codigo' in resultado ? resultado.codigo : null,
  };
  const valores =
    tipo === '90'
      ? {
          ...comuns,
          matricula_inep: dados.matriculasInep.get(chave(matricula.alunoId, matricula.turmaId)) ?? null,
        }
      : {
          ...comuns,
          // Record 91: the enrolment's code stays empty (INEP finds it); mediação, modalidade and etapa
          // only when the class has no INEP code.
          matricula_inep: null,
          tipo_mediacao: turmaInep === null ? (turma?.tipoMediacao ?? null) : null,
          modalidade: turmaInep === null ? '1' : null,
          etapa: turmaInep === null ? (turma?.etapa ?? null) : null,
        };
  return {
    tipo,
    entidade: 'matricula',
    entidadeId: `${matricula.alunoId}:${matricula.turmaId}`,
    nome: `${matricula.aluno.nome} (${matricula.turma.nome})`,
    link: linkAluno(matricula.alunoId),
    valores,
  };
}

export const situacaoFonte: FonteCenso = {
  async linhas(ctx) {
    const { naData, depois, dados } = await linhasDoAno(ctx);
    const gestor = await gestorDaEscola(ctx.db);
    const r89: Linha = {
      tipo: '89',
      entidade: 'escola',
      entidadeId: null,
      nome: 'Escola e gestão escolar',
      link: dados.escolaInep === null ? linkEscola : linkProfissionais,
      rotulos: { escola_inep: 'Código INEP da escola', gestor_cpf: 'CPF da pessoa na gestão escolar' },
      valores: {
        tipo: '89',
        escola_inep: dados.escolaInep,
        gestor_cpf: gestor?.cpf ?? null,
        gestor_nome: gestor?.nome ?? null,
        gestor_cargo: gestor?.cargo ?? null,
        gestor_email: gestor?.email ?? null,
      },
    };
    return [
      r89,
      ...naData.map((matricula) => linhaDaMatricula('90', dados, matricula, situacaoDe(dados, matricula))),
      ...depois.map((matricula) => linhaDaMatricula('91', dados, matricula, situacaoDe(dados, matricula))),
    ];
  },

  async pendencias(ctx) {
    const { naData, depois, dados } = await linhasDoAno(ctx);
    const pendencias: Pendencia[] = [];
    if (!(await gestorDaEscola(ctx.db)))
      pendencias.push({
        registro: '89',
        entidade: 'profissional',
        entidade_id: null,
        nome: 'Gestão escolar',
        campo: 'Cargo de gestor',
        mensagem:
          'Ninguém na equipe ativa tem cargo de gestão escolar: informe quem dirige a escola nos dados do Censo.',
        link: linkProfissionais,
      });
    if (!dados.encerrado && naData.length + depois.length > 0)
      pendencias.push({
        registro: '90',
        entidade: 'escola',
        entidade_id: null,
        nome: `Ano letivo ${String(ctx.ano)}`,
        campo: 'Situação do aluno',
        mensagem: 'O ano letivo ainda não foi encerrado: a situação de cada matrícula sai do encerramento.',
        link: paths.yearEnd,
      });
    const turmasSemInep = new Set<string>();
    const alunosSemInep = new Set<string>();
    const verificar = (tipo: '90' | '91', matricula: MatriculaCenso) => {
      const base = { registro: tipo, entidade_id: matricula.alunoId, nome: matricula.aluno.nome };
      const turma = dados.turmas.get(matricula.turmaId);
      if (
        !dados.alunos.get(matricula.alunoId)?.inepId &&
        !alunosSemInep.has(`${tipo}:${matricula.alunoId}`)
      ) {
        alunosSemInep.add(`${tipo}:${matricula.alunoId}`);
        pendencias.push({
          ...base,
          entidade: 'aluno',
          campo: 'ID do INEP do aluno',
          mensagem:
            'Sem ID do INEP: importe o arquivo de retorno do Educacenso ou informe o ID nos dados do Censo.',
          link: linkAluno(matricula.alunoId),
        });
      }
      if (tipo === '90' && !turma?.inepId && !turmasSemInep.has(matricula.turmaId)) {
        turmasSemInep.add(matricula.turmaId);
        pendencias.push({
          registro: tipo,
          entidade: 'turma',
          entidade_id: matricula.turmaId,
          nome: matricula.turma.nome,
          campo: 'Código INEP da turma',
          mensagem:
            'Sem código do INEP: importe o arquivo de retorno do Educacenso ou informe-o nos dados do Censo.',
          link: linkTurma(matricula.turmaId),
        });
      }
      if (tipo === '90' && !dados.matriculasInep.has(chave(matricula.alunoId, matricula.turmaId)))
        pendencias.push({
          ...base,
          entidade: 'matricula',
          entidade_id: `${matricula.alunoId}:${matricula.turmaId}`,
          nome: `${matricula.aluno.nome} (${matricula.turma.nome})`,
          campo: 'Código da matrícula no INEP',
          mensagem: 'Sem código da matrícula: importe o arquivo de retorno do Educacenso (1ª etapa).',
          link: linkImportacao(ctx.ano),
        });
      if (tipo === '91' && !turma?.inepId && !turma?.tipoMediacao)
        pendencias.push({
          registro: tipo,
          entidade: 'turma',
          entidade_id: matricula.turmaId,
          nome: matricula.turma.nome,
          campo: 'Tipo de mediação',
          mensagem: 'Turma sem código do INEP: o registro 91 pede o tipo de mediação da turma.',
          link: linkTurma(matricula.turmaId),
        });
      const resultado = situacaoDe(dados, matricula);
      if ('pendente' in resultado && resultado.pendente === 'sem_resultado')
        pendencias.push({
          ...base,
          entidade: 'aluno',
          campo: 'Situação do aluno',
          mensagem: 'O encerramento do ano não deu resultado final (aprovado ou reprovado) a este aluno.',
          link: paths.yearEnd,
        });
    };
    for (const matricula of naData) verificar('90', matricula);
    for (const matricula of depois) verificar('91', matricula);
    return pendencias;
  },
};
