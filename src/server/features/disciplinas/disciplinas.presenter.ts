import type { Disciplina } from '../../../shared/disciplinas.schemas.js';
import type { DisciplinaRow } from '../../db/schema/disciplinas.js';

export function toDisciplina(row: DisciplinaRow): Disciplina {
  return {
    id: row.id,
    nome: row.nome,
    area: row.area,
    componente_bncc: row.componenteBncc,
    etapas: row.etapas,
    ativo: row.ativo,
    ordem: row.ordem,
    version: row.version,
  };
}
