import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  lembreteMomentos,
  updateLembretesConfigInputSchema,
  type LembreteMomento,
  type LembretesConfig,
  type LembreteTexto,
} from '../../../shared/lembretes.schemas';
import { formatCount } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormCheckbox, FormInput } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useLembretesConfig, useSaveLembretesConfig } from './lembretes.api';

const diasText = z.string().trim().min(1, 'Informe o número de dias').transform(Number);
const regra = z.object({ ativo: z.boolean(), dias: diasText });
const formSchema = z
  .object({ ativo: z.boolean(), antes: regra, depois: regra, atraso: regra })
  .pipe(updateLembretesConfigInputSchema);

const rows: Record<LembreteMomento, { label: string; dias: string }> = {
  antes: { label: 'Antes do vencimento', dias: 'Dias antes' },
  depois: { label: 'Logo depois do vencimento', dias: 'Dias depois' },
  atraso: { label: 'Se continuar em aberto', dias: 'Dias depois (último)' },
};

/** When a moment goes out, in words: '3 dias antes do vencimento'. */
function quando(momento: LembreteMomento, dias: number): string {
  if (momento === 'antes') return `${formatCount(dias, 'dia', 'dias')} antes do vencimento`;
  if (dias === 1) return 'No dia seguinte ao vencimento';
  return `${formatCount(dias, 'dia', 'dias')} depois do vencimento`;
}

function LembretesForm({ config }: { config: LembretesConfig }) {
  const save = useSaveLembretesConfig();
  const form = useSchemaForm(formSchema, {
    ativo: config.ativo,
    antes: { ativo: config.antes.ativo, dias: String(config.antes.dias) },
    depois: { ativo: config.depois.ativo, dias: String(config.depois.dias) },
    atraso: { ativo: config.atraso.ativo, dias: String(config.atraso.dias) },
  });
  return (
    <Form
      form={form}
      label="Lembretes automáticos"
      className="space-y-3"
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({
          ...values,
          version: config.version > 0 ? config.version : undefined,
        });
        toast.success(result.message ?? 'Lembretes salvos.');
      })}
    >
      <FormCheckbox name="ativo" label="Enviar lembretes automáticos às famílias" />
      <div className="space-y-2">
        {lembreteMomentos.map((momento) => (
          <div key={momento} className="grid grid-cols-[1fr_9rem] items-end gap-3">
            <div className="pb-2">
              <FormCheckbox name={`${momento}.ativo`} label={rows[momento].label} />
            </div>
            <FormInput
              name={`${momento}.dias`}
              label={rows[momento].dias}
              type="number"
              inputMode="numeric"
              min={1}
            />
          </div>
        ))}
      </div>
      <p className="text-xs text-gray-600">
        Ligados, os lembretes substituem os avisos “Mensalidades a vencer e em atraso” de Configurações →
        Notificações, para a família não ser avisada duas vezes.
      </p>
      <Button type="submit" loading={form.formState.isSubmitting}>
        Salvar lembretes
      </Button>
    </Form>
  );
}

function Previa({ titulo, texto }: { titulo: string; texto: LembreteTexto }) {
  return (
    <article className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm" aria-label={titulo}>
      <h5 className="font-semibold text-gray-900">{titulo}</h5>
      <p className="mt-1 text-gray-700">
        <span className="font-medium">Assunto:</span> {texto.assunto}
      </p>
      <p className="mt-2 font-medium text-gray-700">E-mail:</p>
      <p className="mt-1 whitespace-pre-wrap break-words rounded border border-gray-200 bg-white p-2 text-gray-800">
        {texto.email}
      </p>
      <p className="mt-2 text-gray-700">
        <span className="font-medium">SMS:</span> {texto.sms}{' '}
        <span className="text-gray-500">(link do portal)</span>
      </p>
    </article>
  );
}

/**
 * Configurações financeiras → Lembretes automáticos (ADR 0043): when the family who pays is reminded, and
 * the three texts as they go out (CDC art. 42: the SMS and the subject say only the month).
 */
export function LembretesSection() {
  const config = useLembretesConfig();
  return (
    <section className="mt-6 border-t border-gray-200 pt-4" aria-labelledby="lembretes-automaticos">
      <h3 id="lembretes-automaticos" className="mb-1 text-sm font-semibold text-gray-900">
        Lembretes automáticos de mensalidade
      </h3>
      <p className="mb-3 text-sm text-gray-600">
        O responsável principal recebe no portal, por e-mail e por SMS (conforme Configurações → Notificações)
        o valor do dia e o código Pix. Nunca de mensalidade paga, em confirmação, cancelada ou em negociação,
        e no máximo um lembrete por mensalidade por dia.
      </p>
      {config.isLoading ? (
        <Spinner />
      ) : config.data ? (
        <>
          {!config.data.tem_contato && (
            <p className="mb-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Preencha o telefone ou o e-mail da escola em Configurações → Escola: os lembretes dizem à
              família como falar com a secretaria.
            </p>
          )}
          <LembretesForm key={config.data.version} config={config.data} />
          <h4 className="mt-5 mb-2 text-sm font-semibold text-gray-900">Prévia dos textos (exemplo)</h4>
          <div className="grid gap-3 lg:grid-cols-3">
            {lembreteMomentos.map((momento) => (
              <Previa
                key={momento}
                titulo={quando(momento, config.data[momento].dias)}
                texto={config.data.previa[momento]}
              />
            ))}
          </div>
        </>
      ) : (
        <ErrorBanner>Erro ao carregar os lembretes automáticos</ErrorBanner>
      )}
    </section>
  );
}
