import type { CalendarView, SchoolPeriod, SchoolYear } from '../../shared/calendar.schemas';
import type { ReportCard } from '../../shared/report-card.schemas';
import type { PublicSystemSettings } from '../../shared/settings.schemas';
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
    periodos: [],
    disciplinas: [],
    frequencia: { aulas_dadas: 0, faltas: 0, frequencia: null, por_dia: false },
    situacao: 'cursando',
    situacao_calculada: null,
    conselho: null,
    somente_publicados: false,
    ensino_medio: false,
    itinerario: null,
    ...card,
  };
}
