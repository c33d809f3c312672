/**
 * Records 20 (turma) and 60 (matrícula) of stage 1, and the checks across them that the layout cannot
 * express (issue 37, part 4). Who counts is `matriculasNaData`: a class goes in when at least one student
 * was enrolled in it on the reference date; each such enrolment is one record 60.
 */
import { eq, inArray } from 'drizzle-orm';
import { codigoProprio, etapaDaSerie, componenteInepDe } from '../../../shared/censo.codigos.js';
import type { CensoTurmaDados, Pendencia } from '../../../shared/censo.schemas.js';
import { formatDate } from '../../../shared/format.js';
import { censoAlunos, censoTurmas, type CensoAlunoRow } from '../../db/schema/censo.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classSubjects } from '../../db/schema/curriculum.js';
import { disciplinas } from '../../db/schema/disciplinas.js';
import { settings } from '../../db/schema/settings.js';
import { CENSO_ESCOLA_KEY } from '../settings/index.js';
import type { CensoContexto, FonteCenso, Linha, Valor } from './layout.js';
import { chaveComponente, COMPONENTES_R20 } from './layouts/2024/r20.js';
import { chaveVeiculo, VEICULOS_R60 } from './layouts/2024/r60.js';
import { matriculasNaData, type MatriculaCenso } from './matriculas.js';
import { dadosCensoDaTurma, gradesDasTurmas, minutosDe } from './turmas.service.js';
import { LINK_DISCIPLINAS, linkCensoAluno, linkCensoTurma } from './links.js';

export const linkTurma = linkCensoTurma;
/** The student's census data (part 2's screen). */
export const linkAluno = linkCensoAluno;
export { LINK_DISCIPLINAS };

/** Educação Infantil's etapas: no componentes, no forma de organização (i-Educar's export and analysis). */
const ETAPAS_INFANTIL = new Set(['1', '2', '3']);
/** Etapas whose record 60 must carry the student's own etapa (TurmaMulti), which the product does not keep. */
const ETAPAS_MULTI = new Set(['3', '22', '23', '56', '64', '72']);
/**
 * Componentes INEP does not take for an etapa ('Tabela de regras de disciplinas', as i-Educar applies it
 * to the etapas the product offers): written as 0, not as offered.
 */
const PROIBIDOS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [
    ['14', '15', '16', '17', '18'],
    ['1', '2', '4', '17', '25', '29'],
  ],
  [
    ['19', '20', '21', '41'],
    ['17', '25', '28'],
  ],
  [
    ['22', '23', '56'],
    ['17', '25'],
  ],
  [
    ['25', '26', '27', '28', '29'],
    ['5', '17', '25', '28'],
  ],
];
const proibidosDa = (etapa: string | null) =>
  new Set(PROIBIDOS.find(([etapas]) => etapa !== null && etapas.includes(etapa))?.[1] ?? []);

interface DisciplinaDaTurma {
  nome: string;
  disciplinaId: string | null;
  componente: string | null;
  comProfessor: boolean;
}

export interface TurmaCenso {
  turma: ClassRow;
  dados: CensoTurmaDados;
  etapa: string | null;
  disciplinas: DisciplinaDaTurma[];
}

interface Base {
  escolaInep: string | null;
  turmas: Map<string, TurmaCenso>;
  matriculas: MatriculaCenso[];
  alunos: Map<string, CensoAlunoRow>;
}

