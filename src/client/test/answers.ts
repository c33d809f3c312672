import type { Lesson, Roll, RollClass } from '../../shared/attendance.schemas';
import type { CalendarView, SchoolPeriod, SchoolYear } from '../../shared/calendar.schemas';
import type { FinanceSettings } from '../../shared/finance.schemas';
import type { SchoolClass } from '../../shared/classes.schemas';
import type { Curriculum } from '../../shared/curriculum.schemas';
import type { Mensalidade } from '../../shared/mensalidades.schemas';
import type { Parecer } from '../../shared/pareceres.schemas';
import type { ReportCard } from '../../shared/report-card.schemas';
import type { PublicSystemSettings } from '../../shared/settings.schemas';
import type { Student } from '../../shared/students.schemas';
import type { Teacher } from '../../shared/teachers.schemas';

/**
 * Whole answers as the server sends them, for the component tests' stubbed servers: the client checks
 * every answer against the shared schema in tests (api-client.ts), so a stub names what its test is
 * about and takes the rest of the contract from here.
 */

/** A uuid numbered `n` (ids the shared schemas declare as uuids). */
export const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function schoolPeriodAnswer(period: Partial<SchoolPeriod> & Pick<SchoolPeriod, 'id'>): SchoolPeriod {
  return {
    numero: 1,
    nome: '1º bimestre',
    inicio: '2026-02-02',
    fim: '2026-04-17',
    data_fechamento: '2026-04-24',
    dias_letivos: 50,
    encerrado: false,
    ...period,
  };
}

export function schoolYearAnswer(
  year: Partial<Omit<SchoolYear, 'periodos'>> &
    Pick<SchoolYear, 'ano'> & { periodos?: Partial<SchoolPeriod>[] },
): SchoolYear {
  const ano = String(year.ano);
  return {
    id: `ano-${ano}`,
    inicio: `${ano}-02-02`,
    fim: `${ano}-12-11`,
    tipo_periodo: 'bimestre',
    dias_letivos: 200,
    minimo_dias_letivos: 200,
    aviso: null,
    version: 1,
    ...year,
    periodos: (year.periodos ?? []).map((period, index) =>
      schoolPeriodAnswer({ id: `p${String(index + 1)}`, numero: index + 1, ...period }),
    ),
  };
}

export function teacherAnswer(teacher: Partial<Teacher> & Pick<Teacher, 'id' | 'nome'>): Teacher {
  return {
    email: `${teacher.id}@escola.test`,
    telefone: null,
    disciplinas: [],
    data_contratacao: null,
    status: 'ativo',
    usuario_id: null,
    tem_acesso: false,
    acesso_email: null,
    version: 1,
    ...teacher,
  };
}

export function calendarViewAnswer(view: Partial<CalendarView> = {}): CalendarView {
  return { de: '2026-01-01', ate: '2026-12-31', dias: [], eventos: [], feriados: [], ...view };
}

export function publicSettingsAnswer(settings: Partial<PublicSystemSettings> = {}): PublicSystemSettings {
  return {
    manutencao: false,
    tema: 'claro',
    idioma: 'pt-BR',
    fuso_horario: 'America/Sao_Paulo',
    moeda: 'BRL',
    nome_escola: 'Escola',
    consulta_cep: false,
    ...settings,
  };
}

/** Ana Souza's boletim of 2026 in 6º A, still open, with no periods or subjects yet. */
export function reportCardAnswer(card: Partial<ReportCard> = {}): ReportCard {
  return {
    aluno: { id: uuidOf(1), nome: 'Ana Souza', matricula: 'M-1' },
    turma: { id: 't', nome: '6º A', serie: '6º ano' },
    ano: 2026,
    ano_letivo_id: 'ano-2026',
    ano_encerrado: false,
    escala: '0-10',
    media_aprovacao: 6,
    media_recuperacao_final: 6,
    periodos: [],
    disciplinas: [],
    frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null, por_dia: false, minima: 75 },
    situacao: 'cursando',
    situacao_calculada: null,
    conselho: null,
    somente_publicados: false,
    educacao_infantil: false,
    ensino_medio: false,
    itinerario: null,
    ...card,
  };
}

/** The school's finance settings with no Pix key, 2 % multa, 1 % juros a month, due on the 10th, no discount. */
export function financeSettingsAnswer(settings: Partial<FinanceSettings> = {}): FinanceSettings {
  return {
    pix_chave: null,
    pix_automatico_chave: null,
    pix_beneficiario: null,
    pix_cidade: null,
    multa_percentual: 2,
    juros_mensal_percentual: 1,
    dia_vencimento_padrao: 10,
    desconto_pontualidade: { tipo: 'nenhum', percentual: 0, valor: 0, dias_antes: 0 },
    version: 1,
    turmas: [],
    ...settings,
  };
}

/** Lia Souza's tuition of October 2026 (R$ 850,00, due on the 10th), still to pay, with no charges. */
export function mensalidadeAnswer(mensalidade: Partial<Mensalidade> = {}): Mensalidade {
  return {
    id: uuidOf(1),
    aluno_id: uuidOf(2),
    aluno_nome: 'Lia Souza',
    turma_id: null,
    turma_nome: '3º Ano A',
    mes_referencia: '2026-10',
    tipo: 'mensalidade',
    anuidade_ano: null,
    data_vencimento: '2026-10-10',
    valor_original: 85_000,
    valor: 85_000,
    motivo_desconto: null,
    status: 'pendente',
    valor_pago: 0,
    principal_pago: 0,
    multa: 0,
    juros: 0,
    valor_atualizado: 85_000,
    dias_atraso: 0,
    data_pagamento: null,
    motivo_cancelamento: null,
    em_confirmacao_desde: null,
    comprovante_visivel: false,
    negociacao: null,
    comprovante_recusa: null,
    version: 1,
    ...mensalidade,
  };
}

