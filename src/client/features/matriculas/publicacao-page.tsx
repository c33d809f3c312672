import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { FileText, Printer, School } from 'lucide-react';
import {
  descricaoParcelas,
  parcelasDoPlano,
  publicacaoMatriculasSchema,
  type PublicacaoMatriculas,
} from '../../../shared/anuidades.schemas';
import { modeloParaLeitura } from '../../../shared/contratos.schemas';
import { formatCentavos, formatDate } from '../../../shared/format';
import { RichText } from '../../components/rich-text';
import { ScrollArea } from '../../components/scroll-area';
import { api, ApiError, toQuery } from '../../lib/api-client';
import { keyRoots } from '../../lib/query-keys';
import { formatCnpj } from '../../../shared/settings.schemas';

/**
 * The public page `/matriculas` (Lei 9.870/1999, art. 2º): next year's annual values, the payment
 * plans, the contract text and the places per class, as the school published them. Plain, printable,
 * readable on a phone; no session.
 */
export function PublicacaoMatriculasPage() {
  const [params] = useSearchParams();
  const asked = Number(params.get('ano'));
  const ano = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : undefined;
  const publicacao = useQuery({
    queryKey: [...keyRoots.anuidades, 'publicacao', ano ?? 'ultima'],
    queryFn: () =>
      api<PublicacaoMatriculas>(`/api/matriculas/anuidades/publicacao${toQuery({ ano })}`, {
        globalErrors: false,
        schema: publicacaoMatriculasSchema,
      }),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
  const data = publicacao.data;

  useEffect(() => {
    document.title = data ? `Matrículas ${String(data.ano_letivo)} — ${data.escola.nome}` : 'Matrículas';
  }, [data]);

  return (
    <div className="min-h-screen bg-white font-sans text-gray-900">
      <header className="border-b border-gray-200 bg-gray-50 print:bg-white">
        <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <a href="/" className="flex items-center gap-2 font-semibold text-gray-900 hover:underline">
            <School className="h-5 w-5 text-primary-strong" aria-hidden="true" />
            {data?.escola.nome ?? 'Voltar ao site da escola'}
          </a>
          {data && (
            <button
              type="button"
              onClick={() => window.print()}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 text-sm font-medium text-gray-800 hover:bg-gray-100 print:hidden"
            >
              <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
            </button>
          )}
        </div>
      </header>
      <main id="conteudo" className="mx-auto max-w-4xl px-4 py-8">
        {publicacao.isPending ? (
          <p role="status" className="py-10 text-center text-gray-600">
            Carregando os valores publicados...
          </p>
        ) : publicacao.isError ? (
          <div role="alert" className="py-10 text-center">
            <p className="text-lg font-semibold">
              {publicacao.error instanceof ApiError && publicacao.error.status === 404
                ? publicacao.error.message
                : 'Não foi possível carregar os valores. Tente novamente mais tarde.'}
            </p>
            <p className="mt-2 text-gray-600">
              Para informações sobre matrículas, fale com a secretaria da escola.
            </p>
          </div>
        ) : (
          data && <Publicacao data={data} />
        )}
      </main>
    </div>
  );
}

function Publicacao({ data }: { data: PublicacaoMatriculas }) {
  return (
    <>
      <h1 className="text-3xl font-bold sm:text-4xl">Matrículas {data.ano_letivo}</h1>
      <p className="mt-2 text-gray-700">
        Valores anuais, planos de pagamento, contrato e vagas de {data.escola.nome}
        {data.escola.cnpj ? ` (CNPJ ${formatCnpj(data.escola.cnpj)})` : ''}, publicados em{' '}
        {formatDate(data.publicado_em)} conforme a Lei 9.870/1999, art. 2º.
      </p>
      {data.escola.endereco && <p className="mt-1 text-sm text-gray-600">{data.escola.endereco}</p>}

      <section aria-labelledby="valores" className="mt-8">
        <h2 id="valores" className="text-2xl font-bold">
          Valores por série
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          A anuidade pode ser paga em até 12 parcelas iguais; a taxa de matrícula faz parte do valor anual, e
          nenhum plano passa dele.
        </p>
        <div className="mt-4 space-y-4">
          {data.series.map((serie) => (
            <article
              key={serie.serie}
              aria-labelledby={`serie-${serie.serie}`}
              className="rounded-xl border border-gray-200 p-4 break-inside-avoid"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`serie-${serie.serie}`} className="text-lg font-semibold">
                  {serie.serie}
                </h3>
                <p>
                  Anuidade <strong className="text-xl">{formatCentavos(serie.valor_anual_centavos)}</strong>
                </p>
              </div>
              <p className="text-sm text-gray-600">Prazo de matrícula: {formatDate(serie.prazo_matricula)}</p>
              <ul className="mt-3 divide-y divide-gray-100 text-sm">
                {serie.planos.map((plano) => {
                  // The split as charged (ADR 0094): a snapshot's stored total predates the remainder rule.
                  const parcelamento = parcelasDoPlano(plano, serie.valor_anual_centavos);
                  return (
                    <li key={plano.nome} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
                      <span className="font-medium">
                        {plano.nome}
                        {plano.padrao && (
                          <>
                            {' '}
                            <span className="ml-1 text-xs font-normal text-gray-600">(plano padrão)</span>
                          </>
                        )}
                      </span>
                      <span>
                        {plano.taxa_matricula_centavos > 0 && (
                          <>Taxa de matrícula {formatCentavos(plano.taxa_matricula_centavos)} + </>
                        )}
                        {descricaoParcelas(parcelamento, formatCentavos)}
                        <span className="text-gray-600"> · total {formatCentavos(parcelamento.total)}</span>
                      </span>
                    </li>
                  );
                })}
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="vagas" className="mt-10 break-inside-avoid">
        <h2 id="vagas" className="text-2xl font-bold">
          Vagas por turma
        </h2>
        {data.vagas.length === 0 ? (
          <p className="mt-2 text-gray-700">
            As turmas de {data.ano_letivo} ainda não foram abertas. Consulte a secretaria sobre as vagas.
          </p>
        ) : (
          <ScrollArea label={`Vagas por turma em ${data.ano_letivo}`} className="mt-3">
            <table className="w-full min-w-[28rem] text-left text-sm">
              <caption className="sr-only">Vagas por turma em {data.ano_letivo}</caption>
              <thead className="border-b border-gray-300 text-gray-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Turma
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Série
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Turno
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Capacidade
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Vagas
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {data.vagas.map((vaga) => (
                  <tr key={vaga.turma}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {vaga.turma}
                    </th>
                    <td className="py-2 pr-3">{vaga.serie}</td>
                    <td className="py-2 pr-3">{vaga.turno}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{vaga.capacidade}</td>
                    <td className="py-2 text-right font-semibold tabular-nums">
                      {vaga.vagas === 0 ? 'Esgotada' : vaga.vagas}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollArea>
        )}
      </section>

      <section aria-labelledby="contrato" className="mt-10">
        <h2 id="contrato" className="flex items-center gap-2 text-2xl font-bold">
          <FileText className="h-6 w-6 text-primary-strong" aria-hidden="true" /> Contrato
        </h2>
        {/* Version 0 is the system's default the school never saved (older publications kept it so). */}
        {data.contrato && data.contrato.versao > 0 ? (
          <>
            <p className="mt-1 text-sm text-gray-600">
              {data.contrato.titulo} — versão {data.contrato.versao}
            </p>
            <p className="mt-1 text-sm text-gray-600">
              Entre colchetes, os dados de cada família, preenchidos no contrato de cada matrícula.
            </p>
            <div className="mt-3 rounded-xl border border-gray-200 p-4 print:border-0 print:p-0">
              <RichText source={modeloParaLeitura(data.contrato.corpo)} />
            </div>
          </>
        ) : (
          <p className="mt-2 text-gray-700">O texto do contrato está disponível na secretaria da escola.</p>
        )}
      </section>
      <p className="mt-10 text-sm text-gray-600 print:hidden">
        <a href="/" className="font-medium text-primary-strong underline">
          Voltar ao site da escola
        </a>
      </p>
    </>
  );
}
