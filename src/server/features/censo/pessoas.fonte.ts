/**
 * The school's professionals in the Matrícula Inicial file (issue 37, part 3): who is in it and their
 * records 30, 40 and 50.
 * - Gestores (record 40): the active census rows with a `gestor_cargo` (a teacher or not).
 * - Professionals in classes (record 50): each teacher linked to a class of the census year that had
 *   students on the reference date — the teachers of its grade curricular, and its responsible teacher
 *   in educação infantil and anos iniciais — one line per teacher and class, with the componentes they
 *   teach there.
 * - Each of them gets one record 30 line (profissionais.registro30.ts).
 * Students' record 30 lines are part 2's (turmas.fonte).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { codigoProprio, componenteInepDe, etapaDaSerie } from '../../../shared/censo.codigos.js';
import type { Pendencia } from '../../../shared/censo.schemas.js';
import { isValidCpf } from '../../../shared/validators.js';
import { censoProfissionais, censoTurmas, type CensoProfissionalRow } from '../../db/schema/censo.js';
import { classes } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { settings } from '../../db/schema/settings.js';
import { CENSO_ESCOLA_KEY } from '../settings/index.js';
import { teachers, type TeacherRow } from '../../db/schema/teachers.js';
import type { CensoContexto, FonteCenso, Linha } from './layout.js';
import { turmasNaData } from './matriculas.js';
import { COMPONENTES_R50, UNIDADES_CURRICULARES_R50 } from './layouts/2024/r50.js';
import {
  codigoPessoaProfissional,
  valoresRegistro30,
  type PessoaProfissional,
} from './profissionais.registro30.js';
import { pendenciasDeFormacao, type TurmaDoDocente } from './profissionais.pendencias.js';
import { LINK_NOVO_PROFISSIONAL, linkCensoProfissional } from './links.js';

/** The screen that fixes a professional's census data: Professores, with the dialog open. */
export const linkProfissional = linkCensoProfissional;
export { LINK_NOVO_PROFISSIONAL };

/** Docente, docente titular (EaD): the functions that teach componentes (ComponentesCurriculares rule). */
const FUNCOES_COM_COMPONENTES = new Set(['1', '5']);
/** Educação infantil: no componentes curriculares. */
const ETAPAS_INFANTIL = new Set(['1', '2', '3']);
/** Educação infantil and anos iniciais: the class's responsible teacher teaches it. */
const ETAPAS_UNIDOCENTES = new Set(['1', '2', '3', '14', '15', '16', '17', '18']);

export interface Quadro {
  inepEscola: string | null;
  pessoas: PessoaProfissional[];
  gestores: PessoaProfissional[];
  alocacoes: { pessoa: PessoaProfissional; turma: TurmaDoDocente; funcao: string; componentes: string[] }[];
}

async function inepDaEscola(ctx: CensoContexto): Promise<string | null> {
  const [row] = await ctx.db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, CENSO_ESCOLA_KEY));
  const codigo = row?.value.codigo_inep;
  return typeof codigo === 'string' && codigo !== '' ? codigo : null;
}

function pessoaDoProfessor(professor: TeacherRow, row: CensoProfissionalRow | null): PessoaProfissional {
  return {
    id: professor.id,
    professorId: professor.id,
    nome: professor.nome,
    cpf: professor.cpf,
    email: professor.email,
    row,
    gestor: false,
    docente: false,
  };
}

