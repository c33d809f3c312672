/**
 * Ensino Médio (issue 31 §1, ADR 0027): the parts of its curriculum — formação geral básica and the
 * itinerários formativos — and the carga horária the law asks of them (LDB art. 24 I and art. 35-C as
 * written by Lei 14.945/2024).
 */
import { MIN_DIAS_LETIVOS } from './calendar.js';
import { areaLabel, areas, type Area } from './disciplinas.schemas.js';
import { formatDate } from './format.js';

export const ENSINO_MEDIO = 'Ensino Médio';
export const isEnsinoMedio = (nivel: string | null | undefined): boolean => nivel === ENSINO_MEDIO;

/** 200 dias letivos (LDB art. 24 I) of 5 school days: the weeks a weekly lesson repeats in a year. */
export const SEMANAS_LETIVAS = MIN_DIAS_LETIVOS / 5;
export const AULA_MINUTOS_PADRAO = 50;

/** Lei 14.945/2024: the minimums over the three séries, in hours. */
export const MINIMOS_MEDIO = {
  /** LDB art. 24 I: 1.000 h a year in Ensino Médio. */
  anual: 1000,
  /** art. 35-C: formação geral básica over the three years. */
  formacaoGeralBasica: 2400,
  /** art. 35-C §: with a técnico itinerário (up to 300 h of it may deepen BNCC content of the course). */
  formacaoGeralBasicaTecnico: 2100,
  total: 3000,
} as const;

export const PARTE_FGB = 'Formação geral básica';

/** Hours of a subject in a year: weekly lessons × the year's weeks × the lesson's minutes. */
export function annualMinutes(aulasSemanais: number, aulaMinutos: number): number {
  return aulasSemanais * SEMANAS_LETIVAS * aulaMinutos;
}
export const minutesToHours = (minutes: number): number => Math.round(minutes / 60);

export function formatHours(hours: number): string {
  return `${hours.toLocaleString('pt-BR')} h`;
}

/** '1ª série' → 1; null when the série has no number. */
export function serieNumber(serie: string): number | null {
  const match = /^(\d+)/.exec(serie.trim());
  return match ? Number(match[1]) : null;
}

export interface SerieHours {
  serie: number;
  formacao_geral_basica: number;
  /** By itinerário name: its own subjects' hours that série. */
  itinerarios: Record<string, number>;
  /** True when no class of that série exists this year: this class's figures stand in for it. */
  projetada: boolean;
  /**
   * The same parts in minutes, exact. Totals and the law's minimums add these and round once: 25 weekly
   * lessons of 50 min are 833,3 h a year, and three séries 2.500 h — not 3 × 833 = 2.499 h, under a
   * minimum the grid meets.
   */
  minutos: { formacao_geral_basica: number; itinerarios: Record<string, number> };
}

/** A série's parts from their exact minutes, with the hours shown for each. */
export function serieHoursFromMinutes(
  serie: number,
  minutos: SerieHours['minutos'],
  projetada = false,
): SerieHours {
  const itinerarios: Record<string, number> = {};
  for (const [nome, minutes] of Object.entries(minutos.itinerarios))
    itinerarios[nome] = minutesToHours(minutes);
  return {
    serie,
    formacao_geral_basica: minutesToHours(minutos.formacao_geral_basica),
    itinerarios,
    projetada,
    minutos,
  };
}

/** One class's hours in its série, from its grid (its subjects' weekly lessons and itinerários). */
export function serieHoursOf(
  serie: number,
  aulaMinutos: number,
  lines: readonly { aulasSemanais: number; itinerario: string | null }[],
): SerieHours {
  let fgb = 0;
  const itinerarios: Record<string, number> = {};
  for (const line of lines) {
    const minutes = annualMinutes(line.aulasSemanais, aulaMinutos);
    if (line.itinerario === null) fgb += minutes;
    else itinerarios[line.itinerario] = (itinerarios[line.itinerario] ?? 0) + minutes;
  }
  return serieHoursFromMinutes(serie, { formacao_geral_basica: fgb, itinerarios });
}

