/**
 * Record 30's deficiência fields, for a student and a professional alike (issue 37): the 0/1 per
 * deficiência (or empty when the person has none), 'deficiência' itself and 'deficiência múltipla' —
 * more than one of the physical or sensory ones (TEA and altas habilidades do not count).
 */
import type { Valor } from './layout.js';

const CHAVE_DEFICIENCIA: Readonly<Record<string, string>> = {
  cegueira: 'deficienciaCegueira',
  baixa_visao: 'deficienciaBaixaVisao',
  visao_monocular: 'deficienciaVisaoMonocular',
  surdez: 'deficienciaSurdez',
  deficiencia_auditiva: 'deficienciaAuditiva',
  surdocegueira: 'deficienciaSurdoCegueira',
  deficiencia_fisica: 'deficienciaFisica',
  deficiencia_intelectual: 'deficienciaIntelectual',
  tea: 'deficienciaAutismo',
  altas_habilidades: 'deficienciaAltasHabilidades',
};
const FISICAS_SENSORIAIS: ReadonlySet<string> = new Set([
  'cegueira',
  'baixa_visao',
  'visao_monocular',
  'surdez',
  'deficiencia_auditiva',
  'surdocegueira',
  'deficiencia_fisica',
  'deficiencia_intelectual',
]);

export function valoresDeficiencia(lista: readonly string[]): Record<string, Valor> {
  const tem = lista.length > 0;
  const valores: Record<string, Valor> = {
    deficiencia: tem,
    deficienciaMultipla: tem ? lista.filter((chave) => FISICAS_SENSORIAIS.has(chave)).length > 1 : null,
  };
  for (const [chave, campo] of Object.entries(CHAVE_DEFICIENCIA))
    valores[campo] = tem ? lista.includes(chave) : null;
  return valores;
}
