import toast from 'react-hot-toast';
import { z } from 'zod';
import { updateFinanceSettingsInputSchema, type FinanceSettings } from '../../../shared/finance.schemas';
import { formatCount } from '../../../shared/format';
import { decimalText, optionalMoneyText } from '../../../shared/validators';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormInput, FormMasked } from '../../components/form-fields';
import { FormActions } from '../../components/form-actions';
import { Modal } from '../../components/modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useFinanceSettings, useSaveFinanceSettings } from './finance.api';
import { BolsasSection } from './bolsas-section';
import { centavosToInput } from './finance-ui';
import { LembretesSection } from './lembretes-section';
import { PixFieldset } from './pix-fieldset';
import { descontoFormSchema, descontoFormValues, PontualidadeFieldset } from './pontualidade-fieldset';

const { shape } = updateFinanceSettingsInputSchema;
const dayText = z
  .string()
  .transform((text) => (text.trim() === '' ? null : Number(text)))
  .pipe(z.number().int().min(1, 'Dia entre 1 e 28').max(28, 'Dia entre 1 e 28').nullable());

const settingsSchema = z.object({
  pix_chave: shape.pix_chave,
  pix_beneficiario: shape.pix_beneficiario,
  pix_cidade: shape.pix_cidade,
  multa_percentual: decimalText('Informe um percentual').pipe(shape.multa_percentual),
  juros_mensal_percentual: decimalText('Informe um percentual').pipe(shape.juros_mensal_percentual),
  dia_vencimento_padrao: z.coerce.number().pipe(shape.dia_vencimento_padrao),
  desconto: descontoFormSchema,
  turmas: z.array(
    z
      .object({ turma_id: z.uuid(), valor: optionalMoneyText, dia: dayText })
      .transform(({ turma_id, valor, dia }) => ({ turma_id, valor_mensalidade: valor, dia_vencimento: dia })),
  ),
});

const decimal = (value: number) => String(value).replace('.', ',');

function SettingsForm({ settings, onClose }: { settings: FinanceSettings; onClose: () => void }) {
  const save = useSaveFinanceSettings();
  const form = useSchemaForm(settingsSchema, {
    pix_chave: settings.pix_chave ?? '',
    pix_beneficiario: settings.pix_beneficiario ?? '',
    pix_cidade: settings.pix_cidade ?? '',
    multa_percentual: decimal(settings.multa_percentual),
    juros_mensal_percentual: decimal(settings.juros_mensal_percentual),
    dia_vencimento_padrao: String(settings.dia_vencimento_padrao),
    desconto: descontoFormValues(settings.desconto_pontualidade),
    turmas: settings.turmas.map((turma) => ({
      turma_id: turma.turma_id,
      valor: turma.valor_mensalidade === null ? '' : centavosToInput(turma.valor_mensalidade),
      dia: turma.dia_vencimento === null ? '' : String(turma.dia_vencimento),
    })),
  });

  return (
    <Form
      form={form}
      id="finance-settings-form"
      className="space-y-5"
      onSubmit={form.submit(async ({ desconto, ...values }) => {
        const result = await save.mutateAsync({
          ...values,
          desconto_pontualidade: desconto,
          version: settings.version > 0 ? settings.version : undefined,
        });
        toast.success(result.message ?? 'Configurações salvas');
        onClose();
      })}
    >
      <PixFieldset automaticoChave={settings.pix_automatico_chave} />
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Atraso e vencimento</legend>
        <FormInput
          name="multa_percentual"
          label="Multa (%)"
          hint="No máximo 2% (CDC, art. 52, § 1º)"
          inputMode="decimal"
        />
        <FormInput
          name="juros_mensal_percentual"
          label="Juros ao mês (%)"
          hint="No máximo 1% ao mês, cobrados por dia de atraso (1/30 por dia)"
          inputMode="decimal"
        />
        <FormInput
          name="dia_vencimento_padrao"
          label="Dia de vencimento padrão"
          type="number"
          min={1}
          max={28}
        />
      </fieldset>
      <PontualidadeFieldset />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-gray-900">Mensalidade por turma</legend>
        {settings.turmas.length === 0 ? (
          <p className="text-sm text-gray-500">Nenhuma turma cadastrada ainda.</p>
        ) : (
          <div className="space-y-2">
            {settings.turmas.map((turma, index) => {
              // With the ano letivo: in December this year's '5º Ano A' and next year's get their own prices.
              const nome = `${turma.turma_nome} de ${turma.ano_letivo}`;
              return (
                <div key={turma.turma_id} className="grid grid-cols-[1fr_8rem_6rem] items-end gap-2">
                  <p className="pb-2 text-sm text-gray-800">
                    {nome}{' '}
                    <span className="text-gray-500">
                      ({formatCount(turma.alunos_count, 'aluno', 'alunos')})
                    </span>
                  </p>
                  <FormMasked
                    name={`turmas.${index}.valor`}
                    mask="money"
                    label={`Valor ${nome}`}
                    placeholder="850,00"
                  />
                  <FormInput
                    name={`turmas.${index}.dia`}
                    label={`Dia ${nome}`}
                    type="number"
                    min={1}
                    max={28}
                    placeholder={String(settings.dia_vencimento_padrao)}
                  />
                </div>
              );
            })}
          </div>
        )}
      </fieldset>
      <FormActions submitLabel="Salvar configurações" onCancel={onClose} />
    </Form>
  );
}

export function FinanceSettingsModal({ onClose }: { onClose: () => void }) {
  const settings = useFinanceSettings();
  return (
    <Modal open onClose={onClose} size="xl" title="Configurações financeiras">
      {settings.isLoading ? (
        <Spinner />
      ) : settings.data ? (
        <>
          <SettingsForm settings={settings.data} onClose={onClose} />
          <BolsasSection />
          <LembretesSection />
        </>
      ) : (
        <ErrorBanner>Erro ao carregar configurações</ErrorBanner>
      )}
    </Modal>
  );
}