/** The year's classes with their census data and grade (a few per class, whatever the students). */
export async function carregarTurmas(ctx: CensoContexto): Promise<Pick<Base, 'escolaInep' | 'turmas'>> {
  const { db } = ctx;
  const [escola] = await db.select().from(settings).where(eq(settings.key, CENSO_ESCOLA_KEY));
  const codigo = escola?.value.codigo_inep;
  const turmaRows = await db
    .select()
    .from(classes)
    .where(eq(classes.anoLetivo, String(ctx.ano)));
  const ids = turmaRows.map((turma) => turma.id);
  const [censo, grades, materias, catalogo] = await Promise.all([
    ids.length ? db.select().from(censoTurmas).where(inArray(censoTurmas.turmaId, ids)) : [],
    gradesDasTurmas(db, ids),
    ids.length ? db.select().from(classSubjects).where(inArray(classSubjects.turmaId, ids)) : [],
    db.select().from(disciplinas),
  ]);
  const porNome = new Map(catalogo.map((row) => [row.nome.trim().toLowerCase(), row]));
  const turmas = new Map<string, TurmaCenso>();
  for (const turma of turmaRows) {
    const dados = dadosCensoDaTurma(
      turma,
      censo.find((row) => row.turmaId === turma.id),
      grades.get(turma.id),
    );
    // Itinerário formativo subjects are not componentes (they would be record 20's unidades curriculares,
    // fields 40–48, which the product does not send yet: docs/censo-turmas.md).
    const daTurma = materias
      .filter((row) => row.turmaId === turma.id && row.itinerarioId === null)
      .map((row): DisciplinaDaTurma => {
        const disciplina = porNome.get(row.disciplina.trim().toLowerCase());
        return {
          nome: row.disciplina,
          disciplinaId: disciplina?.id ?? null,
          componente: disciplina ? componenteInepDe(disciplina) : null,
          comProfessor: row.professorId !== null,
        };
      })
      .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
    turmas.set(turma.id, {
      turma,
      dados,
      etapa: dados.etapa ?? etapaDaSerie(turma.serie),
      disciplinas: daTurma,
    });
  }
  return { escolaInep: typeof codigo === 'string' ? codigo : null, turmas };
}

async function carregar(ctx: CensoContexto): Promise<Base> {
  const { db } = ctx;
  const [leve, matriculas] = await Promise.all([
    carregarTurmas(ctx),
    matriculasNaData(db, ctx.ano, ctx.dataReferencia),
  ]);
  const alunoIds = [...new Set(matriculas.map((matricula) => matricula.alunoId))];
  const alunos = alunoIds.length
    ? await db.select().from(censoAlunos).where(inArray(censoAlunos.alunoId, alunoIds))
    : [];
  return { ...leve, matriculas, alunos: new Map(alunos.map((row) => [row.alunoId, row])) };
}

const dois = (hora: string | null, parte: 'hora' | 'minuto') =>
  hora === null ? null : parte === 'hora' ? hora.slice(0, 2) : hora.slice(3, 5);

/** Record 20's values (keys of layouts/<ano>/r20.ts), as i-Educar's export fills them. */
export function valoresR20(
  escolaInep: string | null,
  { turma, dados, etapa, disciplinas: materias }: TurmaCenso,
) {
  const presencial = dados.tipo_mediacao === '1';
  const escolarizacao = dados.tipo_atendimento === 'escolarizacao';
  const infantil = etapa !== null && ETAPAS_INFANTIL.has(etapa);
  const naoPresencial = (valor: Valor) => (presencial ? valor : null);
  const valores: Record<string, Valor> = {
    codigo_escola: escolaInep,
    codigo_turma: codigoProprio(turma.id),
    inep_turma: null,
    nome_turma: turma.nome,
    tipo_mediacao: dados.tipo_mediacao,
    hora_inicio_hora: naoPresencial(dois(dados.hora_inicio, 'hora')),
    hora_inicio_minuto: naoPresencial(dois(dados.hora_inicio, 'minuto')),
    hora_fim_hora: naoPresencial(dois(dados.hora_fim, 'hora')),
    hora_fim_minuto: naoPresencial(dois(dados.hora_fim, 'minuto')),
    escolarizacao,
    atividade_complementar: dados.tipo_atendimento === 'atividade_complementar',
    aee: dados.tipo_atendimento === 'aee',
    // The product's classes are formação geral básica; Educação Infantil's is 'não se aplica'.
    estrutura_fgb: escolarizacao ? !infantil : null,
    estrutura_itinerario: escolarizacao ? false : null,
    estrutura_nao_se_aplica: escolarizacao ? infantil : null,
    local_diferenciado: dados.tipo_mediacao === '3' ? null : dados.local_diferenciado,
    tem_etapa: escolarizacao,
    modalidade: escolarizacao ? '1' : null,
    etapa: escolarizacao ? etapa : null,
    curso_profissional: null,
    organizada: escolarizacao && !infantil,
    tem_componentes: escolarizacao && !infantil,
    classe_bilingue_surdos: false,
  };
  for (const [dia] of [['dom'], ['seg'], ['ter'], ['qua'], ['qui'], ['sex'], ['sab']] as const) {
    valores[`dia_${dia}`] = naoPresencial(dados.dias.includes(dia));
  }
  const organizada = valores.organizada === true;
  for (const chave of ['semestral', 'ciclos', 'nao_seriada', 'modulos', 'alternancia']) {
    valores[`organizacao_${chave}`] = organizada ? false : null;
  }
  valores.organizacao_serie_ano = organizada ? true : null;
  const proibidos = proibidosDa(etapa);
  for (const [codigo] of COMPONENTES_R20) {
    const daTurma = materias.filter((materia) => materia.componente === codigo);
    const oferece = valores.tem_componentes === true && daTurma.length > 0 && !proibidos.has(codigo);
    valores[chaveComponente(codigo)] =
      valores.tem_componentes !== true
        ? null
        : !oferece
          ? '0'
          : daTurma.some((m) => m.comProfessor)
            ? '1'
            : '2';
  }
  return valores;
}

