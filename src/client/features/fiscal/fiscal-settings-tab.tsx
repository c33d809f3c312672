import toast from 'react-hot-toast';
import { fiscalConfiguracaoInputSchema, type FiscalConfiguracao } from '../../../shared/fiscal.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import {
  Form,
  FormCheckbox,
  FormInput,
  FormMasked,
  FormPassword,
  FormSelect,
} from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useFiscalConfig, useSaveFiscalConfig } from './fiscal.api';
import { CertificateFile, CertificateStatus } from './fiscal-certificado';

const regimeLabels = { simples_nacional: 'Simples Nacional', normal: 'Regime normal (não optante)' };
const ambienteLabels = {
  producao_restrita: 'Produção restrita (testes)',
  producao: 'Produção (com valor fiscal)',
};
/** The IBS/CBS codes are absent (null) outside the regime normal, never ''. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);
const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));
/** '2,5' or '2.5' → 2.5 (the ISS rate is typed the Brazilian way). */
const asDecimal = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : asNumber(value);
function FiscalForm({ config }: { config: FiscalConfiguracao }) {
  const save = useSaveFiscalConfig();
  const form = useSchemaForm(fiscalConfiguracaoInputSchema, {
    cnpj: config.cnpj ?? '',
    inscricao_municipal: config.inscricao_municipal ?? '',
    municipio_ibge: config.municipio_ibge ?? '',
    regime: config.regime,
    codigo_tributacao_nacional: config.codigo_tributacao_nacional,
    codigo_nbs: config.codigo_nbs ?? '',
    ibscbs_ind_op: config.ibscbs_ind_op ?? null,
    ibscbs_cst: config.ibscbs_cst ?? null,
    ibscbs_class_trib: config.ibscbs_class_trib ?? null,
    aliquota_iss_percentual: config.aliquota_iss_percentual,
    ambiente: config.ambiente,
    serie: config.serie,
    proximo_numero_dps: config.proximo_numero_dps,
    somente_pagas: config.somente_pagas,
    url_producao_restrita: config.url_producao_restrita ?? '',
    url_producao: config.url_producao ?? '',
    certificado_pfx: '',
    senha_certificado: '',
  });
  const pfx = form.watch('certificado_pfx');
  const regimeNormal = form.watch('regime') === 'normal';
  return (
    <Form
      form={form}
      label="Configurações fiscais"
      className="space-y-6"
      onSubmit={form.submit(
        async (values) => {
          const result = await save.mutateAsync({
            ...values,
            // An empty password with no new file keeps the stored one.
            senha_certificado: values.senha_certificado || undefined,
            version: config.version,
          });
          toast.success(result.message ?? 'Configurações fiscais salvas.');
        },
        (message) => toast.error(message),
      )}
    >
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Prestador (a escola)</legend>
        <FormMasked name="cnpj" mask="cnpj" label="CNPJ" required />
        <FormInput name="inscricao_municipal" label="Inscrição municipal" required autoComplete="off" />
        <FormInput
          name="municipio_ibge"
          label="Município (código IBGE)"
          inputMode="numeric"
          maxLength={7}
          required
          hint="7 dígitos, ex.: 3550308 para São Paulo."
        />
        <FormSelect name="regime" label="Regime tributário" options={regimeLabels} />
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Serviço e imposto</legend>
        <FormInput
          name="codigo_tributacao_nacional"
          label="Código de tributação nacional"
          inputMode="numeric"
          maxLength={6}
          required
          hint="Ensino regular (pré-escola, fundamental, médio): 080101."
        />
        <FormInput
          name="codigo_nbs"
          label="Código NBS do serviço"
          inputMode="numeric"
          maxLength={9}
          required
          hint="9 dígitos da Nomenclatura Brasileira de Serviços (peça ao contador)."
        />
        <FormInput
          name="aliquota_iss_percentual"
          label="Alíquota do ISS (%)"
          inputMode="decimal"
          setValueAs={asDecimal}
          required
          hint="A do seu município para ensino, de 2% a 5%."
        />
        {regimeNormal && (
          <div className="grid gap-4 md:col-span-2 md:grid-cols-3">
            <p className="text-sm text-gray-700 md:col-span-3">
              IBS e CBS (reforma tributária): no regime normal a nota leva estes três códigos, que o contador
              informa.
            </p>
            <FormInput
              name="ibscbs_ind_op"
              setValueAs={emptyAsNull}
              label="Indicador da operação (cIndOp)"
              inputMode="numeric"
              maxLength={6}
            />
            <FormInput
              name="ibscbs_cst"
              setValueAs={emptyAsNull}
              label="CST do IBS/CBS"
              inputMode="numeric"
              maxLength={3}
            />
            <FormInput
              name="ibscbs_class_trib"
              setValueAs={emptyAsNull}
              label="Classificação tributária (cClassTrib)"
              inputMode="numeric"
              maxLength={6}
            />
          </div>
        )}
        <div className="md:col-span-2">
          <FormCheckbox
            name="somente_pagas"
            label="Emitir só para mensalidades pagas (apenas se o município permitir)"
          />
          <p className="mt-1 text-xs text-gray-600">
            Desligado (a regra geral): todas as mensalidades da competência recebem nota, pagas ou não.
          </p>
        </div>
      </fieldset>
      <fieldset className="grid gap-4 md:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Emissão</legend>
        <FormSelect name="ambiente" label="Ambiente" options={ambienteLabels} />
        <FormInput name="serie" label="Série da DPS" inputMode="numeric" maxLength={5} required />
        <FormInput
          name="proximo_numero_dps"
          label="Próximo número de DPS"
          type="number"
          inputMode="numeric"
          min={1}
          setValueAs={asNumber}
          required
          hint="Continue a numeração que a escola já usou."
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-gray-900">Certificado digital A1</legend>
        <CertificateStatus config={config} />
        <CertificateFile />
        {(pfx || config.tem_certificado) && (
          <FormPassword
            name="senha_certificado"
            label="Senha do certificado"
            autoComplete="new-password"
            hint={
              pfx
                ? 'A senha do arquivo escolhido. Fica guardada cifrada, como o certificado.'
                : 'Guardada com segurança. Preencha só ao trocar o certificado.'
            }
          />
        )}
      </fieldset>
      <details className="rounded-lg border border-gray-200 p-4">
        <summary className="cursor-pointer text-sm font-medium text-gray-800">
          Endereços da API nacional (avançado)
        </summary>
        <p className="mt-2 text-sm text-gray-600">
          Em branco, o sistema usa os endereços oficiais do ambiente escolhido. Agora as notas vão para:{' '}
          <code className="break-all">{config.url_efetiva}</code>
        </p>
        <div className="mt-3 grid gap-4 md:grid-cols-2">
          <FormInput name="url_producao_restrita" label="URL da produção restrita" placeholder="https://" />
          <FormInput name="url_producao" label="URL da produção" placeholder="https://" />
        </div>
      </details>
      <div className="flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar configurações fiscais
        </Button>
      </div>
    </Form>
  );
}

/**
 * Configurações → Fiscal (issue 36 §2): the school as the NFS-e's prestador, the service and its ISS,
 * the environment and numbering of the DPS, and the A1 certificate (sent once, never shown again).
 */
export function FiscalSettingsTab() {
  const config = useFiscalConfig();
  if (config.isPending) return <Spinner label="Carregando as configurações fiscais..." />;
  if (config.isError) return <ErrorBanner>Erro ao carregar as configurações fiscais.</ErrorBanner>;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Nota fiscal de serviço (NFS-e)</h2>
        <p className="mt-1 text-sm text-gray-600">
          A escola emite uma NFS-e do padrão nacional para cada mensalidade, em Financeiro → Notas fiscais.
          Peça à prefeitura a inscrição municipal e a alíquota do ISS, e ao contador o código de tributação; o
          certificado A1 (.pfx) da escola é o mesmo de outros serviços da Receita.
        </p>
        {!config.data.configurada && (
          <p className="mt-2 text-sm font-medium text-gray-800">
            Ainda não configurada: preencha os dados e salve.
          </p>
        )}
      </div>
      <FiscalForm key={config.data.version} config={config.data} />
    </div>
  );
}
