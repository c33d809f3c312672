/**
 * The demo's anuidades (issue 34): next year's values for every série the school will have, with the
 * standard plan (the fee inside the anuidade, 12 equal instalments) and two alternatives, the deadline
 * three months ahead, published today with the contract in force — so /matriculas, the settings card and the plan a family
 * chooses in the pré-matrícula have something real to show.
 */
import { addDays } from '../../../shared/calendar.js';
import { parcelaPadrao } from '../../../shared/anuidades.schemas.js';
import type { DbOrTx } from '../../db/client.js';
import { systemActor } from '../audit/index.js';
import { getAnuidadesAno, salvarAnuidade } from './anuidades.service.js';
import { publicarAnuidades } from './anuidades.publicacao.js';
import { lerModeloVigente } from './modelos-contrato.service.js';

/** The annual value by stage, in centavos: what a mid-priced private school of a capital charges. */
function anuidadeDe(serie: string): number {
  if (/série/i.test(serie)) return 2_160_000;
  const ano = /^(\d+)º ano/i.exec(serie);
  if (ano) return Number(ano[1]) >= 6 ? 1_872_000 : 1_584_000;
  return 1_296_000;
}

const TAXA = 80_000;

export async function seedAnuidadesDemo(db: DbOrTx, today: string): Promise<void> {
  const ano = Number(today.slice(0, 4)) + 1;
  const prazo = addDays(today, 90);
  const { series_sugeridas: series } = await getAnuidadesAno(db, ano);
  for (const serie of series) {
    const anual = anuidadeDe(serie);
    await salvarAnuidade(
      db,
      {
        ano_letivo: ano,
        serie,
        valor_anual_centavos: anual,
        prazo_matricula: prazo,
        planos: [
          {
            nome: 'Padrão: matrícula + 12 parcelas',
            parcelas: 12,
            valor_parcela_centavos: parcelaPadrao(anual, TAXA, 12),
            taxa_matricula_centavos: TAXA,
            padrao: true,
          },
          {
            nome: 'Semestral: matrícula + 2 parcelas (3 % de desconto)',
            parcelas: 2,
            valor_parcela_centavos: Math.floor(((anual - TAXA) * 0.97) / 2),
            taxa_matricula_centavos: TAXA,
            padrao: false,
          },
          {
            nome: 'À vista (5 % de desconto)',
            parcelas: 1,
            valor_parcela_centavos: Math.floor(anual * 0.95),
            taxa_matricula_centavos: 0,
            padrao: false,
          },
        ],
      },
      undefined,
      systemActor,
    );
  }
  if (series.length === 0) return;
  // Published with the contract in force (the default template), as 'Publicar' on the settings card does.
  const modelo = await lerModeloVigente(db);
  await publicarAnuidades(
    db,
    ano,
    { ...modelo, atualizado_em: modelo.atualizado_em ?? new Date(`${today}T12:00:00Z`).toISOString() },
    systemActor,
  );
}
