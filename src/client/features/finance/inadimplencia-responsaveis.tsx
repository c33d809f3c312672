/**
 * The delinquency report per principal guardian: on the screen a page of families at a time (the report
 * arrives whole: a school has a few hundred families at most), on paper all of them in one table.
 */
import { useRef, useState } from 'react';
import { ListChecks, Phone, Send } from 'lucide-react';
import { type InadimplenciaResponsavelRow } from '../../../shared/finance.schemas';
import { formatCentavos, formatDate, formatDateTime, formatPhone, onlyDigits } from '../../../shared/format';
import { DAY_MS } from '../../../shared/calendar';
import { paths } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Pagination } from '../../components/pagination';
import { useUrlParams } from '../../lib/use-list-state';
import { useSendLembrete } from './finance.api';
import { formatContagemCobrancas } from '../../../shared/contagem-cobrancas';
import { cobrancasVencidas, NegociacaoMark, VENCIDA, vencidasDe } from './relatorios-inadimplencia';

/** Families per screen page: 128 families in one list were 18 810 px of scrolling. */
export const FAMILIES_PER_PAGE = 20;

/** A reminder sent less than a day ago: the server sends one per family every 24 hours. */
const sentToday = (iso: string | null) => iso !== null && Date.now() - new Date(iso).getTime() < DAY_MS;

function lastReminderLabel(iso: string): string {
  return sentToday(iso)
    ? `Lembrete enviado em ${formatDateTime(iso)}`
    : `Último lembrete: ${formatDate(iso)}`;
}

/** Every overdue charge of the family is em negociação: the server sends no reminder (lembretes.service). */
const allNegotiated = (row: InadimplenciaResponsavelRow) =>
  cobrancasVencidas(row.em_negociacao) === cobrancasVencidas(row);

/**
 * What the family's list holds, for its button: 'Ver mensalidades', 'Ver taxa de matrícula', or 'Ver
 * cobranças' when it holds both (the list is every overdue charge of the family).
 */
function verLabel(row: InadimplenciaResponsavelRow): string {
  if (row.taxas_matricula_vencidas === 0) return 'Ver mensalidades';
  if (row.mensalidades_vencidas > 0) return 'Ver cobranças';
  return row.taxas_matricula_vencidas === 1 ? 'Ver taxa de matrícula' : 'Ver taxas de matrícula';
}

function FamilyActions({ row, onRemind }: { row: InadimplenciaResponsavelRow; onRemind: () => void }) {
  const recent = sentToday(row.ultimo_lembrete);
  const ver = verLabel(row);
  return (
    <div className="grid grid-cols-2 items-center gap-2 md:flex print:hidden">
      <ButtonLink
        variant="secondary"
        className="min-h-9 px-3"
        to={`${paths.finance}?aba=mensalidades&responsavel=${row.responsavel_id ?? ''}&status=vencido&mes=`}
        aria-label={`${ver} de ${row.nome}`}
      >
        <ListChecks className="h-4 w-4" aria-hidden="true" /> {ver}
      </ButtonLink>
      {allNegotiated(row) ? (
        <p className="max-w-44 text-xs text-purple-800">
          Em negociação: sem lembretes até o acordo terminar.
        </p>
      ) : (
        <Button
          variant="secondary"
          className="min-h-9 px-3"
          disabled={recent}
          aria-label={`Enviar lembrete a ${row.nome}`}
          onClick={onRemind}
        >
          <Send className="h-4 w-4" aria-hidden="true" /> {recent ? 'Lembrete enviado' : 'Enviar lembrete'}
        </Button>
      )}
    </div>
  );
}

function FamilyItem({ row, onRemind }: { row: InadimplenciaResponsavelRow; onRemind: () => void }) {
  return (
    <li
      data-testid="inadimplencia-responsavel"
      className="grid items-start gap-x-4 gap-y-2 py-3 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_auto]"
    >
      <div className="min-w-0 space-y-0.5">
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
        {row.ultimo_lembrete && (
          <p className="text-xs text-gray-500">{lastReminderLabel(row.ultimo_lembrete)}</p>
        )}
      </div>
      <div className="min-w-0 space-y-1 text-gray-700">
        <p>{formatContagemCobrancas(vencidasDe(row), VENCIDA)}</p>
        <dl className="grid grid-cols-[auto_auto] justify-start gap-x-3">
          <dt>Em aberto</dt>
          <dd className="text-right font-semibold text-gray-900">{formatCentavos(row.valor_em_aberto)}</dd>
          <dt>Atualizado hoje</dt>
          <dd className="text-right font-semibold text-gray-900">{formatCentavos(row.valor_atualizado)}</dd>
        </dl>
        <NegociacaoMark soma={row.em_negociacao} />
      </div>
      {row.responsavel_id && <FamilyActions row={row} onRemind={onRemind} />}
    </li>
  );
}

