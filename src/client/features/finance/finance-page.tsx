import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { CalendarPlus, Minus, Plus, Settings } from 'lucide-react';
import type { TransacaoTipo } from '../../../shared/finance.schemas';
import { can, permissionsOf, type Permission } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/feedback';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { useCurrentUser } from '../../lib/current-user';
import { useTabParam } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { BoletosTab } from './boletos-tab';
import { FinanceDashboardTab } from './finance-dashboard-tab';
import { GenerateModal } from './generate-modal';
import { GuardianFinance } from './guardian-finance';
import { MensalidadesTab } from './mensalidades-tab';
import { PixAConciliarTab } from './pix-a-conciliar-tab';
import { RelatoriosTab } from './relatorios-tab';
import { FinanceSettingsModal } from './settings-modal';
import { TransacaoFormModal } from './transacao-form-modal';
import { TransacoesTab } from './transacoes-tab';

const tabs = [
  { value: 'dashboard', label: 'Painel' },
  { value: 'mensalidades', label: 'Mensalidades' },
  { value: 'receitas', label: 'Receitas' },
  { value: 'despesas', label: 'Despesas' },
  { value: 'relatorios', label: 'Relatórios' },
  { value: 'pix', label: 'Pix a conciliar' },
  { value: 'boletos', label: 'Boletos' },
] as const;
/** Who holds the tuition desk but not the school's figures (ADR 0025) sees the tuition and boleto tabs. */
const deskTabs = tabs.filter((item) => item.value === 'mensalidades' || item.value === 'boletos');

/** A tab another feature brings to the staff's screen (app/ composes them: a feature never imports another). */
export interface FinanceExtraTab {
  value: string;
  label: string;
  /** Shown only to who holds it. */
  access: Permission;
  content: ReactNode;
}

/** 'Gestão Financeira' (staff with the tuition desk) or the guardian's tuition. */
export function FinancePage({ extraTabs = [] }: { extraTabs?: readonly FinanceExtraTab[] }) {
  const { data: user } = useCurrentUser();
  const figures = can(permissionsOf(user), 'finance.figures');
  const extra = extraTabs.filter((item) => can(permissionsOf(user), item.access));
  const shown = [...(figures ? tabs : deskTabs), ...extra.map(({ value, label }) => ({ value, label }))];
  const [tab, setTab] = useTabParam(
    shown.map((item) => item.value),
    figures ? 'dashboard' : 'mensalidades',
  );
  const dialog = useRowDialog<{ nova: TransacaoTipo; config: null; gerar: null }>();
  const [, setParams] = useSearchParams();
  // After a generation, the tuition list at its first month (next year's, in December).
  const showMonth = (mes: string) => setParams({ aba: 'mensalidades', mes }, { preventScrollReset: true });
  if (!user) return null;
  if (!can(permissionsOf(user), 'finance.manage')) return <GuardianFinance />;

  return (
    <div>
      {/* On paper the printed report has its own head (relatorios-print-header.tsx): not the page's buttons. */}
      <div className="print:hidden">
        <PageHeader
          title="Gestão Financeira"
          subtitle="Controle completo das finanças da escola"
          actions={
            <>
              <Button variant="secondary" onClick={() => dialog.show('config')}>
                <Settings className="h-4 w-4" aria-hidden="true" /> Configurar
              </Button>
              <Button variant="secondary" onClick={() => dialog.show('gerar')}>
                <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Gerar mensalidades
              </Button>
              {figures && (
                <>
                  <Button onClick={() => dialog.show('nova', 'receita')}>
                    <Plus className="h-4 w-4" aria-hidden="true" /> Nova Receita
                  </Button>
                  <Button variant="danger" onClick={() => dialog.show('nova', 'despesa')}>
                    <Minus className="h-4 w-4" aria-hidden="true" /> Nova Despesa
                  </Button>
                </>
              )}
            </>
          }
        />
      </div>
      <PageTabs label="Seções financeiras" tabs={shown} value={tab} onChange={setTab}>
        <PageTab value="dashboard">
          <FinanceDashboardTab />
        </PageTab>
        <PageTab value="mensalidades">
          <MensalidadesTab manage />
        </PageTab>
        <PageTab value="receitas">
          <TransacoesTab tipo="receita" />
        </PageTab>
        <PageTab value="despesas">
          <TransacoesTab tipo="despesa" />
        </PageTab>
        <PageTab value="relatorios">
          <RelatoriosTab />
        </PageTab>
        <PageTab value="pix">
          <PixAConciliarTab />
        </PageTab>
        <PageTab value="boletos">
          <BoletosTab />
        </PageTab>
        {extra.map((item) => (
          <PageTab key={item.value} value={item.value}>
            {item.content}
          </PageTab>
        ))}
      </PageTabs>
      {dialog.render('nova', (tipo) => (
        <TransacaoFormModal tipo={tipo} transacao={null} onClose={dialog.close} />
      ))}
      {dialog.render('config', () => (
        <FinanceSettingsModal onClose={dialog.close} />
      ))}
      {dialog.render('gerar', () => (
        <GenerateModal onClose={dialog.close} onShowMonth={showMonth} />
      ))}
    </div>
  );
}
