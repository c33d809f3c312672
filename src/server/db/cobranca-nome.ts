import { sql, type SQL } from 'drizzle-orm';
import { MONTH_NAMES } from '../../shared/mensalidades.schemas.js';

/**
 * `descricaoCobranca` (src/shared/mensalidades.schemas.ts, ADR 0094) as a SQL expression over a
 * `mensalidades` row aliased `alias`, for texts built in SQL (a whole school's notices in one insert):
 * 'Mensalidade de março de 2026' or 'Taxa de matrícula 2027'. The same rule — a fee is named by its
 * anuidade's year, else (an older row) the year after it was charged; cobranca-nome.test.ts holds the
 * two to the same answers.
 */
export function descricaoCobrancaSql(alias: string): SQL {
  const m = sql.raw(alias);
  const months = sql.raw(`array[${MONTH_NAMES.map((name) => `'${name}'`).join(', ')}]::text[]`);
  return sql`(case when ${m}.tipo = 'taxa_matricula'
    then 'Taxa de matrícula ' || coalesce(${m}.anuidade_ano, substr(${m}.mes_referencia, 1, 4)::int + 1)::text
    else 'Mensalidade de ' || coalesce((${months})[substr(${m}.mes_referencia, 6, 2)::int], ${m}.mes_referencia)
      || ' de ' || substr(${m}.mes_referencia, 1, 4) end)`;
}

/** The same name inside a sentence, after an article: 'mensalidade de março de 2026', 'taxa de matrícula 2027'. */
export function referenciaNaFraseSql(alias: string): SQL {
  const descricao = descricaoCobrancaSql(alias);
  return sql`(lower(left(${descricao}, 1)) || substr(${descricao}, 2))`;
}

/** What kind of charge, as a title's first word: 'Mensalidade' or 'Taxa de matrícula'. */
export function tipoCobrancaSql(alias: string): SQL {
  const m = sql.raw(alias);
  return sql`(case when ${m}.tipo = 'taxa_matricula' then 'Taxa de matrícula' else 'Mensalidade' end)`;
}
