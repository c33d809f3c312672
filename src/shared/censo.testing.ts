/**
 * Census data the server's and the client's tests share (a `.testing` module: tests import it, the app
 * never does).
 */
import type { CensoTurmaDados } from './censo.schemas.js';

/**
 * A morning class's record 20 without its INEP code: presencial, escolarização, Monday to Friday from
 * 07:00 to 11:30, the série's etapa, no special location.
 */
export const CENSO_TURMA_MANHA = {
  tipo_mediacao: '1',
  hora_inicio: '07:00',
  hora_fim: '11:30',
  dias: ['seg', 'ter', 'qua', 'qui', 'sex'],
  tipo_atendimento: 'escolarizacao',
  etapa: null,
  local_diferenciado: '0',
} satisfies Omit<CensoTurmaDados, 'inep_id'>;
