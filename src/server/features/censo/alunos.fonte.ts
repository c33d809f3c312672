/**
 * Record 30 for the students (issue 37, part 2): one line per student enrolled on the reference date,
 * values by the keys of layouts/<ano>/r30.ts, and the checks the layout cannot express (CPF and
 * certidão check digits, a birth date impossible for the class's etapa, nacionalidade against país,
 * recursos against deficiências). The staff's record-30 lines are part 3's (pessoas.fonte).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Pendencia } from '../../../shared/censo.schemas.js';
import { codigoProprio, etapaDaSerie, PAIS_BRASIL } from '../../../shared/censo.codigos.js';
import { isValidCpf } from '../../../shared/validators.js';
import { censoAlunos, censoTurmas, type CensoAlunoRow } from '../../db/schema/censo.js';
import { settings } from '../../db/schema/settings.js';
import { CENSO_ESCOLA_KEY } from '../settings/index.js';
import type { CensoContexto, FonteCenso, Linha, Valor } from './layout.js';
import { certidaoProblema, nascimentoProblema } from './alunos.regras.js';
import { matriculasNaData, type MatriculaCenso } from './matriculas.js';
import { valoresDeficiencia } from './pessoa.deficiencias.js';

/** The census section of the student's card (students-page opens it from `secao=censo`). */
export { linkCensoAluno } from './links.js';
import { linkCensoAluno } from './links.js';

const CHAVE_RECURSO: Record<string, string> = {
  ledor: 'recursoLedor',
  transcricao: 'recursoTranscricao',
  guia_interprete: 'recursoGuia',
  libras: 'recursoTradutor',
  leitura_labial: 'recursoLeituraLabial',
  prova_ampliada: 'recursoProvaAmpliada',
  prova_superampliada: 'recursoProvaSuperampliada',
  cd_audio: 'recursoAudio',
  portugues_segunda_lingua: 'recursoLinguaPortuguesaSegundaLingua',
  video_libras: 'recursoVideoLibras',
  braille: 'recursoBraile',
  nenhum: 'recursoNenhum',
};

/** The screen's labels of the fields (the pending list names them as the census section does). */
export const ROTULOS_ALUNO: Readonly<Record<string, string>> = {
  inep: 'ID do INEP',
  cpf: 'CPF',
  nomePessoa: 'Nome',
  dataNascimento: 'Data de nascimento',
  filiacao: 'Filiação',
  filiacao1: 'Filiação 1',
  filiacao2: 'Filiação 2',
  sexo: 'Sexo',
  raca: 'Cor/raça',
  nacionalidade: 'Nacionalidade',
  paisNacionalidade: 'País de nacionalidade',
  municipioNascimento: 'Município de nascimento',
  deficiencia: 'Deficiência, TEA ou altas habilidades',
  recursoNenhum: 'Recursos para o Saeb',
  certidaoNascimento: 'Certidão de nascimento',
  paisResidencia: 'País de residência',
  cep: 'CEP da residência',
  municipioResidencia: 'Município de residência',
  localizacaoResidencia: 'Zona de residência',
  localizacaoDiferenciada: 'Localização diferenciada da residência',
};

/** The school's INEP code (the Configurações → Censo document, part 1's). */
export async function inepEscolaDoCenso(ctx: CensoContexto): Promise<string | null> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, CENSO_ESCOLA_KEY));
  const codigo = row?.value.codigo_inep;
  return typeof codigo === 'string' ? codigo : null;
}

/** The students enrolled on the reference date, each once (the first of their enrolments). */
async function alunosNaData(ctx: CensoContexto) {
  const matriculas = await matriculasNaData(ctx.db, ctx.ano, ctx.dataReferencia);
  const porAluno = new Map<string, MatriculaCenso>();
  for (const matricula of matriculas)
    if (!porAluno.has(matricula.alunoId)) porAluno.set(matricula.alunoId, matricula);
  const ids = [...porAluno.keys()];
  const rows = ids.length
    ? await ctx.db.select().from(censoAlunos).where(inArray(censoAlunos.alunoId, ids))
    : [];
  const censo = new Map(rows.map((row) => [row.alunoId, row]));
  return { porAluno, censo, matriculas };
}

