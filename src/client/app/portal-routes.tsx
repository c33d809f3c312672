import type { RouteObject } from 'react-router';
import { opensAttendance, readsReports } from '../../shared/permissions';
import { RequireAuth } from './guards';
import { censoRoutes } from './censo-routes';
import { familyRoutes } from './family-routes';

/** The portal's screens (under /portal), each guarded and loaded on demand (not in the public page). */
export const portalRoutes: RouteObject[] = [
  ...familyRoutes,
  ...censoRoutes,
  {
    index: true,
    handle: { title: 'Início' },
    lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-page')).DashboardPage }),
  },
  {
    path: 'alunos',
    handle: { title: 'Gestão de Alunos' },
    lazy: async () => {
      const { StudentsPage } = await import('../features/students/students-page');
      return {
        Component: () => (
          <RequireAuth access="students.read">
            <StudentsPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'professores',
    handle: { title: 'Professores' },
    lazy: async () => {
      const { TeachersPage } = await import('../features/teachers/teachers-page');
      return {
        Component: () => (
          <RequireAuth access="teachers.read">
            <TeachersPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'turmas',
    handle: { title: 'Turmas' },
    lazy: async () => {
      const { ClassesPage } = await import('../features/classes/classes-page');
      return {
        Component: () => (
          <RequireAuth access="classes.read">
            <ClassesPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'frequencia',
    handle: { title: 'Frequência' },
    lazy: async () => {
      const { AttendancePage } = await import('../features/attendance/attendance-page');
      return {
        Component: () => (
          <RequireAuth access={opensAttendance}>
            <AttendancePage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'notas',
    handle: { title: 'Notas' },
    lazy: async () => {
      const { GradesPage } = await import('../features/grades/grades-page');
      return {
        Component: () => (
          <RequireAuth access="academics.write">
            <GradesPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'pareceres',
    handle: { title: 'Pareceres' },
    lazy: async () => {
      const { PareceresPage } = await import('../features/pareceres/pareceres-page');
      return {
        Component: () => (
          <RequireAuth access="academics.write">
            <PareceresPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'ano-letivo',
    handle: { title: 'Ano letivo' },
    lazy: async () => {
      const { YearEndPage } = await import('../features/grades/year-end-page');
      return {
        Component: () => (
          <RequireAuth access="academics.manage">
            <YearEndPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'mensagens',
    handle: { title: 'Mensagens' },
    lazy: async () => {
      const { MensagensPage } = await import('../features/mensagens/mensagens-page');
      return {
        Component: () => (
          <RequireAuth access="dashboard.read">
            <MensagensPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'financeiro',
    handle: { title: 'Financeiro' },
    lazy: async () => {
      const [{ FinancePage }, { NotasFiscaisTab }] = await Promise.all([
        import('../features/finance/finance-page'),
        import('../features/fiscal/notas-fiscais-tab'),
      ]);
      const extraTabs = [
        {
          value: 'notas-fiscais',
          label: 'Notas fiscais',
          access: 'finance.figures',
          content: <NotasFiscaisTab />,
        } as const,
      ];
      return {
        Component: () => (
          <RequireAuth access="finance.read">
            <FinancePage extraTabs={extraTabs} />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'relatorios',
    handle: { title: 'Relatórios' },
    lazy: async () => {
      const [{ ReportsPage }, { CensoEntrada }] = await Promise.all([
        import('../features/reports/reports-page'),
        import('../features/censo/painel-entrada'),
      ]);
      return {
        Component: () => (
          <RequireAuth access={readsReports}>
            <ReportsPage destaques={<CensoEntrada />} />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'usuarios',
    handle: { title: 'Gestão de Usuários' },
    lazy: async () => {
      const { UsersPage } = await import('../features/users/users-page');
      return {
        Component: () => (
          <RequireAuth access="users.manage">
            <UsersPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'configuracoes',
    handle: { title: 'Configurações do Sistema' },
    lazy: async () => {
      const [{ SettingsPage }, { FiscalSettingsTab }, { EscolaCensoTab }] = await Promise.all([
        import('../features/settings/settings-page'),
        import('../features/fiscal/fiscal-settings-tab'),
        import('../features/censo/escola-tab'),
      ]);
      const extraTabs = [
        { value: 'fiscal', label: 'Fiscal', after: 'financeiro', content: <FiscalSettingsTab /> } as const,
        // Censo Escolar (issue 37): the school's records 00 and 10.
        { value: 'censo', label: 'Censo', after: 'contrato', content: <EscolaCensoTab /> } as const,
      ];
      return {
        Component: () => (
          <RequireAuth access="settings.manage">
            <SettingsPage extraTabs={extraTabs} />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'meus-dados',
    handle: { title: 'Meus dados' },
    lazy: async () => {
      const { MyDataPage } = await import('../features/privacy/my-data-page');
      return {
        Component: () => (
          <RequireAuth access="privacy.self">
            <MyDataPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'lgpd',
    handle: { title: 'LGPD' },
    lazy: async () => {
      const { LgpdAdminPage } = await import('../features/privacy/lgpd-admin-page');
      return {
        Component: () => (
          <RequireAuth access="privacy.manage">
            <LgpdAdminPage />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: 'auditoria',
    handle: { title: 'Auditoria' },
    lazy: async () => {
      const { AuditPage } = await import('../features/audit/audit-page');
      return {
        Component: () => (
          <RequireAuth access="audit.read">
            <AuditPage />
          </RequireAuth>
        ),
      };
    },
  },
];
