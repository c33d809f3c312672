/** Configurações → Matrícula online: the documents the pré-matrícula asks for, and the enrolment options. */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Plus, Trash2 } from 'lucide-react';
import {
  matriculaOnlineConfigSchema,
  type DocumentoExigido,
  type MatriculaOnlineConfig,
  type UpdateMatriculaOnlineConfigInput,
} from '../../../shared/pre-matricula.schemas';
import { foldText } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { InputField } from '../../components/field';
import { ApiError, api, apiWithMessage } from '../../lib/api-client';
import { Toggle } from './toggle';

const URL = '/api/matriculas/configuracoes';
const configKey = ['matriculas', 'configuracoes'] as const;

/** A stable id for a new document, from its name ('Certidão de nascimento' → 'certidao-de-nascimento'). */
function idFor(nome: string, taken: ReadonlySet<string>): string {
  const base =
    foldText(nome)
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .join('-')
      .slice(0, 32) || 'documento';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${String(n)}`;
  return id;
}

function ConfigForm({ config }: { config: MatriculaOnlineConfig }) {
  const queryClient = useQueryClient();
  const [documentos, setDocumentos] = useState<(DocumentoExigido & { novo?: boolean })[]>(config.documentos);
  const [exigirPagamento, setExigirPagamento] = useState(config.exigir_pagamento);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (input: UpdateMatriculaOnlineConfigInput) =>
      apiWithMessage(URL, {
        method: 'PUT',
        body: input,
        schema: matriculaOnlineConfigSchema,
        globalErrors: false,
      }),
    onSuccess: (result) => queryClient.setQueryData(configKey, result.data),
  });

  const handleSave = async () => {
    setErrors({});
    const taken = new Set(documentos.filter((item) => !item.novo).map((item) => item.id));
    const input = documentos.map(({ novo, ...item }) => {
      if (!novo) return item;
      const id = idFor(item.nome, taken);
      taken.add(id);
      return { ...item, id };
    });
    try {
      const result = await save.mutateAsync({
        documentos: input,
        exigir_pagamento: exigirPagamento,
        version: config.version,
      });
      setDocumentos(result.data.documentos);
      toast.success(result.message ?? 'Opções salvas.');
    } catch (error) {
      if (error instanceof ApiError) {
        const found: Record<string, string> = {};
        for (const detail of error.details) found[detail.path] ??= detail.message;
        setErrors(found);
        toast.error(error.message);
      }
    }
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="documentos-exigidos" className="space-y-3">
        <div>
          <h2 id="documentos-exigidos" className="text-base font-semibold text-gray-900">
            Documentos exigidos na matrícula
          </h2>
          <p className="mt-1 text-sm text-gray-600">
            A família envia estes documentos pelo link da pré-matrícula (PDF ou foto, até 10 MB cada). Os
            obrigatórios precisam ser enviados antes de concluir. Pela Lei 9.870, documentos nunca são retidos
            por falta de pagamento.
          </p>
        </div>
        {documentos.length === 0 && (
          <p className="rounded-lg border border-dashed border-gray-300 p-4 text-sm text-gray-600">
            Nenhum documento pedido: a família não verá a etapa de documentos.
          </p>
        )}
        <ul className="space-y-3">
          {documentos.map((documento, index) => (
            <li
              key={`${documento.id}-${String(index)}`}
              className="grid gap-2 rounded-lg border border-gray-200 bg-white p-3 sm:grid-cols-[1fr_auto] sm:items-end sm:gap-4"
            >
              <InputField
                label="Documento"
                value={documento.nome}
                maxLength={80}
                required
                error={errors[`documentos.${String(index)}.nome`]}
                onChange={(event) =>
                  setDocumentos(
                    documentos.map((item, at) =>
                      at === index ? { ...item, nome: event.target.value } : item,
                    ),
                  )
                }
              />
              <div className="flex items-center justify-between gap-4">
                <label className="flex min-h-10 items-center gap-2 text-sm text-gray-800">
                  <input
                    type="checkbox"
                    className="h-5 w-5"
                    checked={documento.obrigatorio}
                    onChange={(event) =>
                      setDocumentos(
                        documentos.map((item, at) =>
                          at === index ? { ...item, obrigatorio: event.target.checked } : item,
                        ),
                      )
                    }
                  />
                  Obrigatório
                </label>
                <Button
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => setDocumentos(documentos.filter((_, at) => at !== index))}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  Remover<span className="sr-only"> {documento.nome || 'documento'}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {documentos.length < 15 && (
          <Button
            variant="secondary"
            onClick={() =>
              setDocumentos([...documentos, { id: '', nome: '', obrigatorio: true, novo: true }])
            }
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar documento
          </Button>
        )}
      </section>
      <section aria-labelledby="opcoes-matricula" className="space-y-3">
        <h2 id="opcoes-matricula" className="text-base font-semibold text-gray-900">
          Matrícula automática
        </h2>
        <Toggle
          label="Matricular só depois do pagamento da taxa"
          hint="Ligado: depois do contrato assinado, o aluno só é matriculado quando a taxa de matrícula (ou a primeira parcela) for paga. Desligado: o aluno é matriculado assim que todos assinarem."
          checked={exigirPagamento}
          onChange={setExigirPagamento}
        />
      </section>
      <div className="flex justify-end">
        <Button loading={save.isPending} onClick={() => void handleSave()}>
          Salvar opções da matrícula
        </Button>
      </div>
    </div>
  );
}

export function MatriculaOnlineTab() {
  const query = useQuery({
    queryKey: configKey,
    queryFn: () => api(URL, { schema: matriculaOnlineConfigSchema }),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <ErrorBanner>Erro ao carregar as opções da matrícula online</ErrorBanner>;
  return <ConfigForm key={query.data.version} config={query.data} />;
}
