/** The director's figures for one school year: conversion per stage, séries and months, losses, places. */
import type { ReactNode } from 'react';
import { BarChart3 } from 'lucide-react';
import { etapaFunilLabels, origemInteressadoLabels } from '../../../shared/matriculas.schemas';
import { formatPercent } from '../../../shared/format';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { ScrollArea } from '../../components/scroll-area';
import { useIndicadores } from './funil.api';

const box = 'rounded-xl border border-gray-200 bg-white p-4';
const th = 'px-3 py-2 text-left text-xs font-semibold text-gray-600';
const td = 'px-3 py-2 text-sm text-gray-800';

function mesLabel(mes: string) {
  const [ano, m] = mes.split('-');
  return `${m ?? ''}/${ano ?? ''}`;
}

/** One figure's card, named by its heading. */
function Painel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={box} aria-labelledby={id}>
      <h2 id={id} className="mb-3 font-semibold text-gray-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A table's column headings, in order. */
function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} className={th} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function FunilIndicadores({ ano }: { ano: number }) {
  const query = useIndicadores(ano, true);
  if (query.isLoading) return <Spinner />;
  if (query.isError || !query.data)
    return <ErrorBanner>Não foi possível carregar os indicadores.</ErrorBanner>;
  const data = query.data;
  if (data.total === 0 && data.vagas.length === 0)
    return (
      <EmptyState
        icon={BarChart3}
        title={`Nenhuma família para ${String(ano)} ainda`}
        hint="Os indicadores aparecem quando as famílias chegarem pelo formulário do site."
      />
    );
  const meses = [...new Set(data.por_serie_mes.map((item) => item.mes))];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Painel id="conversao" title={`Conversão por etapa (${String(data.total)} famílias)`}>
        <ol className="space-y-2">
          {data.conversao.map((item) => (
            <li key={item.etapa}>
              <div className="flex justify-between text-sm">
                <span>{etapaFunilLabels[item.etapa]}</span>
                <span className="font-medium">
                  {item.alcancaram} · {formatPercent(item.percentual)}
                </span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-gray-100" aria-hidden="true">
                <div
                  className="h-2 rounded-full bg-primary-strong"
                  style={{ width: `${String(item.percentual)}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-gray-500">
          Quantas famílias chegaram a cada etapa ou além; uma família perdida conta até a etapa em que estava.
        </p>
      </Painel>
      <Painel id="vagas" title={`Vagas por turma em ${String(ano)}`}>
        {data.vagas.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhuma turma cadastrada para {ano}.</p>
        ) : (
          <ScrollArea label="Vagas por turma">
            <table className="min-w-full">
              <ColumnHeads labels={['Turma', 'Capacidade', 'Matriculados', 'Reservadas', 'Vagas']} />
              <tbody>
                {data.vagas.map((vaga) => (
                  <tr key={vaga.turma_id} className="border-t border-gray-100">
                    <td className={td}>{vaga.turma}</td>
                    <td className={td}>{vaga.capacidade}</td>
                    <td className={td}>{vaga.matriculados}</td>
                    <td className={td}>{vaga.reservadas}</td>
                    <td
                      className={`${td} font-semibold ${vaga.vagas <= 0 ? 'text-red-700' : 'text-green-800'}`}
                    >
                      {vaga.vagas <= 0 ? `Lotada (${String(vaga.vagas)})` : vaga.vagas}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-gray-500">
              Reservadas: contrato assinado ou matrícula feita, ainda sem turma.
            </p>
          </ScrollArea>
        )}
      </Painel>
      <Painel id="series" title="Por série e mês de chegada">
        <ScrollArea label="Por série e mês de chegada">
          <table className="min-w-full">
            <ColumnHeads labels={['Série', ...meses.map(mesLabel), 'Total', 'Matriculados', 'Perdidos']} />
            <tbody>
              {data.por_serie.map((serie) => (
                <tr key={serie.serie} className="border-t border-gray-100">
                  <th scope="row" className={`${td} text-left font-medium`}>
                    {serie.serie}
                  </th>
                  {meses.map((mes) => (
                    <td key={mes} className={td}>
                      {data.por_serie_mes.find((item) => item.serie === serie.serie && item.mes === mes)
                        ?.total ?? 0}
                    </td>
                  ))}
                  <td className={td}>{serie.total}</td>
                  <td className={td}>{serie.matriculados}</td>
                  <td className={td}>{serie.perdidos}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </Painel>
      <Painel id="perdas" title="Motivos de perda">
        {data.motivos_perda.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhuma família perdida neste ano.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {data.motivos_perda.map((item) => (
              <li key={item.motivo} className="flex justify-between">
                <span>{item.motivo}</span>
                <span className="font-medium">{item.total}</span>
              </li>
            ))}
          </ul>
        )}
        <h2 className="mt-5 mb-3 font-semibold text-gray-900">Como conheceram a escola</h2>
        <ul className="space-y-1 text-sm">
          {data.origens.map((item) => (
            <li key={item.origem ?? 'nenhuma'} className="flex justify-between">
              <span>{item.origem ? origemInteressadoLabels[item.origem] : 'Não informado'}</span>
              <span className="font-medium">{item.total}</span>
            </li>
          ))}
        </ul>
      </Painel>
    </div>
  );
}
