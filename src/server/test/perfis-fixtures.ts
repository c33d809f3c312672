/**
 * The built-in access profiles by name, in the order the product lists them (ADR 0025): the staff's
 * and the families'. The students' own accounts (Aluno, issue 31 §4, ADR 0029) come after them where a
 * list has them. Written out here, not read from the product, so a test of the list still checks it.
 */
export const STAFF_AND_FAMILY_PROFILES = [
  'Direção',
  'Secretaria',
  'Coordenação pedagógica',
  'Financeiro',
  'Professor',
  'Responsável',
] as const;