/** Who is in the file: the gestores, the teachers in classes with students, and their classes. */
export async function quadroDeProfissionais(ctx: CensoContexto): Promise<Quadro> {
  const { db } = ctx;
  // The classes with students on the date (ids only: the students themselves are not needed here).
  const turmaIds = (await turmasNaData(db, ctx.ano, ctx.dataReferencia)).map((turma) => turma.turmaId);
  const [inepEscola, turmas, grade, catalogo, gestoresRows] = await Promise.all([
    inepDaEscola(ctx),
    turmaIds.length === 0
      ? []
      : db
          .select({ turma: classes, censo: censoTurmas })
          .from(classes)
          .leftJoin(censoTurmas, eq(censoTurmas.turmaId, classes.id))
          .where(inArray(classes.id, turmaIds))
          .orderBy(classes.nome),
    turmaIds.length === 0
      ? []
      : db
          .select()
          .from(classSubjects)
          .where(and(inArray(classSubjects.turmaId, turmaIds), isNotNull(classSubjects.professorId))),
    db.select().from(disciplinas),
    db
      .select({ row: censoProfissionais, professor: teachers })
      .from(censoProfissionais)
      .leftJoin(teachers, eq(teachers.id, censoProfissionais.professorId))
      .where(and(isNotNull(censoProfissionais.gestorCargo), eq(censoProfissionais.ativo, true))),
  ]);
  const professorIds = new Set<string>();
  for (const { turma } of turmas)
    if (turma.professorResponsavelId) professorIds.add(turma.professorResponsavelId);
  for (const item of grade) professorIds.add(item.professorId!);
  const [professores, linhasCenso] = await Promise.all([
    professorIds.size === 0
      ? []
      : db
          .select()
          .from(teachers)
          .where(inArray(teachers.id, [...professorIds])),
    professorIds.size === 0
      ? []
      : db
          .select()
          .from(censoProfissionais)
          .where(inArray(censoProfissionais.professorId, [...professorIds])),
  ]);
  const censoDe = new Map(linhasCenso.map((row) => [row.professorId!, row]));
  const pessoas = new Map<string, PessoaProfissional>();
  for (const professor of professores)
    pessoas.set(professor.id, pessoaDoProfessor(professor, censoDe.get(professor.id) ?? null));

  const gestores: PessoaProfissional[] = [];
  for (const { row, professor } of gestoresRows) {
    if (professor && professor.status === 'inativo') continue;
    const pessoa =
      (professor && pessoas.get(professor.id)) ??
      (professor
        ? pessoaDoProfessor(professor, row)
        : {
            id: row.id,
            professorId: null,
            nome: row.nome ?? '',
            cpf: row.cpf,
            email: row.email,
            row,
            gestor: false,
            docente: false,
          });
    pessoa.gestor = true;
    pessoas.set(pessoa.id, pessoa);
    gestores.push(pessoa);
  }
  gestores.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));

  const componenteDe = new Map(catalogo.map((item) => [item.nome.toLowerCase(), componenteInepDe(item)]));
  const alocacoes: Quadro['alocacoes'] = [];
  for (const { turma, censo } of turmas) {
    const etapa = censo?.etapa ?? etapaDaSerie(turma.serie);
    const daTurma: TurmaDoDocente = {
      id: turma.id,
      nome: turma.nome,
      etapa,
      inepId: censo?.inepId ?? null,
      escolarizacao: (censo?.tipoAtendimento ?? 'escolarizacao') === 'escolarizacao',
    };
    const ids = new Set<string>();
    for (const item of grade) if (item.turmaId === turma.id) ids.add(item.professorId!);
    // The responsible teacher is the class's docente in educação infantil and anos iniciais (one teacher
    // for the class); from the 6º ano on, a tutor who teaches nothing in the grid is not in the class.
    if (turma.professorResponsavelId && (etapa === null || ETAPAS_UNIDOCENTES.has(etapa)))
      ids.add(turma.professorResponsavelId);
    for (const id of ids) {
      const pessoa = pessoas.get(id)!;
      pessoa.docente = true;
      const funcao = pessoa.row?.funcao ?? '1';
      const codigos = grade
        .filter((item) => item.turmaId === turma.id && item.professorId === id)
        .map((item) => componenteDe.get(item.disciplina.toLowerCase()) ?? null)
        .filter((codigo): codigo is string => codigo !== null);
      const semComponentes =
        !FUNCOES_COM_COMPONENTES.has(funcao) ||
        (etapa !== null && ETAPAS_INFANTIL.has(etapa)) ||
        !daTurma.escolarizacao;
      alocacoes.push({
        pessoa,
        turma: daTurma,
        funcao,
        componentes: semComponentes ? [] : [...new Set(codigos)],
      });
    }
  }
  const ordenadas = [...pessoas.values()]
    .filter((pessoa) => pessoa.gestor || pessoa.docente)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
  return { inepEscola, pessoas: ordenadas, gestores, alocacoes };
}

function linha(tipo: '30' | '40' | '50', pessoa: PessoaProfissional, valores: Linha['valores']): Linha {
  return {
    tipo,
    entidade: 'profissional',
    entidadeId: pessoa.id,
    nome: pessoa.nome,
    link: linkProfissional(pessoa.id),
    valores,
  };
}

