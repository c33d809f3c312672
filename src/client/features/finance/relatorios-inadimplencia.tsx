/**
 * The finance reports' sections and the delinquency report's parts: its totals (the whole report's), the
 * table by class, and the mark of the months em negociação.
 */
import toast from 'react-hot-toast';
import { FileDown, Handshake, Printer } from 'lucide-react';
import {
  type InadimplenciaRow,
  type InadimplenciaSoma,
  type RelatorioTipo,
  type Relatorios,
} from '../../../shared/finance.schemas';
import { formatCentavos, formatCount } from '../../../shared/format';
import { formatContagemCobrancas, type ContagemCobrancas } from '../../../shared/contagem-cobrancas';
import { Button } from '../../components/button';
import { ScrollArea } from '../../components/scroll-area';
import { downloadRelatorio } from './finance.api';

/** CSV and XLSX of one report, each named with it: three sections' buttons are not three 'CSV's. */
function ExportButtons({ tipo, ano, title }: { tipo: RelatorioTipo; ano: number; title: string }) {
  const handle = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadRelatorio(tipo, ano, format);
    } catch {
      toast.error('Erro ao exportar');
    }
  };
  return (
    <>
      <Button variant="secondary" aria-label={`CSV: ${title}`} onClick={() => void handle('csv')}>
        <FileDown className="h-4 w-4" aria-hidden="true" /> CSV
      </Button>
      <Button variant="secondary" aria-label={`XLSX: ${title}`} onClick={() => void handle('xlsx')}>
        <FileDown className="h-4 w-4" aria-hidden="true" /> XLSX
      </Button>
    </>
  );
}
export function Section({
  title,
  tipo,
  ano,
  onPrint,
  printHidden = false,
  children,
}: {
  title: string;
  tipo: RelatorioTipo;
  ano: number;
  /** 'Imprimir' this report alone. */
  onPrint?: () => void;
  /** Another report is being printed alone: this one stays off the paper. */
  printHidden?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      className={`rounded-xl border border-gray-200 bg-white p-4 print:border-0 print:p-0 ${printHidden ? 'print:hidden' : ''}`}
      aria-label={title}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">{title}</h2>
        <div className="flex flex-wrap gap-2 print:hidden">
          {onPrint && (
            <Button variant="secondary" aria-label={`Imprimir: ${title}`} onClick={onPrint}>
              <Printer className="h-4 w-4" aria-hidden="true" /> Imprimir
            </Button>
          )}
          <ExportButtons tipo={tipo} ano={ano} title={title} />
        </div>
      </div>
      <ScrollArea label={title} className="print:overflow-visible">
        {children}
      </ScrollArea>
    </section>
  );
}
export const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-gray-600';
export const td = 'px-3 py-2';

/** A sum's overdue charges by kind: the months of tuition apart from the enrolment fees (ADR 0103). */
export const vencidasDe = (soma: InadimplenciaSoma): ContagemCobrancas => ({
  mensalidades: soma.mensalidades_vencidas,
  taxas_matricula: soma.taxas_matricula_vencidas,
});
/** All of a sum's overdue charges, whatever their kind. */
export const cobrancasVencidas = (soma: InadimplenciaSoma) =>
  soma.mensalidades_vencidas + soma.taxas_matricula_vencidas;
export const VENCIDA = { singular: 'vencida', plural: 'vencidas' };

/** 'Em negociação': how many of a row's charges are being settled by agreement, and their open principal. */
export function NegociacaoMark({ soma }: { soma: InadimplenciaSoma }) {
  if (cobrancasVencidas(soma) === 0) return null;
  return (
    <span className="flex items-start gap-1 text-xs font-medium text-purple-800">
      <Handshake className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span>
        {formatCount(cobrancasVencidas(soma), 'em negociação', 'em negociação')} ·{' '}
        <span className="whitespace-nowrap">{formatCentavos(soma.valor_em_aberto)}</span>
      </span>
    </span>
  );
}

export function InadimplenciaTable({ rows, label }: { rows: InadimplenciaRow[]; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-gray-500">Nenhuma cobrança vencida.</p>;
  return (
    <table className="min-w-full text-sm">
      <thead>
        <tr>
          <th className={th}>{label}</th>
          <th className={`${th} text-right`}>Vencidas</th>
          <th className={`${th} text-right`}>Em aberto</th>
          <th className={`${th} hidden text-right sm:table-cell print:table-cell`}>Atualizado hoje</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {rows.map((row) => (
          <tr key={row.nome} className="break-inside-avoid">
            <td className={td}>
              <span className="block">{row.nome}</span>
              <NegociacaoMark soma={row.em_negociacao} />
            </td>
            <td className={`${td} text-right`}>{formatContagemCobrancas(vencidasDe(row))}</td>
            <td className={`${td} whitespace-nowrap text-right`}>
              {formatCentavos(row.valor_em_aberto)}
              {/* A phone has no room for the fourth column: today's amount under the principal. */}
              <span className="block whitespace-nowrap text-xs font-medium text-gray-900 sm:hidden print:hidden">
                hoje {formatCentavos(row.valor_atualizado)}
              </span>
            </td>
            <td className={`${td} hidden text-right font-medium sm:table-cell print:table-cell`}>
              {formatCentavos(row.valor_atualizado)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Total({
  label,
  value,
  note,
  tone = 'border-gray-200',
}: {
  label: string;
  value: number;
  note: string;
  tone?: string;
}) {
  return (
    <div className={`rounded-lg border p-3 ${tone}`}>
      <dt className="text-xs font-semibold uppercase text-gray-600">{label}</dt>
      <dd className="text-lg font-bold text-gray-900">{formatCentavos(value)}</dd>
      <dd className="text-xs text-gray-600">{note}</dd>
    </div>
  );
}

/**
 * The whole report's totals, whatever page of families is on the screen: the open principal, what it
 * comes to today with multa and juros, and how much of it is em negociação.
 */
export function InadimplenciaTotais({ totais }: { totais: Relatorios['inadimplencia']['totais'] }) {
  const negociacao = totais.em_negociacao;
  return (
    <dl className="grid gap-3 sm:grid-cols-3 print:grid-cols-3" data-testid="inadimplencia-totais">
      <Total
        label="Em aberto (principal)"
        value={totais.valor_em_aberto}
        note={formatContagemCobrancas(vencidasDe(totais), VENCIDA)}
      />
      <Total
        label="Atualizado hoje (com multa e juros)"
        value={totais.valor_atualizado}
        note={`Encargos até hoje: ${formatCentavos(totais.valor_atualizado - totais.valor_em_aberto)}`}
      />
      <Total
        label="Em negociação (principal)"
        value={negociacao.valor_em_aberto}
        note={
          cobrancasVencidas(negociacao) === 0
            ? 'Nenhuma cobrança em negociação'
            : `${formatContagemCobrancas(vencidasDe(negociacao))} · ${formatCentavos(negociacao.valor_atualizado)} atualizado hoje`
        }
        tone="border-purple-200 bg-purple-50"
      />
    </dl>
  );
}
