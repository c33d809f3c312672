import toast from 'react-hot-toast';
import {
  contratosConfiguracaoInputSchema,
  type ContratosConfiguracao,
} from '../../../shared/contratos.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormCheckbox, FormInput, FormMasked } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useConfiguracaoContratos, useSalvarConfiguracaoContratos } from './contrato-matricula.api';

/** Who signs the contract besides the financial guardian (issue 34): the second guardian and the school. */
export function ContratoSignatariosSection() {
  const query = useConfiguracaoContratos();
  if (query.isLoading) return <Spinner />;
  if (query.isError || !query.data) return <ErrorBanner>Erro ao carregar os signatários.</ErrorBanner>;
  return <SignatariosForm key={query.data.version} config={query.data} />;
}

function SignatariosForm({ config }: { config: ContratosConfiguracao }) {
  const save = useSalvarConfiguracaoContratos();
  const form = useSchemaForm(contratosConfiguracaoInputSchema, {
    exigir_segundo_responsavel: config.exigir_segundo_responsavel,
    representante_nome: config.representante_nome ?? '',
    representante_cpf: config.representante_cpf ?? '',
    representante_email: config.representante_email ?? '',
  });
  return (
    <section aria-labelledby="signatarios-titulo" className="space-y-4">
      <div>
        <h3 id="signatarios-titulo" className="text-base font-semibold text-gray-900">
          Quem assina o contrato
        </h3>
        <p className="text-sm text-gray-600">
          O responsável financeiro sempre assina. Cada signatário recebe o próprio link por e-mail e confirma
          a identidade com um código de 6 números.
        </p>
      </div>
      <Form
        form={form}
        label="Signatários do contrato"
        className="space-y-4"
        onSubmit={form.submit(
          async (values) => {
            const result = await save.mutateAsync({ ...values, version: config.version });
            toast.success(result.message ?? 'Signatários salvos');
          },
          (message) => toast.error(message),
        )}
      >
        <FormCheckbox
          name="exigir_segundo_responsavel"
          label="Exigir também a assinatura do segundo responsável"
        />
        <div className="grid gap-4 md:grid-cols-3">
          <FormInput name="representante_nome" label="Representante da escola" required autoComplete="off" />
          <FormMasked name="representante_cpf" label="CPF do representante" mask="cpf" required />
          <FormInput
            name="representante_email"
            label="E-mail do representante"
            type="email"
            required
            autoComplete="off"
            hint="Recebe o link para assinar pela escola."
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar signatários
          </Button>
        </div>
      </Form>
    </section>
  );
}