/** The values of a student's record-30 line by the layout's keys. */
export function valoresAluno(
  matricula: Pick<MatriculaCenso, 'alunoId' | 'aluno'>,
  censo: CensoAlunoRow | undefined,
  inepEscola: string | null,
): Record<string, Valor> {
  const { aluno } = matricula;
  const deficiencias = censo?.deficiencias ?? [];
  const recursos = censo?.recursosSaeb ?? [];
  // INEP asks the recursos of a student whose deficiências are more than altas habilidades.
  const exigeRecursos = deficiencias.some((item) => item !== 'altas_habilidades');
  const nacionalidade = censo?.nacionalidade ?? null;
  const paisResidencia = censo?.paisResidencia ?? null;
  const noBrasil = paisResidencia === PAIS_BRASIL;
  const cep = noBrasil ? (censo?.cepResidencia ?? null) : null;
  const valores: Record<string, Valor> = {
    tipoPessoa: 'aluno',
    exigeRecursos,
    registro: '30',
    inepEscola,
    codigoPessoa: codigoProprio(matricula.alunoId),
    inep: censo?.inepId ?? null,
    cpf: aluno.cpf,
    nomePessoa: aluno.nome,
    dataNascimento: aluno.dataNascimento,
    filiacao: censo?.filiacao ?? null,
    filiacao1: censo?.filiacao === '1' ? (censo.filiacao1 ?? null) : null,
    filiacao2: censo?.filiacao === '1' ? (censo.filiacao2 ?? null) : null,
    sexo: aluno.sexo === 'masculino' ? '1' : aluno.sexo === 'feminino' ? '2' : null,
    raca: censo?.corRaca ?? null,
    nacionalidade,
    paisNacionalidade: censo?.paisNacionalidade ?? null,
    // Only a Brazilian-born student has a município de nascimento in the file.
    municipioNascimento: nacionalidade === '1' ? (censo?.municipioNascimento ?? null) : null,
    ...valoresDeficiencia(deficiencias),
    certidaoNascimento: censo?.certidaoNascimento ?? null,
    paisResidencia,
    cep,
    // i-Educar writes the município de residência only beside a CEP.
    municipioResidencia: cep ? (censo?.municipioResidencia ?? null) : null,
    localizacaoResidencia: noBrasil ? (censo?.zonaResidencia ?? null) : null,
    localizacaoDiferenciada: noBrasil ? (censo?.localizacaoDiferenciada ?? null) : null,
  };
  for (const [chave, campo] of Object.entries(CHAVE_RECURSO))
    valores[campo] = exigeRecursos ? recursos.includes(chave) : null;
  return valores;
}

/** The census etapa of each class that has one (the others take their série's). */
export async function etapasProprias(ctx: CensoContexto, turmaIds: readonly string[]) {
  const rows = turmaIds.length
    ? await ctx.db
        .select({ turmaId: censoTurmas.turmaId, etapa: censoTurmas.etapa })
        .from(censoTurmas)
        .where(inArray(censoTurmas.turmaId, [...turmaIds]))
    : [];
  return new Map(rows.map((row) => [row.turmaId, row.etapa]));
}

/**
 * The checks of some students (each once, in the order given), from all their enrolments on the date
 * (`matriculas`, in `matriculasNaData`'s order) and their census rows.
 */
