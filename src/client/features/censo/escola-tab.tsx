import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { censoEscolaSchema, type CensoEscolaResponse } from '../../../shared/censo.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { censoEscolaQuery, useCensoEscola, useSaveCensoEscola } from './censo-escola.api';
import { EscolaIdentificacao } from './escola-identificacao';
import { EscolaInfra } from './escola-infra';

/** A stale save (someone saved first). */
const isStale = (error: unknown) => error instanceof ApiError && error.status === 412;

const vazioNulo = (value: unknown) => (value === '' ? null : value);
const { shape } = censoEscolaSchema;
/**
 * A digits field left blank on the screen is empty (null), not a malformed code; blank quantities stay
 * undefined and the server receives only the infrastructure items that were answered.
 */
const formSchema = censoEscolaSchema.extend({
  codigo_inep: z.preprocess(vazioNulo, shape.codigo_inep),
  cnpj_escola: z.preprocess(vazioNulo, shape.cnpj_escola),
  cnpj_mantenedora: z.preprocess(vazioNulo, shape.cnpj_mantenedora),
  escola_sede_inep: z.preprocess(vazioNulo, shape.escola_sede_inep),
  codigo_ies: z.preprocess(vazioNulo, shape.codigo_ies),
  municipio_ibge: z.preprocess(vazioNulo, shape.municipio_ibge),
  distrito: z.preprocess(vazioNulo, shape.distrito),
  cep: z.preprocess(vazioNulo, shape.cep),
  infraestrutura: z
    .record(z.string(), z.unknown())
    .transform((infra) =>
      Object.fromEntries(
        Object.entries(infra).filter(
          (entry): entry is [string, boolean | number | string] =>
            typeof entry[1] === 'boolean' ||
            (typeof entry[1] === 'number' && Number.isFinite(entry[1])) ||
            (typeof entry[1] === 'string' && entry[1] !== ''),
        ),
      ),
    ),
});

function EscolaForm({ dados }: { dados: CensoEscolaResponse }) {
  const save = useSaveCensoEscola();
  const queryClient = useQueryClient();
  const form = useSchemaForm(formSchema, dados.dados);
  const handleSubmit = form.submit(
    async (values) => {
      try {
        const result = await save.mutateAsync({ ...values, version: dados.version });
        toast.success(result.message ?? 'Dados do Censo salvos.');
      } catch (error) {
        if (!isStale(error)) throw error;
        // Someone saved first: load what they saved (the form starts again from it).
        toast.error(
          'Outra pessoa salvou estes dados antes. Recarregamos a versão atual: confira e salve de novo.',
        );
        await queryClient.invalidateQueries({ queryKey: censoEscolaQuery().queryKey });
      }
    },
    (message) => toast.error(message),
  );
  return (
    <Form form={form} label="Dados da escola para o Censo" className="space-y-8" onSubmit={handleSubmit}>
      <EscolaIdentificacao />
      <section aria-labelledby="censo-infra" className="space-y-3">
        <h3 id="censo-infra" className="text-base font-semibold text-gray-900">
          Infraestrutura (registro 10, leiaute {dados.catalogo.ano})
        </h3>
        <p className="text-sm text-gray-600">
          Abra cada grupo e marque o que a escola tem. Um item &quot;Não há…&quot; ou &quot;Nenhum…&quot;
          desmarca os outros da mesma pergunta.
        </p>
        <EscolaInfra catalogo={dados.catalogo} />
      </section>
      <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-gray-200 bg-white/95 px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:px-0">
        <Button type="submit" loading={form.formState.isSubmitting} className="w-full sm:w-auto">
          Salvar dados do Censo
        </Button>
      </div>
    </Form>
  );
}

/**
 * Configurações → Censo (issue 37): the school's identification and infrastructure for INEP's Censo
 * Escolar. What the school already told the product (name, CNPJ, address) comes filled in.
 */
export function EscolaCensoTab() {
  const query = useCensoEscola();
  if (query.isPending) return <Spinner label="Carregando os dados do Censo..." />;
  if (query.isError) return <ErrorBanner>Erro ao carregar os dados do Censo.</ErrorBanner>;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Censo Escolar: a escola</h2>
        <p className="mt-1 text-sm text-gray-600">
          O que o INEP pergunta sobre a escola no Censo Escolar. O nome, o telefone e o e-mail vêm de
          Configurações → Escola. O que faltar aparece na lista de pendências em Relatórios → Censo Escolar.
        </p>
      </div>
      <EscolaForm key={query.data.version} dados={query.data} />
    </div>
  );
}