/** Paper has room for twice the rows of the screen's spacing. */
const cell = { th: 'px-2 py-1 text-left font-semibold uppercase text-gray-600', td: 'px-2 py-1' };

/** On paper: every family, one line each, whatever page the screen was on. */
function PrintTable({ rows }: { rows: InadimplenciaResponsavelRow[] }) {
  return (
    <table className="hidden min-w-full text-xs print:table" data-testid="inadimplencia-impressao">
      <thead>
        <tr>
          <th className={cell.th}>Responsável</th>
          <th className={cell.th}>Telefone</th>
          <th className={`${cell.th} text-right`}>Vencidas</th>
          <th className={`${cell.th} text-right`}>Em aberto</th>
          <th className={`${cell.th} text-right`}>Atualizado hoje</th>
          <th className={cell.th}>Em negociação</th>
          <th className={cell.th}>Último lembrete</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200">
        {rows.map((row) => (
          <tr key={row.responsavel_id ?? row.nome} className="break-inside-avoid">
            <td className={cell.td}>{row.nome}</td>
            <td className={`${cell.td} whitespace-nowrap`}>{formatPhone(row.telefone)}</td>
            <td className={`${cell.td} text-right`}>{formatContagemCobrancas(vencidasDe(row))}</td>
            <td className={`${cell.td} text-right whitespace-nowrap`}>
              {formatCentavos(row.valor_em_aberto)}
            </td>
            <td className={`${cell.td} text-right whitespace-nowrap`}>
              {formatCentavos(row.valor_atualizado)}
            </td>
            <td className={cell.td}>
              {cobrancasVencidas(row.em_negociacao) === 0
                ? '—'
                : `${String(cobrancasVencidas(row.em_negociacao))} · ${formatCentavos(row.em_negociacao.valor_em_aberto)}`}
            </td>
            <td className={cell.td}>{row.ultimo_lembrete ? formatDate(row.ultimo_lembrete) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Per principal guardian: who to call, the family's tuition (the list filtered by them) and 'Enviar
 * lembrete' — asked first, neutral words, to that guardian only, once in 24 hours. The page is in the
 * URL (`?page=`), so Back after 'Ver mensalidades' returns to the same families.
 */
export function InadimplenciaResponsaveis({ rows }: { rows: InadimplenciaResponsavelRow[] }) {
  const [confirming, setConfirming] = useState<InadimplenciaResponsavelRow | null>(null);
  const send = useSendLembrete();
  const [params, setParams] = useUrlParams();
  const list = useRef<HTMLUListElement>(null);
  if (rows.length === 0) return <p className="text-sm text-gray-500">Nenhuma cobrança vencida.</p>;
  const pages = Math.ceil(rows.length / FAMILIES_PER_PAGE);
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? Math.min(asked, pages) : 1;
  const shown = rows.slice((page - 1) * FAMILIES_PER_PAGE, page * FAMILIES_PER_PAGE);
  return (
    <>
      <ul
        ref={list}
        className="scroll-mt-20 divide-y divide-gray-100 text-sm print:hidden"
        aria-label="Inadimplência por responsável"
      >
        {shown.map((row) => (
          <FamilyItem key={row.responsavel_id ?? row.nome} row={row} onRemind={() => setConfirming(row)} />
        ))}
      </ul>
      {pages > 1 && (
        <div className="print:hidden">
          <Pagination
            page={page}
            pageSize={FAMILIES_PER_PAGE}
            total={rows.length}
            onChange={(next) => {
              setParams({ page: next <= 1 ? null : String(next) });
              // The buttons are at the list's foot: the next page is read from its top.
              list.current?.scrollIntoView({ block: 'start' });
            }}
          />
        </div>
      )}
      <PrintTable rows={rows} />
      {confirming?.responsavel_id && (
        <ConfirmAction
          title="Enviar lembrete"
          message={`${confirming.nome} recebe, no portal e por e-mail, um lembrete neutro das cobranças vencidas (${formatContagemCobrancas({ mensalidades: confirming.mensalidades_vencidas - confirming.em_negociacao.mensalidades_vencidas, taxas_matricula: confirming.taxas_matricula_vencidas - confirming.em_negociacao.taxas_matricula_vencidas })}) com os valores de hoje e como pagar. Só o responsável principal recebe; um lembrete por família a cada 24 horas.`}
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
