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

/**
 * Each tab with the permission its API asks: the roll and the month's summary are for who takes the roll,
 * the diary for who reads it (the secretaria too, ADR 0081), the alerts and the families' justifications
 * for who abona (ADR 0034).
 */
const allTabs = [
  { value: 'chamada', label: 'Chamada', access: 'academics.write', Tab: RollCallTab },
  { value: 'mes', label: 'Resumo do mês', access: 'academics.write', Tab: ClassMonthTab },
  { value: 'diario', label: 'Diário de classe', access: 'diario.read', Tab: ClassDiaryTab },
  { value: 'alertas', label: 'Alertas', access: 'academics.manage', Tab: AlertsTab },
  { value: 'justificativas', label: 'Justificativas', access: 'academics.manage', Tab: JustificativasTab },
] as const;

/** 'Frequência': the tabs the account may use — the roll call, the month, the diary, the alerts. */
export function AttendancePage() {
  const { data: me } = useCurrentUser();
  const granted = permissionsOf(me);
  const tabs = allTabs.filter((item) => can(granted, item.access));
  // The class looked at stays when the tab changes (the roll's class opens in the diary).
  const [tab, setTab] = useTabParam(
    tabs.map((item) => item.value),
    tabs[0]?.value ?? 'diario',
    ['turma'],
  );
  const takesRoll = can(granted, 'academics.write');
  const subtitle = !takesRoll
    ? 'Diário de classe das turmas: aulas, conteúdo, faltas e notas do período (somente leitura)'
    : can(granted, 'academics.manage')
      ? 'Chamada das turmas, resumo do mês, diário de classe, alertas de faltas e justificativas das famílias'
      : 'Chamada das suas turmas, resumo do mês e diário de classe';
  return (
    <div>
      <PageHeader title="Frequência" subtitle={subtitle} subtitleOnPhone={false} />
      <PageTabs label="Seções da frequência" tabs={tabs} value={tab} onChange={setTab}>
        {tabs.map(({ value, Tab }) => (
          <PageTab key={value} value={value}>
            <Tab />
          </PageTab>
        ))}
      </PageTabs>
    </div>
  );
}
