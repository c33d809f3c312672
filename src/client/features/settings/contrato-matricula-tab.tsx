import { useState } from 'react';
import toast from 'react-hot-toast';
import { History } from 'lucide-react';
import {
  camposModeloContrato,
  modeloContratoInputSchema,
  preencherModelo,
  type CampoModeloContrato,
  type ModeloVigente,
} from '../../../shared/contratos.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormInput, FormTextArea } from '../../components/form-fields';
import { RichText } from '../../components/rich-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useModelosContrato, useModeloVigente, useSalvarModelo } from './contrato-matricula.api';
import { ContratoSignatariosSection } from './contrato-signatarios-form';

/** What the preview shows for each field (an example family). */
const exemplo: Record<CampoModeloContrato, string> = {
  'aluno.nome': 'Pedro Souza Lima',
  'aluno.data_nascimento': '10/05/2019',
  'responsavel.nome': 'Mariana Souza Lima',
  'responsavel.cpf': '123.456.789-09',
  'responsavel.email': 'mariana@exemplo.com',
  'responsavel.telefone': '(11) 91234-5678',
  'segundo_responsavel.nome': 'Carlos Lima',
  'segundo_responsavel.cpf': '987.654.321-00',
  endereco: 'Avenida Paulista, 1000 — Bela Vista — São Paulo/SP',
  serie: '1º ano',
  turma: '1º ano A',
  ano_letivo: '2027',
  valor_anual: 'R$ 18.000,00',
  'plano.nome': 'Anual em 12 parcelas',
  'plano.parcelas': '12',
  'plano.valor_parcela': 'R$ 1.500,00',
  taxa_matricula: 'R$ 0,00',
  dia_vencimento: '5',
  multa: '2',
  juros: '1',
  'escola.nome': 'Escola Exemplo',
  'escola.cnpj': '12.345.678/0001-95',
  'escola.endereco': 'Rua das Flores, 100 — São Paulo/SP',
  data: '20/11/2026',
};

const CORPO_ID = 'contrato-modelo-corpo';

/** Configurações → Contrato de matrícula: the template (versioned), its fields, a preview, the history. */
export function ContratoMatriculaTab() {
  const vigente = useModeloVigente();
  return (
    <div className="space-y-10">
      {vigente.isLoading ? (
        <Spinner />
      ) : vigente.isError || !vigente.data ? (
        <ErrorBanner>Erro ao carregar o modelo do contrato.</ErrorBanner>
      ) : (
        <ModeloEditor key={vigente.data.versao} vigente={vigente.data} />
      )}
      <ContratoSignatariosSection />
    </div>
  );
}

function ModeloEditor({ vigente }: { vigente: ModeloVigente }) {
  const save = useSalvarModelo();
  const [preview, setPreview] = useState(false);
  const form = useSchemaForm(modeloContratoInputSchema, { titulo: vigente.titulo, corpo: vigente.corpo });
  const corpo = form.watch('corpo');
  const handleInsert = (campo: CampoModeloContrato) => {
    const area = document.getElementById(CORPO_ID) as HTMLTextAreaElement | null;
    const text = form.getValues('corpo');
    const at = area ? area.selectionStart : text.length;
    const end = area ? area.selectionEnd : text.length;
    const token = `{{${campo}}}`;
    form.setValue('corpo', `${text.slice(0, at)}${token}${text.slice(end)}`, { shouldDirty: true });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(at + token.length, at + token.length);
    });
  };
  return (
    <section aria-labelledby="modelo-titulo" className="space-y-4">
      <div>
        <h3 id="modelo-titulo" className="text-base font-semibold text-gray-900">
          Modelo do contrato de matrícula
        </h3>
        <p className="text-sm text-gray-600">
          {vigente.versao === 0
            ? 'Em vigor: o modelo padrão do sistema. Ao salvar, a sua versão passa a valer.'
            : `Em vigor: versão ${String(vigente.versao)}, salva em ${formatDateTime(vigente.atualizado_em)}.`}{' '}
          Cada alteração é uma nova versão; os contratos já enviados continuam com o texto que tinham. O texto
          em vigor aparece na página pública de matrículas (Lei 9.870/1999).
        </p>
      </div>
      <Form
        form={form}
        label="Modelo do contrato"
        className="space-y-4"
        onSubmit={form.submit(
          async (values) => {
            const result = await save.mutateAsync(values);
            toast.success(result.message ?? 'Nova versão do contrato salva');
          },
          (message) => toast.error(message),
        )}
      >
        <FormInput name="titulo" label="Título" required />
        <div className="grid gap-4 lg:grid-cols-[1fr_16rem]">
          <div className="space-y-2">
            {preview ? (
              <div
                className="max-h-[32rem] overflow-y-auto rounded-lg border border-gray-200 bg-gray-50 p-4"
                aria-label="Pré-visualização com dados de exemplo"
                role="region"
              >
                <RichText source={preencherModelo(corpo, exemplo)} />
              </div>
            ) : (
              <FormTextArea
                id={CORPO_ID}
                name="corpo"
                label="Texto do contrato"
                rows={22}
                required
                hint="**negrito**, linhas com '- ' viram lista. Os campos entre {{ }} são preenchidos com os dados da família."
              />
            )}
            <Button variant="secondary" onClick={() => setPreview(!preview)}>
              {preview ? 'Voltar a editar' : 'Pré-visualizar com dados de exemplo'}
            </Button>
          </div>
          <div>
            <p className="mb-2 text-sm font-medium text-gray-700" id="campos-titulo">
              Campos para inserir
            </p>
            <ul aria-labelledby="campos-titulo" className="max-h-[32rem] space-y-1 overflow-y-auto">
              {(Object.keys(camposModeloContrato) as CampoModeloContrato[]).map((campo) => (
                <li key={campo}>
                  <button
                    type="button"
                    disabled={preview}
                    onClick={() => handleInsert(campo)}
                    className="w-full rounded-md border border-gray-200 px-2 py-1.5 text-left text-xs hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
                  >
                    <span className="block font-medium text-gray-800">{camposModeloContrato[campo]}</span>
                    <span className="font-mono text-gray-500">{`{{${campo}}}`}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar nova versão
          </Button>
        </div>
      </Form>
      <Historico
        onUse={(titulo, texto) => form.reset({ titulo, corpo: texto }, { keepDefaultValues: true })}
      />
    </section>
  );
}

function Historico({ onUse }: { onUse: (titulo: string, corpo: string) => void }) {
  const modelos = useModelosContrato();
  return (
    <div>
      <h4 className="mb-2 text-sm font-semibold text-gray-900">Histórico de versões</h4>
      {modelos.isLoading ? (
        <Spinner />
      ) : modelos.isError ? (
        <ErrorBanner>Erro ao carregar o histórico.</ErrorBanner>
      ) : !modelos.data?.length ? (
        <EmptyState
          icon={History}
          title="Nenhuma versão salva"
          hint="Até a primeira, vale o modelo padrão."
        />
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {modelos.data.map((modelo, index) => (
            <li
              key={modelo.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span>
                <strong>Versão {modelo.versao}</strong>
                {index === 0 && <span className="ml-2 text-green-700">(em vigor)</span>} — {modelo.titulo}
                <span className="block text-xs text-gray-500">
                  {formatDateTime(modelo.criado_em)} · {modelo.autor ?? 'Sistema'} ·{' '}
                  {modelo.contratos === 1 ? '1 contrato' : `${String(modelo.contratos)} contratos`}
                </span>
              </span>
              {index > 0 && (
                <Button variant="ghost" onClick={() => onUse(modelo.titulo, modelo.corpo)}>
                  Copiar para o editor
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
