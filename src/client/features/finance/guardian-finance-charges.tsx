/** A guardian's tuition charges: the section frame, one charge's card and the months ahead. */
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ChevronDown, ChevronUp, Upload } from 'lucide-react';
import { Button } from '../../components/button';
import { Badge } from '../../components/feedback';
import { comprovanteUrl } from './comprovantes.api';
import { referenciaCobranca, type Mensalidade } from '../../../shared/mensalidades.schemas';
import { formatCentavos, formatCount, formatDate } from '../../../shared/format';
import { contarCobrancas, formatContagemCobrancas } from '../../../shared/contagem-cobrancas';
import { downloadRecibo } from './finance.api';
import { BoletoButton, PixButton, ReceiptButton, which } from './mensalidade-columns';
import { PontualidadeNote, PontualidadeTag } from './pontualidade-note';
import type { NfseFamilia } from '../../../shared/nfse-documentos.schemas';
import { NotaFiscalButton } from './nota-fiscal';
import { DebitoAgendadoLinha, useDebitoAgendado } from './debito-automatico-mensalidade';

export function Section({ title, tone, children }: { title: string; tone?: 'red'; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2
        className={`text-sm font-semibold tracking-wide uppercase ${tone === 'red' ? 'text-red-700' : 'text-gray-700'}`}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
/**
 * A tuition the family acts on now: what it is, when it fell (or falls) due, what it costs today, PIX. A
 * month the automatic debit will pay says so first, and paying it by Pix now is only the second choice.
 */
export function ChargeCard({
  mensalidade,
  nota,
  onPix,
  onJaPaguei,
  onBoleto,
}: {
  mensalidade: Mensalidade;
  /** The NFS-e issued for it (a note may come before the payment: the law's rule). */
  nota?: NfseFamilia | undefined;
  onPix: () => void;
  onJaPaguei: () => void;
  /** Only when the school issues boletos. */
  onBoleto?: (() => void) | undefined;
}) {
  const overdue = mensalidade.status === 'vencido';
  const debito = useDebitoAgendado(mensalidade);
  return (
    <article
      data-testid="familia-mensalidade"
      className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-white p-4 ${overdue ? 'border-red-300' : 'border-gray-200'}`}
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-gray-900">{mensalidade.aluno_nome}</p>
        <p className="text-gray-700">
          {referenciaCobranca(mensalidade)}
          {mensalidade.turma_nome ? ` · ${mensalidade.turma_nome}` : ''}
        </p>
        {debito && <DebitoAgendadoLinha debito={debito} />}
        <p className={overdue ? 'font-medium text-red-700' : 'text-gray-700'}>
          {overdue
            ? `Vencida em ${formatDate(mensalidade.data_vencimento)} · ${formatCount(mensalidade.dias_atraso, 'dia', 'dias')} de atraso`
            : `Vence em ${formatDate(mensalidade.data_vencimento)}`}
        </p>
        <PontualidadeNote mensalidade={mensalidade} />
        {mensalidade.multa + mensalidade.juros > 0 && (
          <p className="text-xs text-red-700">
            {formatCentavos(mensalidade.valor - mensalidade.principal_pago)} + multa{' '}
            {formatCentavos(mensalidade.multa)} + juros {formatCentavos(mensalidade.juros)}
          </p>
        )}
        {mensalidade.principal_pago > 0 && (
          <p className="text-xs text-amber-700">Já pago: {formatCentavos(mensalidade.valor_pago)}</p>
        )}
        {mensalidade.comprovante_recusa && (
          <p data-testid="comprovante-recusado" className="mt-1 text-xs text-red-800">
            A escola não confirmou o comprovante enviado: {mensalidade.comprovante_recusa}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold text-gray-900">{formatCentavos(mensalidade.valor_atualizado)}</p>
        <PixButton mensalidade={mensalidade} onClick={onPix} debitoAgendado={debito !== null} />
        {onBoleto && <BoletoButton mensalidade={mensalidade} onClick={onBoleto} />}
        <JaPagueiButton mensalidade={mensalidade} onClick={onJaPaguei} />
        {mensalidade.valor_pago > 0 && (
          <ReceiptButton mensalidade={mensalidade} onClick={() => void handleRecibo(mensalidade)} />
        )}
        <NotaFiscalButton mensalidade={mensalidade} nota={nota} />
      </div>
    </article>
  );
}
function JaPagueiButton({ mensalidade, onClick }: { mensalidade: Mensalidade; onClick: () => void }) {
  return (
    <Button
      variant="secondary"
      className="min-h-9 px-3"
      aria-label={`Já paguei: ${which(mensalidade)}`}
      onClick={onClick}
    >
      <Upload className="h-4 w-4" aria-hidden="true" />
      Já paguei
    </Button>
  );
}

/** A tuition whose comprovante the school is checking: the amount as of the day it was sent, frozen. */
export function ConfirmingCard({ mensalidade }: { mensalidade: Mensalidade }) {
  return (
    <article
      data-testid="familia-mensalidade"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-blue-200 bg-blue-50/40 p-4"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium text-gray-900">{mensalidade.aluno_nome}</p>
        <p className="text-gray-700">{referenciaCobranca(mensalidade)}</p>
        <p className="text-blue-900">
          Comprovante enviado em {formatDate(mensalidade.em_confirmacao_desde)}. A escola vai confirmar o
          pagamento.
        </p>
        {mensalidade.comprovante_visivel ? (
          <a
            className="text-xs font-medium text-primary-strong underline"
            href={comprovanteUrl(mensalidade.id)}
            target="_blank"
            rel="noreferrer"
          >
            Ver comprovante
          </a>
        ) : (
          <p className="text-xs text-gray-600">Enviado por outro responsável.</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-lg font-semibold text-gray-900">{formatCentavos(mensalidade.valor_atualizado)}</p>
        <Badge tone="blue">Em confirmação</Badge>
      </div>
    </article>
  );
}

/** The months ahead, folded: one line each, and paying ahead stays possible without a button per card. */
export function Ahead({
  items,
  onPix,
  onJaPaguei,
  onBoleto,
}: {
  items: Mensalidade[];
  onPix: (mensalidade: Mensalidade) => void;
  onJaPaguei: (mensalidade: Mensalidade) => void;
  onBoleto?: ((mensalidade: Mensalidade) => void) | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (items.length === 0) return null;
  return (
    <div className="rounded-xl border border-gray-200 bg-white">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="familia-a-vencer"
        className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-sm font-medium text-gray-800"
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          {open
            ? 'Ocultar os meses seguintes'
            : `Mais ${formatContagemCobrancas(contarCobrancas(items))} a vencer`}
        </span>
        {open ? (
          <ChevronUp className="h-4 w-4" aria-hidden="true" />
        ) : (
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        )}
      </button>
      {open && (
        <ul id="familia-a-vencer" className="divide-y divide-gray-100 border-t border-gray-100 text-sm">
          {items.map((mensalidade) => (
            <li
              key={mensalidade.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2"
            >
              <span>
                <span className="text-gray-900">{mensalidade.aluno_nome}</span>
                <span className="text-gray-600">
                  {' '}
                  · {referenciaCobranca(mensalidade)} · vence {formatDate(mensalidade.data_vencimento)}
                </span>
              </span>
              <span className="flex items-center gap-3">
                <span className="font-medium text-gray-900">
                  {formatCentavos(mensalidade.valor_atualizado)}
                </span>
                <PontualidadeTag mensalidade={mensalidade} />
                <button
                  type="button"
                  className="font-medium text-primary-strong underline"
                  aria-label={`Pagar adiantado com Pix: ${which(mensalidade)}`}
                  onClick={() => onPix(mensalidade)}
                >
                  Pagar adiantado
                </button>
                {onBoleto && (
                  <button
                    type="button"
                    className="font-medium text-gray-700 underline"
                    aria-label={`Boleto: ${which(mensalidade)}`}
                    onClick={() => onBoleto(mensalidade)}
                  >
                    Boleto
                  </button>
                )}
                <button
                  type="button"
                  className="font-medium text-gray-700 underline"
                  aria-label={`Já paguei: ${which(mensalidade)}`}
                  onClick={() => onJaPaguei(mensalidade)}
                >
                  Já paguei
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export async function handleRecibo(mensalidade: Mensalidade) {
  try {
    await downloadRecibo(mensalidade.id);
  } catch {
    toast.error('Erro ao gerar o recibo');
  }
}
