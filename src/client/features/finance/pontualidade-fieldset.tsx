/**
 * 'Desconto de pontualidade' in Configurações financeiras (ADR 0046): none, a percentage or a fixed amount
 * in R$, until the due date or N days before it. The form keeps it as text; `descontoFormSchema` turns it
 * into the API's `desconto_pontualidade` with the server's own validation (its messages on these fields).
 */
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  descontoPontualidadeInputSchema,
  descontoPontualidadeTipos,
  type DescontoPontualidadeConfig,
} from '../../../shared/finance.schemas';
import { formatCentavos, formatCount } from '../../../shared/format';
import { parseReais } from '../../../shared/money';
import { FormInput, FormMasked, FormSelect } from '../../components/form-fields';
import { centavosToInput } from './finance-ui';

const numberOrNaN = (text: string) => (text.trim() === '' ? 0 : Number(text.trim().replace(',', '.')));

export const descontoFormSchema = z
  .object({
    tipo: z.enum(descontoPontualidadeTipos),
    percentual: z.string(),
    valor: z.string(),
    dias_antes: z.string(),
  })
  .transform(({ tipo, percentual, valor, dias_antes }, context) => {
    const parsed = descontoPontualidadeInputSchema.safeParse({
      tipo,
      percentual: tipo === 'percentual' ? numberOrNaN(percentual) : 0,
      valor: tipo === 'valor' ? (parseReais(valor) ?? Number.NaN) : 0,
      dias_antes: tipo === 'nenhum' ? 0 : numberOrNaN(dias_antes),
    });
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });

export function descontoFormValues(config: DescontoPontualidadeConfig) {
  return {
    tipo: config.tipo,
    percentual: config.tipo === 'percentual' ? String(config.percentual).replace('.', ',') : '',
    valor: config.tipo === 'valor' ? centavosToInput(config.valor) : '',
    dias_antes: String(config.dias_antes),
  };
}

/** 'Pago até o vencimento' or 'até 5 dias antes do vencimento'. */
function prazoText(dias: number) {
  return dias <= 0 ? 'até o vencimento' : `até ${formatCount(dias, 'dia', 'dias')} antes do vencimento`;
}

export function PontualidadeFieldset() {
  const [tipo, percentual, valor, dias] = useWatch({
    name: ['desconto.tipo', 'desconto.percentual', 'desconto.valor', 'desconto.dias_antes'],
  }) as [string, string, string, string];
  const diasNumber = Number(dias) || 0;
  const exemplo =
    tipo === 'percentual' && Number(percentual.replace(',', '.')) > 0
      ? formatCentavos(85_000 - Math.round(850 * Number(percentual.replace(',', '.'))))
      : tipo === 'valor' && (parseReais(valor) ?? 0) > 0
        ? formatCentavos(Math.max(1, 85_000 - (parseReais(valor) ?? 0)))
        : null;
  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold text-gray-900">Desconto de pontualidade</legend>
      <FormSelect name="desconto.tipo" label="Desconto">
        <option value="nenhum">Sem desconto</option>
        <option value="percentual">Percentual (%)</option>
        <option value="valor">Valor fixo (R$)</option>
      </FormSelect>
      {tipo === 'percentual' && (
        <FormInput name="desconto.percentual" label="Desconto (%)" hint="Até 50%" inputMode="decimal" />
      )}
      {tipo === 'valor' && (
        <FormMasked name="desconto.valor" mask="money" label="Desconto (R$)" placeholder="50,00" />
      )}
      {tipo !== 'nenhum' && (
        <FormInput
          name="desconto.dias_antes"
          label="Dias antes do vencimento"
          hint="0 = até o próprio vencimento"
          type="number"
          min={0}
          max={28}
        />
      )}
      <p className="text-xs text-gray-500 sm:col-span-3">
        {tipo === 'nenhum'
          ? 'Quem paga em dia paga o valor da mensalidade; depois do vencimento, multa e juros.'
          : `Vale para quem paga o valor inteiro ${prazoText(diasNumber)}, sobre o valor já com bolsa; nunca junto com multa e juros. Entra na cobrança Pix e no que a família vê.${exemplo ? ` Exemplo: ${formatCentavos(85_000)} → ${exemplo}.` : ''}`}
      </p>
    </fieldset>
  );
}
