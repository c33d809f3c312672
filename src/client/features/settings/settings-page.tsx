import { useEffect, useState } from 'react';
import { Tabs } from 'radix-ui';
import toast from 'react-hot-toast';
import type { SystemSettingsValues } from '../../../shared/settings.schemas';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useTabParam } from '../../lib/use-list-state';
import { BackupTab } from './backup-tab';
import { RolesTab } from './roles-tab';
import { SchoolTab } from './school-tab';
import { SecurityTab } from './security-tab';
import { useSaveSystemSettings, useSchoolSettings, useSystemSettings } from './settings.api';
import { NotificationsTab, SystemTab } from './system-tab';

const tabs = [
  ['escola', 'Escola'],
  ['sistema', 'Sistema'],
  ['usuarios', 'Usuários & Permissões'],
  ['notificacoes', 'Notificações'],
  ['backup', 'Backup & Dados'],
  ['seguranca', 'Segurança'],
] as const;

/** 'Configurações do Sistema' (spec: Settings screen), admin only. */
export function SettingsPage() {
  const school = useSchoolSettings();
  const system = useSystemSettings();
  const saveSystem = useSaveSystemSettings();
  const [draft, setDraft] = useState<SystemSettingsValues | null>(null);
  const [tab, setTab] = useTabParam(
    tabs.map(([value]) => value),
    'escola',
  );

  useEffect(() => {
    if (system.data && draft === null) {
      const {
        manutencao,
        backup_automatico,
        notificacoes_email,
        notificacoes_sms,
        tema,
        idioma,
        fuso_horario,
        moeda,
      } = system.data;
      setDraft({
        manutencao,
        backup_automatico,
        notificacoes_email,
        notificacoes_sms,
        tema,
        idioma,
        fuso_horario,
        moeda,
      });
    }
  }, [system.data, draft]);

  const handleSaveSystem = async () => {
    if (!draft || !system.data) return;
    try {
      await saveSystem.mutateAsync({ ...draft, version: system.data.version });
      toast.success('Configurações do sistema salvas com sucesso');
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'VALIDATION'
          ? error.message
          : 'Erro ao salvar configurações',
      );
    }
  };

  if (school.isLoading || system.isLoading) return <Spinner />;
  if (school.isError || system.isError || !school.data || !system.data) {
    return <ErrorBanner>Erro ao carregar configurações</ErrorBanner>;
  }
  if (!draft) return <Spinner />;

  return (
    <div>
      <PageHeader
        title="Configurações do Sistema"
        subtitle="Dados da escola, preferências, backups e segurança."
      />
      <Tabs.Root
        value={tab}
        onValueChange={setTab}
        className="rounded-xl border border-gray-200 bg-white shadow-sm"
      >
        <Tabs.List
          aria-label="Seções das configurações"
          className="flex overflow-x-auto border-b border-gray-200 px-2"
        >
          {tabs.map(([value, label]) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="shrink-0 border-b-2 border-transparent px-4 py-3 text-sm font-medium text-gray-600 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary data-[state=active]:border-primary-strong data-[state=active]:text-primary-strong"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="p-4 sm:p-6">
          <Tabs.Content value="escola">
            <SchoolTab key={school.data.version} school={school.data} />
          </Tabs.Content>
          <Tabs.Content value="sistema">
            <SystemTab
              values={draft}
              onChange={setDraft}
              saving={saveSystem.isPending}
              onSave={() => void handleSaveSystem()}
            />
          </Tabs.Content>
          <Tabs.Content value="usuarios">
            <RolesTab />
          </Tabs.Content>
          <Tabs.Content value="notificacoes">
            <NotificationsTab values={draft} onChange={setDraft} smsAvailable={system.data.sms_disponivel} />
          </Tabs.Content>
          <Tabs.Content value="backup">
            <BackupTab schoolName={school.data.nome} />
          </Tabs.Content>
          <Tabs.Content value="seguranca">
            <SecurityTab />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </div>
  );
}
