/** A family in the enrolment funnel (`Interessado`), as the funnel's screens receive it, for their tests. */
import type { Interessado } from '../../shared/matriculas.schemas';

export const interessado = (n: number, fields: Partial<Interessado> = {}): Interessado => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  tipo: 'nova',
  responsavel_nome: `Responsável ${String(n)}`,
  email: `f${String(n)}@exemplo.test`,
  telefone: '(11) 91234-5678',
  aluno_nome: `Criança ${String(n)}`,
  aluno_nascimento: '2020-03-01',
  serie: '1º ano',
  ano_letivo: 2027,
  origem: null,
  mensagem: null,
  etapa: 'interessado',
  motivo_perda: null,
  visita_em: null,
  aluno_id: null,
  turma_id: null,
  etapa_em: '2026-12-01T12:00:00.000Z',
  created_at: '2026-12-01T12:00:00.000Z',
  version: 1,
  ...fields,
});
