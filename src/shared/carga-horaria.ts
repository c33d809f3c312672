/**
 * The carga horária the LDB asks of Educação Infantil and Ensino Fundamental, checked on a class's grade
 * curricular (the Ensino Médio's, by série and part, is in ensino-medio.ts). Warnings, never a block, as
 * the Médio's: the school's matriz may be in transition, and hours outside the grid (recreio, projetos)
 * may make up the difference.
 */
import { MIN_DIAS_LETIVOS } from './calendar.js';
import type { Turno } from './classes.schemas.js';
import {
  annualMinutes,
  formatHours,
  isEnsinoMedio,
  minutesToHours,
  SEMANAS_LETIVAS,
} from './ensino-medio.js';

/** LDB art. 24, I (Ensino Fundamental) and art. 31, II (Educação Infantil): 800 h a year. */
export const MINIMO_ANUAL_HORAS = 800;
/** LDB art. 31, III: at least 4 hours a day in a part-time Educação Infantil class, 7 in full time. */
export const INFANTIL_HORAS_DIA = { parcial: 4, integral: 7 } as const;

const DIAS_POR_SEMANA = 5;

/** 200 min → '3 h 20 min'; 240 → '4 h'. */
export function formatDuration(minutes: number): string {
  const rounded = Math.round(minutes);
  const hours = Math.floor(rounded / 60);
  const rest = rounded % 60;
  return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
}

interface ClassHours {
  nivel: string;
  turno: Turno;
  /** Length of one lesson in minutes. */
  aulaMinutos: number;
  /** The grid's lessons a week (all its subjects). */
  aulasSemanais: number;
}

/**
 * What the grid of a class of Educação Infantil or Ensino Fundamental gives below the law, in
 * Portuguese, citing the article. Nothing for the Ensino Médio (ensino-medio.ts) nor for a class without
 * lessons on its grid (a daily class without a grid: nothing to measure).
 */
export function cargaHorariaAvisos({ nivel, turno, aulaMinutos, aulasSemanais }: ClassHours): string[] {
  if (isEnsinoMedio(nivel) || aulasSemanais <= 0) return [];
  const annual = annualMinutes(aulasSemanais, aulaMinutos);
  const ano = formatHours(minutesToHours(annual));
  const semana = `${String(aulasSemanais)} ${aulasSemanais === 1 ? 'aula' : 'aulas'} de ${String(aulaMinutos)} min por semana`;
  if (nivel === 'Educação Infantil') {
    const integral = turno === 'integral';
    const minimo = integral ? INFANTIL_HORAS_DIA.integral : INFANTIL_HORAS_DIA.parcial;
    const daily = (aulasSemanais * aulaMinutos) / DIAS_POR_SEMANA;
    if (daily >= minimo * 60 && annual >= MINIMO_ANUAL_HORAS * 60) return [];
    return [
      `A grade soma ${formatDuration(daily)} por dia (${semana}; ${ano} no ano); a LDB (art. 31, II e III) pede na Educação Infantil ao menos ${String(minimo)} horas diárias ${integral ? 'em tempo integral' : 'em turno parcial'} e ${formatHours(MINIMO_ANUAL_HORAS)} anuais em ${String(MIN_DIAS_LETIVOS)} dias letivos.`,
    ];
  }
  if (annual >= MINIMO_ANUAL_HORAS * 60) return [];
  return [
    `A grade soma ${ano} no ano (${semana}, em ${String(SEMANAS_LETIVAS)} semanas letivas); a LDB (art. 24, I) pede no Ensino Fundamental ao menos ${formatHours(MINIMO_ANUAL_HORAS)} anuais, em no mínimo ${String(MIN_DIAS_LETIVOS)} dias letivos.`,
  ];
}
