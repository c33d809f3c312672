import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { CalendarPlus, Minus, Plus, Settings } from 'lucide-react';
import type { TransacaoTipo } from '../../../shared/finance.schemas';
import { can } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { PageHeader } from '../../components/feedback';
import { useCurrentUser } from '../auth/auth.api';
import { FinanceDashboardTab } from './finance-dashboard-tab';
import { GenerateModal } from './generate-modal';
import { GuardianFinance } from './guardian-finance';
import { MensalidadesTab } from './mensalidades-tab';
import { RelatoriosTab } from './relatorios-tab';
import { FinanceSettingsModal } from './settings-modal';
import { TransacaoFormModal } from './transacao-form-modal';
import { TransacoesTab } from './transacoes-tab';

const tabs = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'mensalidades', label: 'Mensalidades' },
  { value: 'receitas', label: 'Receitas' },
  { value: 'despesas', label: 'Despesas' },
  { value: 'relatorios', label: 'Relatórios' },
] as const;

type Dialog = { kind: 'nova'; tipo: TransacaoTipo } | { kind: 'config' } | { kind: 'gerar' } | null;

/** 'Gestão Financeira' (admin) or the guardian's tuition. */
export function FinancePage() {
  const { data: user } = useCurrentUser();
  // `?aba=relatorios` opens a tab directly (the Relatórios screen links here).
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('aba');
  const [tab, setTab] = useState<string>(
    tabs.some((item) => item.value === requested) ? requested! : 'dashboard',
  );
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!user) return null;
  if (!can(user.nivel, 'finance.manage')) return <GuardianFinance />;

  return (
    <div>
      <PageHeader
        title="Gestão Financeira"
        subtitle="Controle completo das finanças da escola"
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'config' })}>
              <Settings className="h-4 w-4" aria-hidden="true" /> Configurar
            </Button>
            <Button variant="secondary" onClick={() => setDialog({ kind: 'gerar' })}>
              <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Gerar mensalidades
            </Button>
            <Button onClick={() => setDialog({ kind: 'nova', tipo: 'receita' })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Nova Receita
            </Button>
            <Button variant="danger" onClick={() => setDialog({ kind: 'nova', tipo: 'despesa' })}>
              <Minus className="h-4 w-4" aria-hidden="true" /> Nova Despesa
            </Button>
          </>
        }
      />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          aria-label="Seções financeiras"
          className="mb-4 flex gap-1 overflow-x-auto border-b border-gray-200 print:hidden"
        >
          {tabs.map((item) => (
            <Tabs.Trigger
              key={item.value}
              value={item.value}
              className="border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary-strong data-[state=active]:text-primary-strong"
            >
              {item.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="dashboard">
          <FinanceDashboardTab />
        </Tabs.Content>
        <Tabs.Content value="mensalidades">
          <MensalidadesTab manage />
        </Tabs.Content>
        <Tabs.Content value="receitas">
          <TransacoesTab tipo="receita" />
        </Tabs.Content>
        <Tabs.Content value="despesas">
          <TransacoesTab tipo="despesa" />
        </Tabs.Content>
        <Tabs.Content value="relatorios">
          <RelatoriosTab />
        </Tabs.Content>
      </Tabs.Root>
      {dialog?.kind === 'nova' && (
        <TransacaoFormModal tipo={dialog.tipo} transacao={null} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'config' && <FinanceSettingsModal onClose={() => setDialog(null)} />}
      {dialog?.kind === 'gerar' && <GenerateModal onClose={() => setDialog(null)} />}
    </div>
  );
}
