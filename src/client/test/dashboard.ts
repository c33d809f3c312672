/** What the home's tests share: the figures the dashboard's stats answer carries. */
import type { TuitionSummary } from '../../shared/dashboard.schemas';

/** A child's (or a family's) tuition with nothing owed. */
export const noTuition: TuitionSummary = {
  mensalidades_em_aberto: 0,
  mensalidades_vencidas: 0,
  taxas_matricula_em_aberto: 0,
  taxas_matricula_vencidas: 0,
  valor_vencido: 0,
  proxima_mensalidade: null,
};