export interface CargaHorariaCheck {
  /** One entry per itinerário (or one with `itinerario: null` when the class offers none). */
  percursos: {
    itinerario: string | null;
    tecnico: boolean;
    formacao_geral_basica: number;
    itinerario_horas: number;
    total: number;
    minimo_fgb: number;
  }[];
  avisos: string[];
}

/**
 * The three séries' totals along each itinerário, checked against the law: a list of warnings in
 * Portuguese (a warning, never a block: the school's matriz may be in transition).
 */
export function checkCargaHoraria(
  series: readonly SerieHours[],
  itinerarios: readonly { nome: string; tecnico: boolean }[],
): CargaHorariaCheck {
  const avisos: string[] = [];
  // In exact minutes, rounded to hours only to be shown (SerieHours.minutos).
  for (const serie of series) {
    const names = itinerarios.length === 0 ? [null] : itinerarios.map((item) => item.nome);
    const lowest = Math.min(
      ...names.map(
        (nome) =>
          serie.minutos.formacao_geral_basica + (nome === null ? 0 : (serie.minutos.itinerarios[nome] ?? 0)),
      ),
    );
    if (!serie.projetada && lowest < MINIMOS_MEDIO.anual * 60)
      avisos.push(
        `A ${String(serie.serie)}ª série soma ${formatHours(minutesToHours(lowest))} no ano; a LDB (art. 24, I) pede ao menos ${formatHours(MINIMOS_MEDIO.anual)} anuais no Ensino Médio.`,
      );
  }
  const fgbMinutes = series.reduce((sum, serie) => sum + serie.minutos.formacao_geral_basica, 0);
  const fgb = minutesToHours(fgbMinutes);
  const trilhas = itinerarios.length === 0 ? [null] : itinerarios;
  const minutesOf = trilhas.map((item) =>
    item === null ? 0 : series.reduce((sum, serie) => sum + (serie.minutos.itinerarios[item.nome] ?? 0), 0),
  );
  const percursos = trilhas.map((item, index) => {
    const minutes = minutesOf[index] ?? 0;
    const tecnico = item?.tecnico ?? false;
    return {
      itinerario: item?.nome ?? null,
      tecnico,
      formacao_geral_basica: fgb,
      itinerario_horas: minutesToHours(minutes),
      total: minutesToHours(fgbMinutes + minutes),
      minimo_fgb: tecnico ? MINIMOS_MEDIO.formacaoGeralBasicaTecnico : MINIMOS_MEDIO.formacaoGeralBasica,
    };
  });
  const minimoFgb = Math.min(...percursos.map((percurso) => percurso.minimo_fgb));
  const strictest = percursos.some((percurso) => !percurso.tecnico)
    ? MINIMOS_MEDIO.formacaoGeralBasica
    : minimoFgb;
  if (fgbMinutes < strictest * 60)
    avisos.push(
      `A formação geral básica soma ${formatHours(fgb)} nas três séries; a Lei 14.945/2024 pede ao menos ${formatHours(strictest)}${strictest === MINIMOS_MEDIO.formacaoGeralBasicaTecnico ? ' com itinerário técnico' : ''}.`,
    );
  for (const [index, percurso] of percursos.entries())
    if (fgbMinutes + (minutesOf[index] ?? 0) < MINIMOS_MEDIO.total * 60)
      avisos.push(
        percurso.itinerario === null
          ? `As três séries somam ${formatHours(percurso.total)}; o mínimo do Ensino Médio é ${formatHours(MINIMOS_MEDIO.total)}.`
          : `Com o itinerário ${percurso.itinerario}, as três séries somam ${formatHours(percurso.total)}; o mínimo do Ensino Médio é ${formatHours(MINIMOS_MEDIO.total)}.`,
      );
  return { percursos, avisos };
}

