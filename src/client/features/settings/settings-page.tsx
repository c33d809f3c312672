import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { FormProvider } from 'react-hook-form';
import toast from 'react-hot-toast';
import {
  systemSettingsValuesSchema,
  type SchoolSettings,
  type SystemSettings,
} from '../../../shared/settings.schemas';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { PageTabList } from '../../components/page-tabs';
import { useTabParam } from '../../lib/use-list-state';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AcademicTab } from './academic-tab';
import { MensagensRulesSection } from './mensagens-rules-section';
import { BackupTab } from './backup-tab';
import { RolesTab } from './roles-tab';
import { SchoolTab } from './school-tab';
import { RetentionTab } from './retention-tab';
import { SecurityTab } from './security-tab';
import { useSaveSystemSettings, useSchoolSettings, useSystemSettings } from './settings.api';
import { NotificationsTab, SystemTab } from './system-tab';
import { PixAutomaticoTab } from './pix-automatico-tab';
import { BoletoConfigSection } from './boleto-config';
import { MatriculaOnlineTab } from './matricula-online-tab';
import { AnuidadesCard } from './anuidades-card';
import { ContratoMatriculaTab } from './contrato-matricula-tab';

const tabs = [
  ['escola', 'Escola'],
  ['academico', 'Acadêmico'],
  ['financeiro', 'Financeiro'],
  ['matricula', 'Matrícula online'],
  ['contrato', 'Contrato de matrícula'],
  ['sistema', 'Sistema'],
  ['usuarios', 'Perfis de acesso'],
  ['notificacoes', 'Notificações'],
  ['backup', 'Backup & Dados'],
  ['seguranca', 'Segurança'],
  ['privacidade', 'Privacidade (LGPD)'],
] as const;

/** A tab another feature brings (app/ composes them: a feature never imports another). */
export interface SettingsExtraTab {
  value: string;
  label: string;
  /** The tab it follows ('financeiro'). */
  after: (typeof tabs)[number][0];
  content: ReactNode;
}

/** 'Configurações do Sistema' (spec: Settings screen), admin only. */
export function SettingsPage({ extraTabs = [] }: { extraTabs?: readonly SettingsExtraTab[] }) {
  const school = useSchoolSettings();
  const system = useSystemSettings();
  if (school.isLoading || system.isLoading) return <Spinner />;
  if (school.isError || system.isError || !school.data || !system.data) {
    return <ErrorBanner>Erro ao carregar configurações</ErrorBanner>;
  }
  // A saved version starts the system-settings form afresh from what the server kept.
  return (
    <SettingsTabs key={system.data.version} school={school.data} system={system.data} extraTabs={extraTabs} />
  );
}

function SettingsTabs({
  school,
  system,
  extraTabs,
}: {
  school: SchoolSettings;
  system: SystemSettings;
  extraTabs: readonly SettingsExtraTab[];
}) {
  const saveSystem = useSaveSystemSettings();
  const shown = tabs.flatMap(([value, label]) => [
    [value, label] as const,
    ...extraTabs.filter((extra) => extra.after === value).map((extra) => [extra.value, extra.label] as const),
  ]);
  const [tab, setTab] = useTabParam(
    shown.map(([value]) => value),
    'escola',
  );
  const { version, sms_disponivel: smsAvailable } = system;
  // The form holds the settings' values only; version and availability stay outside it.
  const form = useSchemaForm(systemSettingsValuesSchema.strip(), system);
  const handleSaveSystem = form.submit(
    async (changes) => {
      await saveSystem.mutateAsync({ ...changes, version });
      toast.success('Configurações do sistema salvas com sucesso');
    },
    (message) =>
      toast.error(message === 'Verifique os campos destacados.' ? 'Erro ao salvar configurações' : message),
  );

  return (
    <div>
      <PageHeader
        title="Configurações do Sistema"
        subtitle="Dados da escola, preferências, backups e segurança."
      />
      <FormProvider {...form}>
        <Tabs.Root
          value={tab}
          onValueChange={setTab}
          className="rounded-xl border border-gray-200 bg-white shadow-sm"
        >
          <PageTabList
            label="Seções das configurações"
            tabs={shown.map(([value, label]) => ({ value, label }))}
            className="px-2"
          />
          <div className="p-4 sm:p-6">
            <Tabs.Content value="escola">
              <SchoolTab key={school.version} school={school} />
            </Tabs.Content>
            <Tabs.Content value="academico">
              <AcademicTab />
            </Tabs.Content>
            <Tabs.Content value="financeiro" className="space-y-6">
              <PixAutomaticoTab />
              <BoletoConfigSection />
            </Tabs.Content>
            <Tabs.Content value="matricula" className="space-y-6">
              <AnuidadesCard />
              <MatriculaOnlineTab />
            </Tabs.Content>
            <Tabs.Content value="contrato">
              <ContratoMatriculaTab />
            </Tabs.Content>
            <Tabs.Content value="sistema">
              <SystemTab saving={form.formState.isSubmitting} onSave={() => void handleSaveSystem()} />
            </Tabs.Content>
            <Tabs.Content value="usuarios">
              <RolesTab />
            </Tabs.Content>
            <Tabs.Content value="notificacoes">
              <NotificationsTab
                smsAvailable={smsAvailable}
                saving={form.formState.isSubmitting}
                onSave={() => void handleSaveSystem()}
              />
              <MensagensRulesSection />
            </Tabs.Content>
            <Tabs.Content value="backup">
              <BackupTab schoolName={school.nome} />
            </Tabs.Content>
            <Tabs.Content value="seguranca">
              <SecurityTab />
            </Tabs.Content>
            <Tabs.Content value="privacidade">
              <RetentionTab />
            </Tabs.Content>
            {extraTabs.map((extra) => (
              <Tabs.Content key={extra.value} value={extra.value}>
                {extra.content}
              </Tabs.Content>
            ))}
          </div>
        </Tabs.Root>
      </FormProvider>
    </div>
  );
}
