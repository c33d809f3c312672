/**
 * The role → permission matrix (ADR 0003, docs/architecture.md). One table, read by the server's route guard, by the menus
 * and by the settings screen. Scope rules (a teacher's own classes, a guardian's own children) are
 * enforced by each service on every object; this table only says which areas a role may enter.
 */
export const niveis = ['administrador', 'professor', 'responsavel'] as const;
export type Nivel = (typeof niveis)[number];

/** `tipo` of the signed-in user, as the spec's "current user" carries it. */
export const tipoByNivel = { administrador: 'admin', professor: 'teacher', responsavel: 'parent' } as const;
export type Tipo = (typeof tipoByNivel)[Nivel];

export const nivelLabels: Record<Nivel, string> = {
  administrador: 'Administrador',
  professor: 'Professor',
  responsavel: 'Responsável',
};

export const permissionLabels = {
  'dashboard.read': 'Ver o painel inicial',
  'users.manage': 'Gerenciar usuários do portal',
  'content.manage': 'Editar o conteúdo do site',
  'settings.manage': 'Alterar configurações do sistema',
  'backup.manage': 'Criar e restaurar backups',
  'audit.read': 'Consultar a trilha de auditoria',
  'docs.read': 'Consultar a documentação da API',
  'students.read': 'Ver alunos (professor: só das suas turmas; responsável: só os filhos)',
  'students.write': 'Cadastrar e editar alunos e responsáveis',
  'guardians.self': 'Editar os próprios dados de contato',
  'teachers.read': 'Ver o corpo docente',
  'teachers.write': 'Cadastrar e editar professores',
  'classes.read': 'Ver turmas (professor: as suas; responsável: as dos filhos)',
  'classes.write': 'Criar, editar e excluir turmas e matrículas',
  'academics.read': 'Ver notas e frequência',
  'academics.write': 'Lançar notas e frequência (professor: só as suas turmas)',
  'academics.manage': 'Gerenciar ano letivo, calendário, abonos e avisos ao Conselho Tutelar',
  'finance.read': 'Ver mensalidades (responsável: só as dos filhos)',
  'finance.manage': 'Gerenciar mensalidades, receitas e despesas',
  'reports.read': 'Emitir relatórios (professor: só das suas turmas)',
  'documents.issue': 'Emitir declarações (responsável: de matrícula e de frequência dos filhos)',
  'documents.manage': 'Emitir qualquer documento escolar, revogar documentos e registrar anos anteriores',
  'pareceres.review': 'Revisar e publicar os pareceres descritivos da Educação Infantil',
  'comunicados.write': 'Enviar comunicados (professor: só às suas turmas)',
  'privacy.manage': 'Gerenciar consentimentos, solicitações LGPD e o registro das operações de tratamento',
  'privacy.self':
    'Baixar os próprios dados, dar ou retirar consentimentos dos filhos e fazer solicitações LGPD',
} as const;
export type Permission = keyof typeof permissionLabels;

/** Route-level access that is not a permission of the matrix. */
export type Access = 'public' | 'authenticated' | Permission;

export const rolePermissions: Record<Nivel, readonly Permission[]> = {
  administrador: Object.keys(permissionLabels) as Permission[],
  professor: [
    'dashboard.read',
    'students.read',
    'teachers.read',
    'classes.read',
    'academics.read',
    'academics.write',
    'reports.read',
    'comunicados.write',
  ],
  responsavel: [
    'dashboard.read',
    'students.read',
    'guardians.self',
    'classes.read',
    'academics.read',
    'finance.read',
    'documents.issue',
    'privacy.self',
  ],
};

export function can(nivel: Nivel | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (nivel === undefined) return false;
  if (access === 'authenticated') return true;
  return rolePermissions[nivel].includes(access);
}
