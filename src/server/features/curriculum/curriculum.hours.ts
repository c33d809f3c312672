/**
 * The carga horária of an Ensino Médio class's grade curricular (ADR 0027): per part (formação geral
 * básica, each itinerário) and série, the three séries checked against Lei 14.945/2024.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  checkCargaHoraria,
  serieHoursFromMinutes,
  serieHoursOf,
  ENSINO_MEDIO,
  SEMANAS_LETIVAS,
  serieNumber,
  type SerieHours,
} from '../../../shared/ensino-medio.js';
import type { Curriculum } from '../../../shared/curriculum.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { classes, type ClassRow } from '../../db/schema/classes.js';
import { classItinerarios, classSubjects } from '../../db/schema/curriculum.js';
import { groupBy } from '../../../shared/group-by.js';

/**
 * The three séries for the check: this class for its série; for the others, the school's Médio classes of
 * that série in the same school year (the lowest, when there are several: every path must reach the
 * minimum); with none, this class's figures projected.
 */
export async function cargaHorariaOf(
  db: DbOrTx,
  turma: ClassRow,
  own: SerieHours,
  itinerarios: readonly { nome: string; tecnico: boolean }[],
): Promise<NonNullable<Curriculum['carga_horaria']>> {
  const others = await db
    .select()
    .from(classes)
    .where(
      and(
        eq(classes.nivel, ENSINO_MEDIO),
        eq(classes.anoLetivo, turma.anoLetivo),
        inArray(classes.status, ['ativo', 'concluido']),
      ),
    );
  const candidates = others.filter((row) => row.id !== turma.id && serieNumber(row.serie) !== own.serie);
  const lines =
    candidates.length === 0
      ? []
      : await db
          .select({
            turmaId: classSubjects.turmaId,
            aulasSemanais: classSubjects.aulasSemanais,
            itinerario: classItinerarios.nome,
          })
          .from(classSubjects)
          .leftJoin(classItinerarios, eq(classItinerarios.id, classSubjects.itinerarioId))
          .where(
            inArray(
              classSubjects.turmaId,
              candidates.map((row) => row.id),
            ),
          );
  const linesOf = groupBy(lines, (line) => line.turmaId);
  const series: SerieHours[] = [1, 2, 3].map((numero) => {
    if (numero === own.serie) return own;
    const figures = candidates
      .filter((row) => serieNumber(row.serie) === numero && (linesOf.get(row.id)?.length ?? 0) > 0)
      .map((row) => serieHoursOf(numero, row.aulaMinutos, linesOf.get(row.id) ?? []));
    if (figures.length === 0) return { ...own, serie: numero, projetada: true };
    // The lowest formação geral básica; an itinerário of the same name counts with its lowest hours.
    const lowest = figures.reduce((min, item) =>
      item.minutos.formacao_geral_basica < min.minutos.formacao_geral_basica ? item : min,
    );
    const names = new Set(itinerarios.map((item) => item.nome));
    const byName: Record<string, number> = {};
    for (const nome of names) {
      const minutes = figures
        .map((item) => item.minutos.itinerarios[nome])
        .filter((value) => value !== undefined);
      byName[nome] = minutes.length === 0 ? 0 : Math.min(...minutes);
    }
    return serieHoursFromMinutes(numero, {
      formacao_geral_basica: lowest.minutos.formacao_geral_basica,
      itinerarios: byName,
    });
  });
  const check = checkCargaHoraria(series, itinerarios);
  return { serie: own.serie, semanas: SEMANAS_LETIVAS, series, ...check };
}