/** The lines 30 (staff), 40 and 50 of a quadro. */
export function linhasDoQuadro(quadro: Quadro): Linha[] {
  const { inepEscola } = quadro;
  const linhas: Linha[] = quadro.pessoas.map((pessoa) =>
    linha('30', pessoa, valoresRegistro30(inepEscola, pessoa)),
  );
  for (const gestor of quadro.gestores) {
    const cargo = gestor.row?.gestorCargo ?? null;
    linhas.push(
      linha('40', gestor, {
        registro: '40',
        inepEscola,
        codigoPessoa: codigoPessoaProfissional(gestor),
        inepGestor: gestor.row?.inepId ?? null,
        cargo,
        criterioAcesso: cargo === '1' ? (gestor.row?.gestorCriterioAcesso ?? null) : null,
        // A private school sends no tipo de vínculo (i-Educar's CargoGestor rule).
        tipoVinculo: null,
      }),
    );
  }
  for (const { pessoa, turma, funcao, componentes } of quadro.alocacoes) {
    const valores: Record<string, string | boolean | null> = {
      registro: '50',
      inepEscola,
      codigoPessoa: codigoPessoaProfissional(pessoa),
      inepDocente: pessoa.row?.inepId ?? null,
      codigoTurma: codigoProprio(turma.id),
      inepTurma: turma.inepId,
      funcaoDocente: funcao,
      // A private school sends no tipo de vínculo (TipoVinculoServidor).
      tipoVinculo: null,
      outrasUnidadesCurricularesObrigatorias: null,
    };
    for (let i = 0; i < COMPONENTES_R50; i++) valores[`componente${String(i + 1)}`] = componentes[i] ?? null;
    for (let i = 0; i < UNIDADES_CURRICULARES_R50; i++) valores[`unidadeCurricular${String(i + 1)}`] = null;
    linhas.push({ ...linha('50', pessoa, valores), nome: `${pessoa.nome} — ${turma.nome}` });
  }
  return linhas;
}

/** The checks across records that the layout's tables cannot make. */
export function pendenciasDoQuadro(quadro: Quadro): Pendencia[] {
  const pendencias: Pendencia[] = [];
  const de = (registro: string, pessoa: PessoaProfissional, campo: string, mensagem: string): Pendencia => ({
    registro,
    entidade: 'profissional',
    entidade_id: pessoa.id,
    nome: pessoa.nome,
    campo,
    mensagem,
    link: linkProfissional(pessoa.id),
  });
  if (quadro.gestores.length === 0)
    pendencias.push({
      registro: '40',
      entidade: 'escola',
      entidade_id: null,
      nome: 'Escola',
      campo: 'Gestor escolar',
      mensagem:
        'O Censo exige ao menos um gestor escolar: cadastre quem dirige a escola em Professores → Gestor e outros profissionais, ou marque um professor como gestor nos Dados do Censo.',
      link: LINK_NOVO_PROFISSIONAL,
    });
  if (quadro.gestores.length > 3)
    for (const gestor of quadro.gestores.slice(3))
      pendencias.push(
        de('40', gestor, 'Cargo de gestor', 'A escola pode informar no máximo 3 gestores escolares.'),
      );
  for (const gestor of quadro.gestores) {
    const criterio = gestor.row?.gestorCriterioAcesso ?? null;
    if (gestor.row?.gestorCargo === '1' && criterio !== null && !['1', '7'].includes(criterio))
      pendencias.push(
        de(
          '40',
          gestor,
          'Critério de acesso ao cargo',
          'Numa escola privada o critério de acesso de quem dirige a escola é "Proprietário ou sócio-proprietário" ou "Outros": concurso e eleição são de escolas públicas.',
        ),
      );
    if (!gestor.email)
      pendencias.push(de('30', gestor, 'E-mail', 'O Censo exige o e-mail de cada gestor escolar.'));
  }
  for (const pessoa of quadro.pessoas) {
    if (pessoa.cpf && !isValidCpf(pessoa.cpf))
      pendencias.push(de('30', pessoa, 'CPF', 'O CPF tem dígitos verificadores errados: confira o número.'));
    const nacionalidade = pessoa.row?.nacionalidade ?? null;
    if (!pessoa.cpf && nacionalidade !== '3')
      pendencias.push(
        de(
          '30',
          pessoa,
          'CPF',
          'O Censo exige o CPF de docentes e gestores brasileiros (no cadastro do professor).',
        ),
      );
  }
  for (const alocacao of quadro.alocacoes) {
    const { pessoa, turma, funcao, componentes } = alocacao;
    if (!FUNCOES_COM_COMPONENTES.has(funcao)) continue;
    const infantil = turma.etapa !== null && ETAPAS_INFANTIL.has(turma.etapa);
    if (componentes.length === 0 && !infantil && turma.escolarizacao)
      pendencias.push(
        de(
          '50',
          pessoa,
          'Componentes curriculares',
          `Na turma ${turma.nome} este docente não leciona nenhuma disciplina com componente do INEP: atribua-lhe as disciplinas na grade curricular da turma, ou informe o código INEP das disciplinas.`,
        ),
      );
  }
  pendencias.push(...pendenciasDeFormacao(quadro, de));
  return pendencias;
}

export const pessoasFonte: FonteCenso = {
  async linhas(ctx) {
    return linhasDoQuadro(await quadroDeProfissionais(ctx));
  },
  async pendencias(ctx) {
    return pendenciasDoQuadro(await quadroDeProfissionais(ctx));
  },
};
