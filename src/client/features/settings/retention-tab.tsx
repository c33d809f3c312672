import toast from 'react-hot-toast';
import { formatDateTime } from '../../../shared/format';
import {
  retentionRunLabels,
  retentionValuesSchema,
  type RetentionRun,
  type RetentionSettings,
} from '../../../shared/retention.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormInput } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useRetentionSettings, useSaveRetention } from './retention.api';

const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));

function RetentionForm({ settings }: { settings: RetentionSettings }) {
  const save = useSaveRetention();
  const form = useSchemaForm(retentionValuesSchema, {
    registros_tecnicos_dias: settings.registros_tecnicos_dias,
    auditoria_dias: settings.auditoria_dias,
    responsaveis_anos: settings.responsaveis_anos,
    interessados_meses: settings.interessados_meses,
  });
  const run = settings.ultima_execucao;
  return (
    <div className="space-y-6">
      <Form
        form={form}
        label="Prazos de retenção"
        className="space-y-4"
        onSubmit={form.submit(
          async (values) => {
            const result = await save.mutateAsync({ ...values, version: settings.version });
            toast.success(result.message ?? 'Prazos de retenção salvos.');
          },
          (message) => toast.error(message),
        )}
      >
        <p className="text-sm text-gray-600">
          Uma vez por dia o sistema apaga o que passou do prazo e anonimiza responsáveis sem filho na escola.
          Estes prazos aparecem no registro das operações de tratamento (LGPD → Registro das operações).
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <FormInput
            name="registros_tecnicos_dias"
            label="Registros técnicos (dias)"
            type="number"
            inputMode="numeric"
            min={1}
            max={365}
            required
            setValueAs={asNumber}
            hint="Sessões expiradas, links de senha, contadores de login e e-mails/SMS enviados."
          />
          <FormInput
            name="auditoria_dias"
            label="Detalhes da auditoria (dias)"
            type="number"
            inputMode="numeric"
            min={180}
            max={3650}
            required
            setValueAs={asNumber}
            hint="Depois disso ficam só quem, o quê e quando; detalhes e IP são apagados. Mínimo 180 (Marco Civil)."
          />
          <FormInput
            name="responsaveis_anos"
            label="Responsáveis sem filho na escola (anos)"
            type="number"
            inputMode="numeric"
            min={5}
            max={30}
            required
            setValueAs={asNumber}
            hint="Anonimizados depois deste prazo da saída do último filho. Mínimo 5 (cobrança das mensalidades)."
          />
          <FormInput
            name="interessados_meses"
            label="Famílias interessadas que não se matricularam (meses)"
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            required
            setValueAs={asNumber}
            hint="Quem pediu visita ou matrícula pelo site e não matriculou a criança é apagado este tempo depois da última movimentação."
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar prazos
          </Button>
        </div>
      </Form>
      <section aria-labelledby="ultima-retencao" className="rounded-lg border border-gray-200 p-4">
        <h3 id="ultima-retencao" className="font-semibold text-gray-900">
          Última execução
        </h3>
        {run ? (
          <>
            <p className="mt-1 text-sm text-gray-600">{formatDateTime(run.em)}</p>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              {(Object.keys(retentionRunLabels) as (keyof RetentionRun)[]).map((key) => (
                <div key={key} className="flex justify-between gap-3 border-b border-gray-100 py-1">
                  <dt className="text-gray-600">{retentionRunLabels[key]}</dt>
                  <dd className="font-medium text-gray-900 tabular-nums">{run.resultado[key]}</dd>
                </div>
              ))}
            </dl>
          </>
        ) : (
          <p className="mt-1 text-sm text-gray-600">Ainda não executada (roda uma vez por dia).</p>
        )}
      </section>
    </div>
  );
}

/** Configurações → Privacidade: the retention periods the daily job applies (LGPD art. 15 and 16). */
export function RetentionTab() {
  const settings = useRetentionSettings();
  if (settings.isPending) return <Spinner label="Carregando prazos..." />;
  if (settings.isError) return <ErrorBanner>Erro ao carregar os prazos de retenção.</ErrorBanner>;
  return <RetentionForm key={settings.data.version} settings={settings.data} />;
}