/** TransporteEscolarPublico: asked only in escolarização, presencial or semipresencial, of who lives in Brazil. */
function exigeTransporteDe({ dados }: TurmaCenso, aluno: CensoAlunoRow | undefined): boolean {
  const brasil = !aluno?.paisResidencia || aluno.paisResidencia === '76';
  return (
    dados.tipo_atendimento === 'escolarizacao' && ['1', '2'].includes(dados.tipo_mediacao ?? '') && brasil
  );
}

/** Record 60's values (keys of layouts/<ano>/r60.ts). */
export function valoresR60(
  escolaInep: string | null,
  matricula: MatriculaCenso,
  turma: TurmaCenso,
  aluno: CensoAlunoRow | undefined,
) {
  const { dados } = turma;
  const escolarizacao = dados.tipo_atendimento === 'escolarizacao';
  const exigeTransporte = exigeTransporteDe(turma, aluno);
  const transporte = exigeTransporte ? (aluno?.transportePublico ?? null) : null;
  const valores: Record<string, Valor> = {
    codigo_escola: escolaInep,
    codigo_pessoa: codigoProprio(matricula.alunoId),
    inep_aluno: aluno?.inepId ?? null,
    codigo_turma: codigoProprio(matricula.turmaId),
    inep_turma: null,
    inep_matricula: null,
    etapa_aluno: null,
    // RecebeEscolarizacaoOutroEspaco: the product has no hospital or home schooling: 'não recebe'.
    escolarizacao_outro_espaco:
      escolarizacao && dados.tipo_mediacao === '1' && ['0', '1'].includes(dados.local_diferenciado ?? '')
        ? '1'
        : null,
    exige_transporte: exigeTransporte,
    transporte_publico: transporte,
    transporte_poder_publico: transporte === true ? (aluno?.transportePoderPublico ?? null) : null,
  };
  for (const [veiculo] of VEICULOS_R60) {
    valores[chaveVeiculo(veiculo)] =
      transporte === true ? (aluno?.transporteVeiculos.includes(veiculo) ?? false) : null;
  }
  return valores;
}

async function linhas(ctx: CensoContexto): Promise<Linha[]> {
  const base = await carregar(ctx);
  const comAlunos = new Set(base.matriculas.map((matricula) => matricula.turmaId));
  const resultado: Linha[] = [];
  for (const turma of [...base.turmas.values()].sort((a, b) =>
    a.turma.nome.localeCompare(b.turma.nome, 'pt-BR'),
  )) {
    if (!comAlunos.has(turma.turma.id)) continue;
    resultado.push({
      tipo: '20',
      entidade: 'turma',
      entidadeId: turma.turma.id,
      nome: turma.turma.nome,
      link: linkTurma(turma.turma.id),
      rotulos: ROTULOS_R20,
      valores: valoresR20(base.escolaInep, turma),
    });
  }
  for (const matricula of base.matriculas) {
    const turma = base.turmas.get(matricula.turmaId);
    if (!turma) continue;
    resultado.push({
      tipo: '60',
      entidade: 'matricula',
      entidadeId: `${matricula.alunoId}:${matricula.turmaId}`,
      nome: `${matricula.aluno.nome} — ${matricula.turma.nome}`,
      link: linkAluno(matricula.alunoId),
      rotulos: ROTULOS_R60,
      valores: valoresR60(base.escolaInep, matricula, turma, base.alunos.get(matricula.alunoId)),
    });
  }
  return resultado;
}