export interface SubjectGroup<T> {
  /** 'Linguagens e suas Tecnologias' … or 'Itinerário formativo: <nome>'. */
  titulo: string;
  /** `itinerario_anterior`: one the student left during the year (its hours: the lessons they had). */
  parte: 'formacao_geral_basica' | 'itinerario' | 'itinerario_anterior';
  itens: T[];
  /** The group's hours a year (the subjects with a figure). */
  carga_horaria: number;
}

const sumHours = (items: readonly { carga_horaria: number | null }[]) =>
  items.reduce((sum, item) => sum + (item.carga_horaria ?? 0), 0);

/**
 * A Médio student's subjects as the boletim and the histórico print them: the formação geral básica by
 * área do conhecimento (the BNCC's order), then each itinerário. The subjects keep their order inside a group.
 */
export function groupByArea<
  T extends {
    area: Area | null;
    itinerario: string | null;
    carga_horaria: number | null;
    itinerario_trocado_em?: string | undefined;
  },
>(subjects: readonly T[]): SubjectGroup<T>[] {
  const groups: SubjectGroup<T>[] = [];
  const fgb = subjects.filter((subject) => subject.itinerario === null);
  for (const area of [...areas, null]) {
    const itens = fgb.filter((subject) => subject.area === area);
    if (itens.length > 0)
      groups.push({
        titulo: area === null ? 'Outras disciplinas' : areaLabel(area, ENSINO_MEDIO),
        parte: 'formacao_geral_basica',
        itens,
        carga_horaria: sumHours(itens),
      });
  }
  const current = subjects.filter((subject) => !subject.itinerario_trocado_em);
  for (const nome of new Set(current.flatMap((subject) => subject.itinerario ?? []))) {
    const itens = current.filter((subject) => subject.itinerario === nome);
    groups.push({
      titulo: `Itinerário formativo: ${nome}`,
      parte: 'itinerario',
      itens,
      carga_horaria: sumHours(itens),
    });
  }
  // The itinerários left during the year, after the current one: what the student studied until the change.
  const left = subjects.filter((subject) => subject.itinerario !== null && subject.itinerario_trocado_em);
  for (const key of new Set(
    left.map((subject) => `${subject.itinerario!}\u0000${subject.itinerario_trocado_em!}`),
  )) {
    const [nome, ate] = key.split('\u0000') as [string, string];
    const itens = left.filter(
      (subject) => subject.itinerario === nome && subject.itinerario_trocado_em === ate,
    );
    groups.push({
      titulo: `Itinerário anterior: ${nome} (trocado em ${formatDate(ate)})`,
      parte: 'itinerario_anterior',
      itens,
      carga_horaria: sumHours(itens),
    });
  }
  return groups;
}

/** 'Carga horária anual: formação geral básica 800 h · itinerário 200 h · total 1.000 h'. */
export function cargaHorariaText(groups: readonly SubjectGroup<unknown>[]): string {
  const fgb = groups
    .filter((group) => group.parte === 'formacao_geral_basica')
    .reduce((sum, group) => sum + group.carga_horaria, 0);
  const itinerario = groups
    .filter((group) => group.parte === 'itinerario')
    .reduce((sum, group) => sum + group.carga_horaria, 0);
  // An itinerário left during the year: the hours the student had there count in the year (ADR 0115).
  const anterior = groups
    .filter((group) => group.parte === 'itinerario_anterior')
    .reduce((sum, group) => sum + group.carga_horaria, 0);
  const parts = [`formação geral básica ${formatHours(fgb)}`];
  if (itinerario > 0) parts.push(`itinerário formativo ${formatHours(itinerario)}`);
  if (anterior > 0) parts.push(`itinerário anterior ${formatHours(anterior)}`);
  parts.push(`total ${formatHours(fgb + itinerario + anterior)}`);
  return `Carga horária anual: ${parts.join(' · ')}`;
}
