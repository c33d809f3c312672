import { Trash2 } from 'lucide-react';
import {
  descricaoParcelas,
  MAX_PARCELAS,
  parcelaPadrao,
  parcelasDoPlano,
  totalDoPlano,
} from '../../../shared/anuidades.schemas';
import { formatCentavos } from '../../../shared/format';
import { centavosToDecimal, parseReais } from '../../../shared/money';
import { IconButton } from '../../components/button';
import { InputField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { applyMask } from '../../lib/masks';

export const toText = (centavos: number) => applyMask('money', centavosToDecimal(centavos).replace('.', ','));
export const toCentavos = (text: string) => parseReais(text) ?? 0;

export interface PlanoDraft {
  id?: string | undefined;
  nome: string;
  parcelas: string;
  valor: string;
  taxa: string;
  padrao: boolean;
}

export const planoNumbers = (plano: PlanoDraft, valorAnual: number) => {
  const parcelas = Number(plano.parcelas);
  const taxa = toCentavos(plano.taxa);
  const valor =
    plano.padrao && Number.isInteger(parcelas) && parcelas >= 1
      ? parcelaPadrao(valorAnual, taxa, parcelas)
      : toCentavos(plano.valor);
  return {
    nome: plano.nome,
    parcelas,
    valor_parcela_centavos: valor,
    taxa_matricula_centavos: taxa,
    padrao: plano.padrao,
  };
};

/** One payment plan of the editor: its fields and its live total against the anuidade. */
export function PlanoRow({
  plano,
  index,
  numbers,
  valorAnual,
  single,
  errorAt,
  onChange,
  onRemove,
}: {
  plano: PlanoDraft;
  index: number;
  numbers: ReturnType<typeof planoNumbers>;
  valorAnual: number;
  single: boolean;
  errorAt: (path: string) => string | undefined;
  onChange: (patch: Partial<PlanoDraft>) => void;
  onRemove: () => void;
}) {
  const total = Number.isInteger(numbers.parcelas) ? totalDoPlano(numbers, valorAnual) : 0;
  const parcelamento = parcelasDoPlano(numbers, valorAnual);
  const acima = valorAnual > 0 && total > valorAnual;
  const at = (field: string) => errorAt(`planos.${String(index)}.${field}`);
  return (
    <div key={plano.id ?? `novo-${String(index)}`} className="rounded-lg border border-gray-200 p-3">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1.4fr_1.4fr_auto] sm:items-start">
        <InputField
          label="Nome do plano"
          value={plano.nome}
          error={at('nome')}
          onChange={(event) => onChange({ nome: event.target.value })}
        />
        <InputField
          label="Parcelas"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PARCELAS}
          value={plano.parcelas}
          error={at('parcelas')}
          onChange={(event) => onChange({ parcelas: event.target.value })}
        />
        {plano.padrao ? (
          <InputField
            label="Valor da parcela (R$)"
            value={valorAnual > 0 ? toText(numbers.valor_parcela_centavos) : ''}
            readOnly
            hint="Calculado: parcelas iguais."
          />
        ) : (
          <MaskedInput
            mask="money"
            label="Valor da parcela (R$)"
            value={plano.valor}
            aria-invalid={at('valor_parcela_centavos') ? true : undefined}
            onValueChange={(value) => onChange({ valor: value })}
          />
        )}
        <MaskedInput
          mask="money"
          label="Taxa de matrícula (R$)"
          value={plano.taxa}
          aria-invalid={at('taxa_matricula_centavos') ? true : undefined}
          hint="Conta no valor anual."
          onValueChange={(value) => onChange({ taxa: value })}
        />
        <div className="flex items-end gap-1 sm:pt-6">
          <IconButton
            label={`Remover o plano ${plano.nome || String(index + 1)}`}
            disabled={single}
            onClick={onRemove}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </IconButton>
        </div>
      </div>
      {/* The money rules' messages are long (they cite the law): the row's full width, not a column's. */}
      {[at('valor_parcela_centavos'), at('taxa_matricula_centavos')].map(
        (message) =>
          message && (
            <p key={message} role="alert" className="mt-2 text-sm text-red-600">
              {message}
            </p>
          ),
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2">
          <input
            type="radio"
            name="plano-padrao"
            checked={plano.padrao}
            onChange={() => onChange({ padrao: true })}
          />
          Plano padrão (parcelas iguais; o arredondamento vai na 1ª)
        </label>
        <p aria-live="polite" className={acima ? 'font-semibold text-red-700' : 'text-gray-700'}>
          {Number.isInteger(numbers.parcelas) && numbers.parcelas >= 1 && (
            <>{descricaoParcelas(parcelamento, formatCentavos)} · </>
          )}
          Total {formatCentavos(total)}
          {valorAnual > 0 && <> de {formatCentavos(valorAnual)} da anuidade</>}
          {acima && ' — acima do valor anual'}
        </p>
      </div>
    </div>
  );
}