export function pendenciasDosAlunos(
  ctx: CensoContexto,
  alunos: readonly Pick<MatriculaCenso, 'alunoId' | 'aluno'>[],
  matriculas: readonly MatriculaCenso[],
  censo: ReadonlyMap<string, CensoAlunoRow>,
  etapaPropria: ReadonlyMap<string, string | null>,
): Pendencia[] {
  const pendencias: Pendencia[] = [];
  // Each student's enrolments on the date, in `matriculas`' order (one pass: 50,000 students, issue 38).
  const doAluno = new Map<string, MatriculaCenso[]>();
  for (const item of matriculas) {
    const lista = doAluno.get(item.alunoId);
    if (lista) lista.push(item);
    else doAluno.set(item.alunoId, [item]);
  }
  for (const matricula of alunos) {
    const { aluno } = matricula;
    const dados = censo.get(matricula.alunoId);
    const pendencia = (campo: string, mensagem: string) =>
      pendencias.push({
        registro: '30',
        entidade: 'aluno',
        entidade_id: matricula.alunoId,
        nome: aluno.nome,
        campo,
        mensagem,
        link: linkCensoAluno(matricula.alunoId),
      });
    if (aluno.cpf && !isValidCpf(aluno.cpf))
      pendencia('CPF', 'O CPF tem dígitos verificadores errados: confira o número no documento.');
    if (dados?.certidaoNascimento) {
      const problema = certidaoProblema(dados.certidaoNascimento, aluno.dataNascimento, ctx.hoje);
      if (problema) pendencia('Certidão de nascimento', problema);
    }
    // Every class the student is in on the date: the etapa is the class's census one, else the série's.
    for (const uma of doAluno.get(matricula.alunoId) ?? []) {
      const etapa = etapaPropria.get(uma.turmaId) ?? etapaDaSerie(uma.turma.serie);
      const problema = nascimentoProblema(aluno.dataNascimento, etapa, ctx.dataReferencia);
      if (problema) pendencia('Data de nascimento', `${problema} (Turma ${uma.turma.nome}.)`);
    }
    if (!dados) continue;
    if (dados.nacionalidade === '1' && dados.paisNacionalidade && dados.paisNacionalidade !== PAIS_BRASIL)
      pendencia(
        'País de nacionalidade',
        'Nacionalidade brasileira: o país de nacionalidade é o Brasil (76).',
      );
    if (dados.nacionalidade === '3' && dados.paisNacionalidade === PAIS_BRASIL)
      pendencia(
        'País de nacionalidade',
        'Nacionalidade estrangeira: o país de nacionalidade não pode ser o Brasil.',
      );
    if (dados.recursosSaeb.includes('nenhum') && dados.recursosSaeb.length > 1)
      pendencia('Recursos para o Saeb', "'Nenhum' não pode ser marcado junto com outros recursos.");
    const recursos = dados.recursosSaeb.filter((item) => item !== 'nenhum');
    const deficiencias = dados.deficiencias.filter((item) => item !== 'altas_habilidades');
    if (recursos.length > 0 && deficiencias.length === 0)
      pendencia(
        'Recursos para o Saeb',
        'Recursos para o Saeb só valem para aluno com deficiência ou TEA: marque a deficiência ou retire os recursos.',
      );
    if (deficiencias.length > 0 && dados.recursosSaeb.length === 0)
      pendencia(
        'Recursos para o Saeb',
        "Aluno com deficiência ou TEA: informe os recursos para o Saeb (ou 'Nenhum').",
      );
    if (dados.zonaResidencia === '1' && dados.localizacaoDiferenciada === '1')
      pendencia(
        'Localização diferenciada da residência',
        'Zona urbana: a localização diferenciada não pode ser área de assentamento.',
      );
  }
  return pendencias;
}

export const alunosFonte: FonteCenso = {
  async linhas(ctx) {
    const [{ porAluno, censo }, inepEscola] = await Promise.all([alunosNaData(ctx), inepEscolaDoCenso(ctx)]);
    return [...porAluno.values()]
      .sort((a, b) => a.aluno.nome.localeCompare(b.aluno.nome, 'pt-BR'))
      .map((matricula): Linha => ({
        tipo: '30',
        entidade: 'aluno',
        entidadeId: matricula.alunoId,
        nome: matricula.aluno.nome,
        link: linkCensoAluno(matricula.alunoId),
        rotulos: ROTULOS_ALUNO,
        valores: valoresAluno(matricula, censo.get(matricula.alunoId), inepEscola),
      }));
  },

  async pendencias(ctx) {
    const { porAluno, censo, matriculas } = await alunosNaData(ctx);
    const turmaIds = [...new Set(matriculas.map((matricula) => matricula.turmaId))];
    const etapaPropria = await etapasProprias(ctx, turmaIds);
    return pendenciasDosAlunos(ctx, [...porAluno.values()], matriculas, censo, etapaPropria);
  },
};
