import {
  BookOpenCheck,
  CircleUser,
  FolderOpen,
  BarChart3,
  CalendarCheck,
  CalendarDays,
  ClipboardCheck,
  DollarSign,
  FileText,
  Megaphone,
  MessageSquare,
  NotebookPen,
  NotebookTabs,
  NotebookText,
  GraduationCap,
  Home,
  School,
  ScrollText,
  ShieldCheck,
  Settings,
  UserCog,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { CurrentUser } from '../../shared/auth.schemas';
import {
  can,
  opensAttendance,
  permissionsOf,
  readsReports,
  type Access,
  type Nivel,
} from '../../shared/permissions';
import { paths } from '../../shared/routes';

export interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
  access: Access;
  /** Shown to this role only. */
  only?: Nivel;
}

/**
 * The portal menu (spec 'Dashboard shell'), filtered per role by the permission matrix.
 * An entry appears here only once its screen exists. Order: Início, Alunos, Professores, Turmas,
 * Frequência, Notas, Ano letivo, Calendário, Financeiro, Relatórios, Gerenciar Conteúdo, then the admin-only Usuários and Configurações.
 */
export const menuItems: MenuItem[] = [
  // A student's own home (issue 31 §4, ADR 0029), first in their menu: where they land.
  {
    label: 'Portal do Aluno',
    to: paths.studentPortal,
    icon: GraduationCap,
    access: 'academics.read',
    only: 'aluno',
  },
  { label: 'Início', to: paths.dashboard, icon: Home, access: 'dashboard.read' },
  { label: 'Alunos', to: paths.students, icon: Users, access: 'students.read' },
  { label: 'Matrículas', to: paths.matriculas, icon: UserPlus, access: 'matriculas.manage' },
  { label: 'Professores', to: paths.teachers, icon: GraduationCap, access: 'teachers.read' },
  { label: 'Turmas', to: paths.classes, icon: School, access: 'classes.read' },
  { label: 'Frequência', to: paths.attendance, icon: ClipboardCheck, access: opensAttendance },
  { label: 'Notas', to: paths.grades, icon: BookOpenCheck, access: 'academics.write' },
  { label: 'Pareceres', to: paths.pareceres, icon: NotebookPen, access: 'academics.write' },
  { label: 'Agenda', to: paths.agenda, icon: NotebookTabs, access: 'academics.write' },
  { label: 'Ano letivo', to: paths.yearEnd, icon: CalendarCheck, access: 'academics.manage' },
  { label: 'Comunicados', to: paths.comunicados, icon: Megaphone, access: 'dashboard.read' },
  { label: 'Mensagens', to: paths.mensagens, icon: MessageSquare, access: 'dashboard.read' },
  { label: 'Calendário', to: paths.calendar, icon: CalendarDays, access: 'academics.read' },
  { label: 'Financeiro', to: paths.finance, icon: DollarSign, access: 'finance.read' },
  { label: 'Relatórios', to: paths.reports, icon: BarChart3, access: readsReports },
  { label: 'Gerenciar Conteúdo', to: paths.contentManager, icon: FileText, access: 'content.manage' },
  { label: 'Usuários', to: paths.users, icon: UserCog, access: 'users.manage' },
  { label: 'Configurações', to: paths.settings, icon: Settings, access: 'settings.manage' },
  { label: 'Auditoria', to: paths.audit, icon: ScrollText, access: 'audit.read' },
  { label: 'LGPD', to: paths.lgpd, icon: ShieldCheck, access: 'privacy.manage' },
];

/**
 * A family's own menu (issue 32 §1): these eleven and nothing else, whatever the profile's permissions
 * (a guardian holds students.read and classes.read for their children's records, which would otherwise
 * bring in the staff's 'Alunos' and 'Turmas'). `main` marks the four of the phone's bottom bar; the
 * rest open from 'Mais'.
 */
export const familyMenuItems: (MenuItem & { main?: true })[] = [
  { label: 'Início', to: paths.dashboard, icon: Home, access: 'dashboard.read', main: true },
  { label: 'Comunicados', to: paths.comunicados, icon: Megaphone, access: 'dashboard.read', main: true },
  { label: 'Mensagens', to: paths.mensagens, icon: MessageSquare, access: 'dashboard.read', main: true },
  { label: 'Boletim', to: paths.familyBoletim, icon: BookOpenCheck, access: 'academics.read', main: true },
  { label: 'Frequência', to: paths.familyAttendance, icon: ClipboardCheck, access: 'academics.read' },
  { label: 'Tarefas', to: paths.familyTarefas, icon: NotebookText, access: 'academics.read' },
  // The young children's daily agenda: every family sees it (the menu knows nothing of the children's
  // classes); a class without the agenda says so on the page.
  { label: 'Agenda', to: paths.familyAgenda, icon: NotebookTabs, access: 'academics.read' },
  { label: 'Financeiro', to: paths.finance, icon: DollarSign, access: 'finance.read' },
  { label: 'Documentos', to: paths.familyDocuments, icon: FolderOpen, access: 'documents.issue' },
  { label: 'Calendário', to: paths.calendar, icon: CalendarDays, access: 'academics.read' },
  { label: 'Meus dados', to: paths.myData, icon: CircleUser, access: 'privacy.self' },
];

/** Whether the account is a family's: it gets the family's menu, screens and guards. */
export function isFamily(user: Pick<CurrentUser, 'nivel'> | null | undefined): boolean {
  return user?.nivel === 'responsavel';
}

/** The menu `user` sees: the family's own, or the staff's filtered by the permission matrix. */
export function menuFor(user: CurrentUser | null | undefined): MenuItem[] {
  const granted = permissionsOf(user);
  if (isFamily(user)) return familyMenuItems.filter((item) => can(granted, item.access));
  return menuItems.filter(
    (item) => can(granted, item.access) && (item.only === undefined || item.only === user?.nivel),
  );
}