/** The screen's labels of the fields a person fixes (the pending list names them). */
export const ROTULOS_R20: Readonly<Record<string, string>> = {
  codigo_escola: 'Código INEP da escola (Configurações → Censo)',
  tipo_mediacao: 'Tipo de mediação',
  hora_inicio_hora: 'Horário de início',
  hora_inicio_minuto: 'Horário de início',
  hora_fim_hora: 'Horário de término',
  hora_fim_minuto: 'Horário de término',
  local_diferenciado: 'Local de funcionamento diferenciado',
  etapa: 'Etapa',
};
export const ROTULOS_R60: Readonly<Record<string, string>> = {
  codigo_escola: 'Código INEP da escola (Configurações → Censo)',
  transporte_publico: 'Transporte escolar público',
  transporte_poder_publico: 'Poder público responsável pelo transporte',
};

function pendencia(registro: '20' | '60', turma: TurmaCenso, campo: string, mensagem: string): Pendencia {
  return {
    registro,
    entidade: 'turma',
    entidade_id: turma.turma.id,
    nome: turma.turma.nome,
    campo,
    mensagem,
    link: linkTurma(turma.turma.id),
  };
}

/** Checks of one class that will be sent. */
function pendenciasDaTurma(turma: TurmaCenso): Pendencia[] {
  const { dados, etapa } = turma;
  const lista: Pendencia[] = [];
  const presencial = dados.tipo_mediacao === '1';
  if (etapa === null && dados.tipo_atendimento === 'escolarizacao') {
    lista.push(
      pendencia(
        '20',
        turma,
        'Etapa',
        `A série "${turma.turma.serie}" não tem etapa do INEP: escolha a etapa da turma`,
      ),
    );
  }
  if (dados.hora_inicio && dados.hora_fim && minutosDe(dados.hora_fim) <= minutosDe(dados.hora_inicio)) {
    lista.push(pendencia('20', turma, 'Horário', 'O horário de término é antes do horário de início'));
  }
  for (const hora of [dados.hora_inicio, dados.hora_fim]) {
    if (hora && minutosDe(hora) % 5 !== 0) {
      lista.push(pendencia('20', turma, 'Horário', `O INEP aceita minutos de 5 em 5 (${hora})`));
    }
  }
  if (presencial && dados.dias.length === 0) {
    lista.push(pendencia('20', turma, 'Dias da semana', 'Turma presencial sem nenhum dia da semana'));
  }
  if (dados.tipo_atendimento === 'atividade_complementar' || dados.tipo_atendimento === 'aee') {
    lista.push(
      pendencia(
        '20',
        turma,
        'Tipo de atendimento',
        'O sistema ainda não gera turmas de atividade complementar ou de AEE (seus códigos de atividade e tipos de atendimento): envie-a pelo site do Educacenso',
      ),
    );
  }
  if (dados.tipo_atendimento !== 'escolarizacao' && dados.tipo_mediacao !== '1') {
    lista.push(
      pendencia(
        '20',
        turma,
        'Tipo de atendimento',
        'Turma semipresencial ou a distância deve ser de escolarização',
      ),
    );
  }
  if (dados.tipo_mediacao === '2') {
    lista.push(
      pendencia('20', turma, 'Tipo de mediação', 'O INEP só aceita turma semipresencial nas etapas de EJA'),
    );
  }
  if (dados.tipo_mediacao === '3' && etapa !== null && !['25', '26', '27', '28', '29'].includes(etapa)) {
    lista.push(
      pendencia('20', turma, 'Tipo de mediação', 'Educação a distância só é aceita no Ensino Médio'),
    );
  }
  if (etapa !== null && ETAPAS_MULTI.has(etapa)) {
    lista.push(
      pendencia(
        '60',
        turma,
        'Etapa',
        'Turma multietapa ou de correção de fluxo: o INEP pede a etapa de cada aluno, que o sistema não registra',
      ),
    );
  }
  const comComponentes = dados.tipo_atendimento === 'escolarizacao' && !(etapa && ETAPAS_INFANTIL.has(etapa));
  if (comComponentes && turma.disciplinas.length === 0) {
    lista.push(pendencia('20', turma, 'Grade curricular', 'A turma não tem disciplinas na grade curricular'));
  }
  for (const materia of turma.disciplinas) {
    if (materia.componente !== null) continue;
    lista.push({
      registro: '20',
      entidade: 'disciplina',
      entidade_id: materia.disciplinaId,
      nome: materia.nome,
      campo: 'Componente do INEP',
      mensagem: `A disciplina ${materia.nome}, da turma ${turma.turma.nome}, não tem componente curricular do INEP`,
      link: LINK_DISCIPLINAS,
    });
  }
  return lista;
}