/** An active student as `GET /api/alunos` lists them: enrolled, with no class and no guardian. */
export function studentAnswer(student: Partial<Student> & Pick<Student, 'id' | 'nome'>): Student {
  return {
    status: 'ativo',
    data_nascimento: '2016-01-01',
    sexo: null,
    idade: 10,
    matricula: '2026001',
    email: null,
    telefone: null,
    endereco: null,
    cpf: null,
    turma_id: null,
    turma: null,
    data_enturmacao: null,
    saida: null,
    data_matricula: '2026-01-10',
    responsavel_id: null,
    responsavel: null,
    responsaveis: [],
    observacoes: null,
    created_at: '2026-01-10T00:00:00.000Z',
    version: 1,
    ...student,
  };
}

/** An active morning class of 2026 for 30 students, with no one in charge and nobody enrolled yet. */
export function schoolClassAnswer(
  schoolClass: Partial<SchoolClass> & Pick<SchoolClass, 'id' | 'nome' | 'nivel' | 'serie'>,
): SchoolClass {
  return {
    turno: 'manha',
    ano_letivo: '2026',
    capacidade_maxima: 30,
    professor_responsavel_id: null,
    professor_responsavel: null,
    observacoes: null,
    status: 'ativo',
    alunos_count: 0,
    version: 1,
    ...schoolClass,
  };
}

/** A class's grade curricular as `GET /api/turmas/:id/disciplinas` answers: empty unless told. */
export function curriculumAnswer(
  curriculum: Partial<Curriculum> & Pick<Curriculum, 'turma_id' | 'turma_nome' | 'nivel'>,
): Curriculum {
  return {
    professor_responsavel: null,
    frequencia_modo: 'diaria',
    turno: 'manha',
    aulas_semanais: 0,
    carga_horaria_avisos: [],
    version: 0,
    disciplinas: [],
    aula_minutos: 50,
    itinerarios: [],
    carga_horaria: null,
    ...curriculum,
  };
}

/** A lesson of a roll-call day (`aulas`): the day's one daily roll, due and open to the reader, unless told. */
export function lessonAnswer(lesson: Partial<Lesson> = {}): Lesson {
  return {
    disciplina: null,
    aula: 0,
    professor_nome: null,
    registrada: false,
    pode_registrar: true,
    pendente: true,
    ...lesson,
  };
}

/**
 * A class of the roll call's list (`GET /api/frequencia/turmas`) on the day `dia`: a morning class with a
 * daily roll and its grade curricular in order, no lessons and nobody in it unless told.
 */
export function rollClassAnswer(
  rollClass: Partial<RollClass> & Pick<RollClass, 'id' | 'nome' | 'dia'>,
): RollClass {
  return {
    serie: '',
    turno: 'manha',
    frequencia_modo: 'diaria',
    alunos: 0,
    grade_pendente: null,
    aulas: [],
    pendentes: 0,
    ...rollClass,
  };
}

/**
 * A class's daily roll on a school day (`GET /api/frequencia/turmas/:id`), not taken yet, open to the
 * reader, with one student marked present: a morning 6º ano class named as its id unless told.
 */
export function rollAnswer(turmaId: string, roll: Partial<Roll> = {}): Roll {
  const data = roll.data ?? '2026-12-02';
  return {
    turma: { id: turmaId, nome: turmaId, serie: '6º ano', turno: 'manha', frequencia_modo: 'diaria' },
    data,
    dia: { data, tipo: 'letivo', letivo: true, descricao: null },
    periodo: null,
    bloqueio: null,
    grade_pendente: null,
    aulas: [],
    disciplina: null,
    aula: 0,
    chamada: null,
    alunos: [{ id: 'a1', nome: 'Ana Lima', matricula: 'M1', presente: true, falta: null }],
    ...roll,
  };
}

/**
 * A child's parecer of the 1º semestre (Pré I A), a draft with no review yet: `aluno_id`/`aluno` from
 * `alunoId` and the rest from `parecer`.
 */
export function parecerAnswer(alunoId: string, parecer: Partial<Parecer> = {}): Parecer {
  const periodo = uuidOf(21);
  const turma = uuidOf(42);
  return {
    id: uuidOf(1),
    aluno_id: alunoId,
    aluno: { id: alunoId, nome: 'Lia Prado', matricula: 'M1' },
    periodo_id: periodo,
    periodo: { id: periodo, nome: '1º semestre', ano: 2026 },
    turma_id: turma,
    turma: { id: turma, nome: 'Pré I A', serie: 'Pré I' },
    texto: '',
    campos: {},
    status: 'rascunho',
    enviado_em: null,
    autor: null,
    revisor: null,
    revisado_em: null,
    publicado_em: null,
    updated_at: '2026-06-02T12:00:00.000Z',
    version: 1,
    fotos: [],
    ...parecer,
  };
}
