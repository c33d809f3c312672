/**
 * The family's declaração de pagamentos para o Imposto de Renda (IRPF, despesas com instrução): one line
 * per year the school received a payment from her, each child's total, and the PDF of that year.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  declaracaoIrAnosSchema,
  declaracaoIrFileName,
  declaracaoIrUrl,
  type DeclaracaoIrAno,
} from '../../../shared/declaracao-ir.schemas';
import { formatCentavos } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { api, ApiError, downloadFile } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';

const declaracaoIrQuery = () =>
  queryOptions({
    queryKey: [...keyRoots.finance, 'declaracao-ir'],
    queryFn: () =>
      api<DeclaracaoIrAno[]>('/api/financeiro/declaracao-ir', {
        schema: declaracaoIrAnosSchema,
        globalErrors: false,
      }),
  });

async function handleDownload(ano: number) {
  try {
    await downloadFile(declaracaoIrUrl(ano), declaracaoIrFileName(ano));
  } catch (error) {
    toast.error(error instanceof ApiError ? error.message : 'Erro ao gerar a declaração');
  }
}

export function DeclaracaoIr() {
  const { data, isPending, isError } = useQuery(declaracaoIrQuery());
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-700">
        Os valores pagos à escola em cada ano, para informar na declaração do Imposto de Renda (despesas com
        instrução). Só aparecem os pagamentos feitos quando você era o responsável financeiro do aluno.
      </p>
      {isPending ? (
        <Spinner />
      ) : isError ? (
        <ErrorBanner>Erro ao carregar as declarações.</ErrorBanner>
      ) : data.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum pagamento em seu nome ainda.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {data.map((item) => (
            <li key={item.ano} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-gray-900">
                  {item.ano} · {formatCentavos(item.total)}
                </p>
                <p className="text-sm text-gray-600">
                  {item.alunos
                    .map(
                      (aluno) => `${aluno.nome.split(' ')[0] ?? aluno.nome} ${formatCentavos(aluno.total)}`,
                    )
                    .join(' · ')}
                </p>
              </div>
              <Button
                variant="secondary"
                className="min-h-11"
                aria-label={`Baixar PDF da declaração do Imposto de Renda de ${String(item.ano)}`}
                onClick={() => void handleDownload(item.ano)}
              >
                <FileText className="h-4 w-4" aria-hidden="true" />
                Baixar PDF
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