/** The checks of each class: those with students on the date, and the active ones without any. */
export function pendenciasDasTurmas(
  turmasDoAno: ReadonlyMap<string, TurmaCenso>,
  comAlunos: ReadonlySet<string>,
  dataReferencia: string,
): Pendencia[] {
  const data = formatDate(dataReferencia);
  const lista: Pendencia[] = [];
  const turmas = [...turmasDoAno.values()].sort((a, b) => a.turma.nome.localeCompare(b.turma.nome, 'pt-BR'));
  for (const turma of turmas) {
    if (comAlunos.has(turma.turma.id)) {
      lista.push(...pendenciasDaTurma(turma));
    } else if (turma.turma.status === 'ativo') {
      lista.push(
        pendencia(
          '20',
          turma,
          'Alunos na data de referência',
          `A turma está ativa mas não tinha alunos em ${data}: não será enviada ao Censo (se não funcionou, marque-a como inativa)`,
        ),
      );
    }
  }
  return lista;
}

async function pendencias(ctx: CensoContexto): Promise<Pendencia[]> {
  const base = await carregar(ctx);
  const comAlunos = new Set(base.matriculas.map((matricula) => matricula.turmaId));
  return [
    ...pendenciasDasTurmas(base.turmas, comAlunos, ctx.dataReferencia),
    ...duasTurmas(base),
    ...transporteSemVeiculo(base),
  ];
}

/** A student in two classes of the same tipo de atendimento on the reference date. */
export function duasTurmas(
  base: Pick<Base, 'turmas' | 'matriculas'>,
  vistos = new Map<string, { turmaId: string; turma: { nome: string } }>(),
): Pendencia[] {
  const lista: Pendencia[] = [];
  for (const matricula of base.matriculas) {
    const tipo = base.turmas.get(matricula.turmaId)?.dados.tipo_atendimento ?? 'escolarizacao';
    const chave = `${matricula.alunoId}:${tipo}`;
    const anterior = vistos.get(chave);
    if (!anterior) {
      vistos.set(chave, { turmaId: matricula.turmaId, turma: { nome: matricula.turma.nome } });
      continue;
    }
    if (anterior.turmaId === matricula.turmaId) continue;
    lista.push({
      registro: '60',
      entidade: 'matricula',
      entidade_id: `${matricula.alunoId}:${matricula.turmaId}`,
      nome: `${matricula.aluno.nome} — ${matricula.turma.nome}`,
      campo: 'Enturmação',
      mensagem: `Na data de referência o aluno estava em duas turmas do mesmo tipo de atendimento (${anterior.turma.nome} e ${matricula.turma.nome}): o INEP recusa a segunda. Corrija as datas de entrada e saída das turmas`,
      link: `/dashboard/alunos?aluno=${matricula.alunoId}`,
    });
  }
  return lista;
}

/** Public transport with none of the layout's vehicles (the 2024 layout has no train). */
export function transporteSemVeiculo(
  base: Pick<Base, 'turmas' | 'matriculas' | 'alunos'>,
  vistos = new Set<string>(),
): Pendencia[] {
  const lista: Pendencia[] = [];
  for (const matricula of base.matriculas) {
    const aluno = base.alunos.get(matricula.alunoId);
    const turma = base.turmas.get(matricula.turmaId);
    if (
      !aluno?.transportePublico ||
      !turma ||
      !exigeTransporteDe(turma, aluno) ||
      vistos.has(aluno.alunoId)
    ) {
      continue;
    }
    vistos.add(aluno.alunoId);
    const doLeiaute = VEICULOS_R60.some(([veiculo]) => aluno.transporteVeiculos.includes(veiculo));
    if (doLeiaute) continue;
    lista.push({
      registro: '60',
      entidade: 'aluno',
      entidade_id: aluno.alunoId,
      nome: matricula.aluno.nome,
      campo: 'Veículo do transporte escolar',
      mensagem: 'Usa transporte escolar público: marque ao menos um veículo rodoviário ou aquaviário',
      link: linkAluno(aluno.alunoId),
    });
  }
  return lista;
}

export const turmasFonte: FonteCenso = { linhas, pendencias };
