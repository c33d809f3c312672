import { and, eq, sql } from 'drizzle-orm';
import {
  etapaFunilLabels,
  etapasFunil,
  origensInteressado,
  type EtapaFunil,
} from '../../../shared/matriculas.schemas.js';
import { type Indicadores } from '../../../shared/funil.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { classes } from '../../db/schema/classes.js';
import { interessadoEventos, interessados } from '../../db/schema/matriculas.js';
import { students } from '../../db/schema/students.js';
import { compareSeries } from '../../../shared/classes.schemas.js';

/** The stages a family moves through, in order (`perdido` leaves from any of them). */
const caminho = etapasFunil.filter((etapa): etapa is Exclude<EtapaFunil, 'perdido'> => etapa !== 'perdido');
const ordem = (etapa: string) => caminho.indexOf(etapa as (typeof caminho)[number]);
/** Reserved places: the contract is signed (or the student enrolled) but not yet in the class. */
const RESERVA: readonly EtapaFunil[] = ['contrato_assinado', 'matriculado'];
const normal = (serie: string) => serie.trim().toLocaleLowerCase('pt-BR');

/**
 * The stage a lost family had reached: the last stage it was moved to before `perdido`, read from the
 * audit-mirrored timeline ('Etapa: A → B.'), else `interessado`.
 */
async function etapasAntesDaPerda(db: DbOrTx, ano: number): Promise<Map<string, EtapaFunil>> {
  const rows = rowsOf<{ id: string; texto: string }>(
    await db.execute(sql`
      select distinct on (e.interessado_id) e.interessado_id as id, e.texto
      from ${interessadoEventos} e join ${interessados} i on i.id = e.interessado_id
      where i.ano_letivo = ${ano} and i.etapa = 'perdido' and e.tipo = 'etapa' and e.texto like 'Etapa: %→ Perdido%'
      order by e.interessado_id, e.criado_em desc`),
  );
  const byLabel = new Map<string, EtapaFunil>(
    caminho.map((etapa) => [etapaFunilLabels[etapa], etapa] as [string, EtapaFunil]),
  );
  const out = new Map<string, EtapaFunil>();
  for (const row of rows) {
    const from = /^Etapa: (.+?) → /.exec(row.texto)?.[1];
    out.set(row.id, (from && byLabel.get(from)) || 'interessado');
  }
  return out;
}

/** `GET /api/matriculas/interessados/indicadores?ano_letivo=`: the director's figures for a year. */
export async function getIndicadores(db: DbOrTx, ano: number): Promise<Indicadores> {
  const familias = await db
    .select({
      id: interessados.id,
      serie: interessados.serie,
      etapa: interessados.etapa,
      motivo: interessados.motivoPerda,
      origem: interessados.origem,
      turmaId: interessados.turmaId,
      alunoTurmaId: students.turmaId,
      mes: sql<string>`to_char(${interessados.createdAt} at time zone 'America/Sao_Paulo', 'YYYY-MM')`,
    })
    .from(interessados)
    .leftJoin(students, eq(students.id, interessados.alunoId))
    .where(eq(interessados.anoLetivo, ano));
  const antesDaPerda = await etapasAntesDaPerda(db, ano);
  const alcance = (familia: (typeof familias)[number]) =>
    ordem(familia.etapa === 'perdido' ? (antesDaPerda.get(familia.id) ?? 'interessado') : familia.etapa);

  const count = <K>(keys: K[]) => {
    const map = new Map<K, number>();
    for (const key of keys) map.set(key, (map.get(key) ?? 0) + 1);
    return map;
  };
  const total = familias.length;
  const porEtapa = count(familias.map((familia) => familia.etapa));
  const serieMes = count(familias.map((familia) => `${familia.serie}\u0000${familia.mes}`));
  const series = [...new Set(familias.map((familia) => familia.serie))].sort(compareSeries);
  const motivos = count(
    familias
      .filter((familia) => familia.etapa === 'perdido')
      .map((familia) => familia.motivo?.trim() || 'Sem motivo'),
  );
  const origens = count(
    familias.map((familia) =>
      (origensInteressado as readonly string[]).includes(familia.origem ?? '')
        ? (familia.origem as (typeof origensInteressado)[number])
        : null,
    ),
  );

  const turmas = await db
    .select({
      id: classes.id,
      nome: classes.nome,
      serie: classes.serie,
      capacidade: classes.capacidadeMaxima,
      // Qualified by hand: in a one-table select Drizzle writes `classes.id` as a bare "id".
      matriculados:
        sql<number>`(select count(*) from ${students} s where s.turma_id = "classes"."id" and s.status = 'ativo')`.mapWith(
          Number,
        ),
    })
    .from(classes)
    .where(and(eq(classes.anoLetivo, String(ano)), eq(classes.status, 'ativo')))
    .orderBy(classes.serie, classes.nome);
  const vagas = turmas.map((turma) => ({
    turma_id: turma.id,
    turma: turma.nome,
    serie: turma.serie,
    capacidade: turma.capacidade,
    matriculados: turma.matriculados,
    reservadas: 0,
    vagas: 0,
  }));
  // Families with a place promised and not yet in a class: in the class chosen, else the first class of
  // their série with room left (in the order shown), else the série's last class (over capacity shows).
  for (const familia of familias) {
    if (!RESERVA.includes(familia.etapa)) continue;
    if (familia.alunoTurmaId && vagas.some((vaga) => vaga.turma_id === familia.alunoTurmaId)) continue;
    const daSerie = vagas.filter((vaga) => normal(vaga.serie) === normal(familia.serie));
    const alvo =
      vagas.find((vaga) => vaga.turma_id === familia.turmaId) ??
      daSerie.find((vaga) => vaga.capacidade - vaga.matriculados - vaga.reservadas > 0) ??
      daSerie.at(-1);
    if (alvo) alvo.reservadas += 1;
  }
  for (const vaga of vagas) vaga.vagas = vaga.capacidade - vaga.matriculados - vaga.reservadas;

  return {
    ano_letivo: ano,
    total,
    por_etapa: etapasFunil.map((etapa) => ({ etapa, total: porEtapa.get(etapa) ?? 0 })),
    conversao: caminho.map((etapa, index) => {
      const alcancaram = familias.filter((familia) => alcance(familia) >= index).length;
      return {
        etapa,
        alcancaram,
        percentual: total === 0 ? 0 : Math.round((alcancaram / total) * 1000) / 10,
      };
    }),
    por_serie_mes: [...serieMes.entries()]
      .map(([key, n]) => {
        const [serie, mes] = key.split('\u0000') as [string, string];
        return { serie, mes, total: n };
      })
      .sort((a, b) => a.mes.localeCompare(b.mes) || a.serie.localeCompare(b.serie, 'pt-BR')),
    por_serie: series.map((serie) => {
      const daSerie = familias.filter((familia) => familia.serie === serie);
      return {
        serie,
        total: daSerie.length,
        matriculados: daSerie.filter((familia) => familia.etapa === 'matriculado').length,
        perdidos: daSerie.filter((familia) => familia.etapa === 'perdido').length,
      };
    }),
    motivos_perda: [...motivos.entries()]
      .map(([motivo, n]) => ({ motivo, total: n }))
      .sort((a, b) => b.total - a.total || a.motivo.localeCompare(b.motivo, 'pt-BR')),
    origens: [...origens.entries()]
      .map(([origem, n]) => ({ origem, total: n }))
      .sort((a, b) => b.total - a.total),
    vagas,
  };
}
