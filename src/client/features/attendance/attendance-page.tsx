import { can, permissionsOf } from '../../../shared/permissions';
import { PageHeader } from '../../components/feedback';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { useCurrentUser } from '../../lib/current-user';
import { useTabParam } from '../../lib/use-list-state';
import { AlertsTab } from './alerts-tab';
import { ClassDiaryTab } from './class-diary-tab';
import { ClassMonthTab } from './class-month-tab';
import { JustificativasTab } from './justificativas-tab';
import { RollCallTab } from './roll-call-tab';

const allTabs = [
  { value: 'chamada', label: 'Chamada' },
  { value: 'mes', label: 'Resumo do mês' },
  { value: 'diario', label: 'Diário de classe' },
  { value: 'alertas', label: 'Alertas' },
  { value: 'justificativas', label: 'Justificativas' },
] as const;

/** 'Frequência': the roll call (teachers and administrators), the month summary and the alerts (admin). */
export function AttendancePage() {
  const { data: me } = useCurrentUser();
  const manage = can(permissionsOf(me), 'academics.manage');
  // Alerts and the families' justifications are for those who abonam (ADR 0034).
  const tabs = manage
    ? allTabs
    : allTabs.filter((item) => item.value !== 'alertas' && item.value !== 'justificativas');
  const [tab, setTab] = useTabParam(
    tabs.map((item) => item.value),
    'chamada',
  );
  return (
    <div>
      <PageHeader
        title="Frequência"
        subtitle={
          manage
            ? 'Chamada das turmas, resumo do mês, diário de classe, alertas de faltas e justificativas das famílias'
            : 'Chamada das suas turmas, resumo do mês e diário de classe'
        }
      />
      <PageTabs label="Seções da frequência" tabs={tabs} value={tab} onChange={setTab}>
        <PageTab value="chamada">
          <RollCallTab />
        </PageTab>
        <PageTab value="mes">
          <ClassMonthTab />
        </PageTab>
        <PageTab value="diario">
          <ClassDiaryTab />
        </PageTab>
        {manage && (
          <PageTab value="alertas">
            <AlertsTab />
          </PageTab>
        )}
        {manage && (
          <PageTab value="justificativas">
            <JustificativasTab />
          </PageTab>
        )}
      </PageTabs>
    </div>
  );
}
