import { ComprovantesQueue } from './comprovantes-queue';
import { useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { FileDown, Receipt } from 'lucide-react';
import { tiposDeCobranca } from '../../../shared/contagem-cobrancas';
import {
  formatMesReferencia,
  mensalidadeSortColumns,
  mensalidadeStatusLabels,
  type Mensalidade,
} from '../../../shared/mensalidades.schemas';
import { Button } from '../../components/button';
import { DataList } from '../../components/data-list';
import { FilterBar, InputFilter, SearchFilter, SelectFilter } from '../../components/filter-bar';
import { downloadFile } from '../../lib/api-client';
import { useListState, useUrlParams } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { AdjustModal } from './adjust-modal';
import {
  downloadRecibo,
  MENSALIDADES_PAGE_SIZE,
  mensalidadesUrl,
  useMensalidades,
  type MensalidadeFilters,
} from './finance.api';
import { currentMonth } from './finance-ui';
import { mensalidadeColumns } from './mensalidade-columns';
import { MensalidadeActions } from './mensalidade-actions';
import { PaymentModal } from './payment-modal';
import { PixModal } from './pix-modal';
import { BoletoModal } from './boleto-modal';
import { BoletoLoteButton } from './boleto-lote';
import { useBoletoDisponivel } from './boleto.api';
import { NegociacaoModal } from './negociacao-modal';
import { PagamentosModal, ReativarModal } from './estorno-modals';

/**
 * The tuition list: the school's (this month by default, every month for a name search; the month is
 * named in the heading; an empty month offers 'Ver todos os meses') or a guardian's children's.
 */
/**
 * The list names the kinds it holds (ADR 0108): 'Mensalidades' (the spec's words, months only), 'Taxa de
 * matrícula', 'Mensalidades e taxa de matrícula'. An empty list holds neither: its text names both.
 */
function tituloDaLista(total: number, taxas: number): string {
  const tipos = tiposDeCobranca({ mensalidades: total - taxas, taxas_matricula: taxas });
  return tipos.charAt(0).toUpperCase() + tipos.slice(1);
}

export function MensalidadesTab({ manage }: { manage: boolean }) {
  // A student looked up by name is a family at the desk asking what they owe: every month of theirs,
  // the overdue ones included, unless a month is picked. The school's list alone opens on this month.
  const [params] = useUrlParams();
  const byName = Boolean(params.get('q'));
  const list = useListState<Required<MensalidadeFilters>>({
    defaults: {
      q: '',
      status: '',
      mes: manage && !byName ? currentMonth() : '',
      responsavel: '',
      aluno: '',
    },
    sortable: mensalidadeSortColumns,
  });
  const mensalidades = useMensalidades(list.query);
  const dialog = useRowDialog<{
    pagamento: Mensalidade;
    pix: Mensalidade;
    ajuste: Mensalidade;
    negociacao: Mensalidade;
    boleto: Mensalidade;
    pagamentos: Mensalidade;
    reativar: Mensalidade;
  }>();
  const boletoDisponivel = useBoletoDisponivel();
  const [exporting, setExporting] = useState(false);
  const data = mensalidades.data;
  const mes = list.filters.mes;
  const titulo = tituloDaLista(data?.total ?? 0, data?.taxas_matricula ?? 0);

  const handleExport = async (format: 'csv' | 'xlsx') => {
    setExporting(true);
    try {
      await downloadFile(mensalidadesUrl({ ...list.query, page: 1 }, format), `mensalidades.${format}`);
    } catch {
      toast.error('Erro ao exportar');
    } finally {
      setExporting(false);
    }
  };

  const handleRecibo = async (mensalidade: Mensalidade) => {
    try {
      await downloadRecibo(mensalidade.id);
    } catch {
      toast.error('Erro ao gerar o recibo');
    }
  };

  return (
    <div>
      {manage && <ComprovantesQueue />}
      <FilterBar columns="sm:grid-cols-2 xl:grid-cols-[minmax(14rem,1fr)_minmax(10rem,auto)_minmax(11rem,auto)_auto]">
        <SearchFilter list={list} name="q" label="Buscar aluno" placeholder="Nome do aluno" />
        <SelectFilter
          list={list}
          name="status"
          label="Status"
          options={mensalidadeStatusLabels}
          all="Todos"
        />
        <InputFilter list={list} name="mes" label="Mês" type="month" />
        {manage && (
          <div className="flex items-end gap-2">
            <Button variant="secondary" loading={exporting} onClick={() => void handleExport('csv')}>
              <FileDown className="h-4 w-4" aria-hidden="true" /> Exportar CSV
            </Button>
            <Button variant="secondary" aria-disabled={exporting} onClick={() => void handleExport('xlsx')}>
              <FileDown className="h-4 w-4" aria-hidden="true" /> XLSX
            </Button>
            {boletoDisponivel && <BoletoLoteButton mes={list.filters.mes} />}
          </div>
        )}
      </FilterBar>

      {list.filters.responsavel && (
        <ActiveFilter testId="filtro-responsavel" onClear={() => list.setFilter('responsavel', '')}>
          Mostrando só as mensalidades de{' '}
          {data?.responsavel_nome ? <strong>{data.responsavel_nome}</strong> : 'um responsável'} (dos alunos
          de quem é o responsável principal).
        </ActiveFilter>
      )}
      {list.filters.aluno && (
        <ActiveFilter testId="filtro-aluno" onClear={() => list.setFilter('aluno', '')}>
          Mostrando só as cobranças de{' '}
          <strong>
            {data?.items.find((item) => item.aluno_id === list.filters.aluno)?.aluno_nome ?? 'um aluno'}
          </strong>
          .
        </ActiveFilter>
      )}
      <DataList
        label={titulo}
        header={
          data && (
            <h2 className="font-semibold text-gray-900">
              {titulo}
              {mes ? ` de ${formatMesReferencia(mes)}` : ''} ({data.total})
            </h2>
          )
        }
        query={mensalidades}
        rows={data?.items}
        list={list}
        paging={data && { total: data.total, pageSize: MENSALIDADES_PAGE_SIZE }}
        columns={mensalidadeColumns}
        rowKey={(mensalidade) => mensalidade.id}
        rowProps={() => ({ 'data-testid': 'mensalidade-row' })}
        errorMessage="Erro ao carregar dados financeiros"
        empty={
          mes
            ? {
                icon: Receipt,
                title: `Nenhuma mensalidade ou taxa de matrícula em ${formatMesReferencia(mes)}`,
                hint: 'O filtro Mês mostra um mês de cada vez.',
                action: (
                  <Button variant="secondary" onClick={() => list.setFilter('mes', '')}>
                    Ver todos os meses
                  </Button>
                ),
              }
            : {
                icon: Receipt,
                title: 'Nenhuma mensalidade ou taxa de matrícula encontrada',
                hint: 'Ajuste os filtros para ver mais resultados.',
              }
        }
        actions={(mensalidade) => (
          <MensalidadeActions
            mensalidade={mensalidade}
            manage={manage}
            onPay={() => dialog.show('pagamento', mensalidade)}
            onPix={() => dialog.show('pix', mensalidade)}
            onReceipt={() => void handleRecibo(mensalidade)}
            onAdjust={() => dialog.show('ajuste', mensalidade)}
            onNegociacao={() => dialog.show('negociacao', mensalidade)}
            onBoleto={boletoDisponivel ? () => dialog.show('boleto', mensalidade) : undefined}
            onPagamentos={() => dialog.show('pagamentos', mensalidade)}
            onReativar={() => dialog.show('reativar', mensalidade)}
          />
        )}
      />

      {dialog.render('pagamento', (row) => (
        <PaymentModal mensalidade={row} onClose={dialog.close} />
      ))}
      {dialog.render('boleto', (row) => (
        <BoletoModal mensalidade={row} onClose={dialog.close} />
      ))}
      {dialog.render('pix', (row) => (
        <PixModal mensalidade={row} onClose={dialog.close} staff={manage} />
      ))}
      {dialog.render('ajuste', (row) => (
        <AdjustModal mensalidade={row} onClose={dialog.close} />
      ))}
      {dialog.render('negociacao', (row) => (
        <NegociacaoModal mensalidade={row} onClose={dialog.close} />
      ))}
      {dialog.render('pagamentos', (row) => (
        <PagamentosModal mensalidade={row} onClose={dialog.close} />
      ))}
      {dialog.render('reativar', (row) => (
        <ReativarModal mensalidade={row} onClose={dialog.close} />
      ))}
    </div>
  );
}

/** A filter the URL brought (a report's or a notice's link), said in words, with the way back to all. */
function ActiveFilter({
  testId,
  onClear,
  children,
}: {
  testId: string;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <p
      data-testid={testId}
      className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-blue-200 bg-blue-50 px-4 py-2 text-sm text-blue-900"
    >
      <span>{children}</span>
      <button type="button" className="font-medium underline" onClick={onClear}>
        Mostrar todas
      </button>
    </p>
  );
}
