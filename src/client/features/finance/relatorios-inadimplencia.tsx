/** The finance reports' delinquency part: the overdue table and the guardians in arrears, with their reminders. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { FileDown, ListChecks, Phone, Send } from 'lucide-react';
import {
  type InadimplenciaResponsavelRow,
  type InadimplenciaRow,
  type RelatorioTipo,
} from '../../../shared/finance.schemas';
import {
  formatCentavos,
  formatCount,
  formatDate,
  formatDateTime,
  formatPhone,
  onlyDigits,
} from '../../../shared/format';
import { DAY_MS } from '../../../shared/calendar';
import { paths } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { downloadRelatorio, useSendLembrete } from './finance.api';

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
    <div className="flex gap-2 print:hidden">
      <Button variant="secondary" aria-label={`CSV: ${title}`} onClick={() => void handle('csv')}>
        <FileDown className="h-4 w-4" aria-hidden="true" /> CSV
      </Button>
      <Button variant="secondary" aria-label={`XLSX: ${title}`} onClick={() => void handle('xlsx')}>
        <FileDown className="h-4 w-4" aria-hidden="true" /> XLSX
      </Button>
    </div>
  );
}
export function Section({
  title,
  tipo,
  ano,
  children,
}: {
  title: string;
  tipo: RelatorioTipo;
  ano: number;
  children: React.ReactNode;
}) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 break-inside-avoid" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">{title}</h2>
        <ExportButtons tipo={tipo} ano={ano} title={title} />
      </div>
      <div className="overflow-x-auto">{children}</div>
    </section>
  );
}
export const th = 'px-3 py-2 text-left text-xs font-semibold uppercase text-gray-600';
export const td = 'px-3 py-2';
export function InadimplenciaTable({ rows, label }: { rows: InadimplenciaRow[]; label: string }) {
  if (rows.length === 0) return <p className="text-sm text-gray-500">Nenhuma mensalidade vencida.</p>;
  return (
    <table className="min-w-full text-sm">
      <thead>
        <tr>
          <th className={th}>{label}</th>
          <th className={`${th} text-right`}>Vencidas</th>
          <th className={`${th} text-right`}>Em aberto</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {rows.map((row) => (
          <tr key={row.nome}>
            <td className={td}>{row.nome}</td>
            <td className={`${td} text-right`}>{row.mensalidades_vencidas}</td>
            <td className={`${td} text-right`}>{formatCentavos(row.valor_em_aberto)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
function lastReminderLabel(iso: string): string {
  const sent = new Date(iso);
  const hours = (Date.now() - sent.getTime()) / 3_600_000;
  return hours < 24 ? `Lembrete enviado em ${formatDateTime(sent)}` : `Último lembrete: ${formatDate(sent)}`;
}
/**
 * Per principal guardian: who to call, the family's tuition (the list filtered by them) and 'Enviar
 * lembrete' — asked first, neutral words, to that guardian only, once in 24 hours.
 */
export function InadimplenciaResponsaveis({ rows }: { rows: InadimplenciaResponsavelRow[] }) {
  const [confirming, setConfirming] = useState<InadimplenciaResponsavelRow | null>(null);
  const send = useSendLembrete();
  if (rows.length === 0) return <p className="text-sm text-gray-500">Nenhuma mensalidade vencida.</p>;
  return (
    <>
      <ul className="divide-y divide-gray-100 text-sm" aria-label="Inadimplência por responsável">
        {rows.map((row) => {
          const recent =
            row.ultimo_lembrete !== null && Date.now() - new Date(row.ultimo_lembrete).getTime() < DAY_MS;
          return (
            <li
              key={row.responsavel_id ?? row.nome}
              data-testid="inadimplencia-responsavel"
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium text-gray-900">{row.nome}</p>
                {row.telefone && (
                  <a
                    href={`tel:+55${onlyDigits(row.telefone)}`}
                    className="inline-flex items-center gap-1 text-primary-strong underline"
                    aria-label={`Ligar para ${row.nome}: ${formatPhone(row.telefone)}`}
                  >
                    <Phone className="h-3.5 w-3.5" aria-hidden="true" />
                    {formatPhone(row.telefone)}
                  </a>
                )}
                <p className="text-gray-700">
                  {formatCount(row.mensalidades_vencidas, 'mensalidade vencida', 'mensalidades vencidas')} ·{' '}
                  <strong>{formatCentavos(row.valor_em_aberto)}</strong>
                </p>
                {row.ultimo_lembrete && (
                  <p className="text-xs text-gray-500">{lastReminderLabel(row.ultimo_lembrete)}</p>
                )}
              </div>
              {row.responsavel_id && (
                <div className="flex flex-wrap items-center gap-2 print:hidden">
                  <ButtonLink
                    variant="secondary"
                    className="min-h-9 px-3"
                    to={`${paths.finance}?aba=mensalidades&responsavel=${row.responsavel_id}&status=vencido&mes=`}
                    aria-label={`Ver mensalidades de ${row.nome}`}
                  >
                    <ListChecks className="h-4 w-4" aria-hidden="true" /> Ver mensalidades
                  </ButtonLink>
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3"
                    disabled={recent}
                    aria-label={`Enviar lembrete a ${row.nome}`}
                    onClick={() => setConfirming(row)}
                  >
                    <Send className="h-4 w-4" aria-hidden="true" />{' '}
                    {recent ? 'Lembrete enviado' : 'Enviar lembrete'}
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {confirming?.responsavel_id && (
        <ConfirmAction
          title="Enviar lembrete"
          message={`${confirming.nome} recebe, no portal e por e-mail, um lembrete neutro das mensalidades vencidas (${formatCount(confirming.mensalidades_vencidas, 'mensalidade', 'mensalidades')}) com os valores de hoje e como pagar. Só o responsável principal recebe; um lembrete por família a cada 24 horas.`}
          confirmLabel="Enviar lembrete"
          danger={false}
          action={() => send.mutateAsync(confirming.responsavel_id!)}
          success="Lembrete enviado."
          failure="Não foi possível enviar o lembrete."
          closeOnError
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
