/**
 * Permissions and profiles (ADR 0003, ADR 0025, docs/architecture.md). One table, read by the server's
 * route guard, by the menus and by the settings screen.
 *
 * Two separate questions, two separate answers:
 * - `nivel`, the kind of account, decides SCOPE: the school's staff reach the whole school, a teacher the
 *   classes they teach, a guardian their own children. Each service enforces it on every object.
 * - PROFILES (`perfis`) decide WHAT: each is a named set of the permissions below; a person's permissions
 *   are the union of their profiles'. The built-in profiles are defined here; a school adds its own.
 */
export const niveis = ['administrador', 'professor', 'responsavel', 'aluno'] as const;
export type Nivel = (typeof niveis)[number];

/** The school's own people (administradores and professores), not a family's or a student's account. */
export function isStaffLevel(nivel: Nivel): boolean {
  return nivel === 'administrador' || nivel === 'professor';
}

/** `tipo` of the signed-in user, as the spec's "current user" carries it. */
export const tipoByNivel = {
  administrador: 'admin',
  professor: 'teacher',
  responsavel: 'parent',
  aluno: 'student',
} as const;
export type Tipo = (typeof tipoByNivel)[Nivel];

export const nivelLabels: Record<Nivel, string> = {
  administrador: 'Administrador',
  professor: 'Professor',
  responsavel: 'Responsável',
  aluno: 'Aluno',
};

export const permissionLabels = {
  'dashboard.read': 'Ver o painel inicial',
  'students.read': 'Ver alunos e as suas fichas',
  'students.write': 'Matricular, cadastrar e editar alunos e responsáveis',
  'matriculas.manage':
    'Acompanhar o funil de matrículas, enviar pré-matrículas e contratos e conduzir a rematrícula online',
  'students.sensitive':
    'Ver e editar os dados sensíveis dos alunos para o Censo Escolar: cor/raça, deficiência, TEA e altas habilidades',
  'students.inclusao':
    'Ver deficiência, TEA e altas habilidades dos alunos das próprias turmas, para o apoio à inclusão',
  'guardians.self': 'Editar os próprios dados de contato',
  'teachers.read': 'Ver o corpo docente',
  'teachers.write': 'Cadastrar e editar professores',
  'classes.read': 'Ver turmas',
  'classes.write': 'Criar, editar e excluir turmas, enturmar alunos e montar a grade curricular',
  'curriculum.manage':
    'Montar a grade curricular das turmas (disciplinas, professores, aulas por semana, itinerários), sem criar turmas',
  'academics.read': 'Ver notas e frequência de todas as turmas',
  'academics.write': 'Lançar notas, frequência e pareceres de todas as turmas',
  'academics.manage': 'Gerenciar ano letivo, calendário, abonos e avisos ao Conselho Tutelar',
  'diario.read':
    'Abrir o diário de classe de todas as turmas: aulas, conteúdo, faltas e notas do período, e o diário impresso',
  'pareceres.review': 'Revisar e publicar pareceres descritivos',
  'reports.academico': 'Emitir relatórios acadêmicos: boletins, mapa de notas, frequência, alunos em risco',
  'reports.secretaria': 'Emitir relatórios da secretaria: listas de turma, aniversariantes, contatos',
  'documents.issue': 'Emitir declarações de matrícula e de frequência',
  'documents.manage': 'Emitir qualquer documento escolar, revogar documentos e registrar anos anteriores',
  'censo.manage':
    'Preparar o Censo Escolar: dados do INEP da escola, das turmas e das pessoas, pendências, arquivos e importação de IDs',
  'finance.read': 'Consultar mensalidades',
  'finance.manage': 'Atender mensalidades: gerar, receber pagamentos, dar descontos e bolsas',
  'finance.figures': 'Ver os números do financeiro: receitas, despesas, fluxo de caixa e inadimplência',
  'comunicados.escola': 'Enviar comunicados a toda a escola, a segmentos, à equipe e a famílias escolhidas',
  'comunicados.turmas': 'Enviar comunicados a turmas',
  'mensagens.iniciar':
    'Iniciar conversas com as famílias de qualquer aluno e atender as mensagens à secretaria',
  'mensagens.acompanhar':
    'Acompanhar as conversas dos professores com as famílias (somente leitura, quando a escola liga o acompanhamento)',
  'content.manage': 'Editar o conteúdo do site',
  'settings.manage': 'Alterar configurações do sistema',
  'users.manage': 'Gerenciar usuários do portal',
  'perfis.manage': 'Criar e alterar perfis de acesso',
  'backup.manage': 'Criar e baixar backups',
  'backup.restore': 'Restaurar um backup e limpar todos os dados',
  'audit.read': 'Consultar a trilha de auditoria e o registro de acessos',
  'docs.read': 'Consultar a documentação da API',
  'privacy.manage': 'Gerenciar consentimentos, solicitações LGPD e o registro das operações de tratamento',
  'privacy.self':
    'Baixar os próprios dados, dar ou retirar consentimentos dos filhos e fazer solicitações LGPD',
} as const;
export type Permission = keyof typeof permissionLabels;
export const permissions = Object.keys(permissionLabels) as Permission[];

/** The groups the settings screen shows the permissions in (every permission in exactly one). */
export const permissionGroups: readonly { nome: string; permissoes: readonly Permission[] }[] = [
  {
    nome: 'Secretaria escolar',
    permissoes: [
      'dashboard.read',
      'students.read',
      'students.write',
      'students.sensitive',
      'students.inclusao',
      'matriculas.manage',
      'guardians.self',
      'teachers.read',
      'teachers.write',
      'classes.read',
      'classes.write',
    ],
  },
  {
    nome: 'Pedagógico',
    permissoes: [
      'curriculum.manage',
      'academics.read',
      'academics.write',
      'academics.manage',
      'diario.read',
      'pareceres.review',
    ],
  },
  {
    nome: 'Documentos e relatórios',
    permissoes: [
      'documents.issue',
      'documents.manage',
      'reports.academico',
      'reports.secretaria',
      'censo.manage',
    ],
  },
  { nome: 'Financeiro', permissoes: ['finance.read', 'finance.manage', 'finance.figures'] },
  {
    nome: 'Comunicação e site',
    permissoes: [
      'comunicados.escola',
      'comunicados.turmas',
      'mensagens.iniciar',
      'mensagens.acompanhar',
      'content.manage',
    ],
  },
  {
    nome: 'Administração do sistema',
    permissoes: [
      'settings.manage',
      'users.manage',
      'perfis.manage',
      'backup.manage',
      'backup.restore',
      'audit.read',
      'docs.read',
    ],
  },
  { nome: 'LGPD', permissoes: ['privacy.manage', 'privacy.self'] },
];

/**
 * Route-level access: public, any signed-in user, one permission, or any one of several (a route shared
 * by the split permissions of ADR 0031, e.g. the reports hub for academic or secretaria reports).
 */
export type Access = 'public' | 'authenticated' | Permission | readonly Permission[];

/** The built-in profiles: fixed sets (a school that wants another set makes a custom profile). */
export const builtInPerfis = [
  'direcao',
  'secretaria',
  'coordenacao',
  'financeiro',
  'professor',
  'responsavel',
  'aluno',
] as const;
export type BuiltInPerfil = (typeof builtInPerfis)[number];

export const builtInPerfilNames: Record<BuiltInPerfil, string> = {
  direcao: 'Direção',
  secretaria: 'Secretaria',
  coordenacao: 'Coordenação pedagógica',
  financeiro: 'Financeiro',
  professor: 'Professor',
  responsavel: 'Responsável',
  aluno: 'Aluno',
};

/** Which kind of account each built-in profile is for (the users screen offers the staff ones to staff). */
export const builtInPerfilNivel: Record<BuiltInPerfil, Nivel> = {
  direcao: 'administrador',
  secretaria: 'administrador',
  coordenacao: 'administrador',
  financeiro: 'administrador',
  professor: 'professor',
  responsavel: 'responsavel',
  aluno: 'aluno',
};

const teacher: readonly Permission[] = [
  'dashboard.read',
  'students.read',
  'teachers.read',
  'classes.read',
  'academics.read',
  'academics.write',
  'diario.read',
  'reports.academico',
  'reports.secretaria',
  'comunicados.turmas',
  'mensagens.iniciar',
];

export const builtInPerfilPermissions: Record<BuiltInPerfil, readonly Permission[]> = {
  // Today's administrators: every permission, the ones added later included.
  direcao: permissions,
  secretaria: [
    'dashboard.read',
    'students.read',
    'students.write',
    'students.sensitive',
    'matriculas.manage',
    'teachers.read',
    'teachers.write',
    'classes.read',
    'classes.write',
    'academics.read',
    // The secretaria opens the diário de classe, read-only (ADR 0081); the roll stays the teachers'.
    'diario.read',
    'reports.academico',
    'reports.secretaria',
    'documents.issue',
    'documents.manage',
    'censo.manage',
    'comunicados.escola',
    'comunicados.turmas',
    'mensagens.iniciar',
  ],
  coordenacao: [
    'dashboard.read',
    'students.read',
    'teachers.read',
    'classes.read',
    // The coordination builds the grade curricular with the direção (ADR 0107); the classes and who is
    // in them stay the secretaria's.
    'curriculum.manage',
    'academics.read',
    'academics.write',
    'academics.manage',
    'diario.read',
    'pareceres.review',
    'reports.academico',
    'reports.secretaria',
    'documents.issue',
    // The coordinator writes to the families of a class (provas, recuperação, reunião; ADR 0075).
    'comunicados.turmas',
    'mensagens.iniciar',
    'mensagens.acompanhar',
  ],
  financeiro: ['dashboard.read', 'students.read', 'finance.read', 'finance.manage', 'finance.figures'],
  professor: teacher,
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
  // --- issue 31 §4, students' own logins (ADR 0029) ---------------------------------------------------
  // A student's account (nivel 'aluno') reaches only the student themselves: their boletim and attendance
  // (academics.read) and the declarations about them (documents.issue). Calendar and comunicados are open
  // to any signed-in account and filter by kind; mensagens refuse the kind (they are the family's).
  aluno: ['academics.read', 'documents.issue'],
};

/**
 * The profile an account of each kind holds when it holds none: the accounts made before profiles
 * existed (a backup restored from an older version) and the kind's default. The users screen never
 * leaves a staff account without a profile, so this never turns a restricted account into Direção.
 */
export const defaultPerfilOf: Record<Nivel, BuiltInPerfil> = {
  administrador: 'direcao',
  professor: 'professor',
  responsavel: 'responsavel',
  aluno: 'aluno',
};

/** Each level's default profile's permissions (the access-denied page names the least level holding one). */
export const rolePermissions: Record<Nivel, readonly Permission[]> = {
  administrador: builtInPerfilPermissions.direcao,
  professor: builtInPerfilPermissions.professor,
  responsavel: builtInPerfilPermissions.responsavel,
  aluno: builtInPerfilPermissions.aluno,
};

/**
 * What reaches the whole school — the secretaria's records, the money, the year, the installation. These
 * act on a staff account (`administrador`) only: the services behind them write school-wide without the
 * viewer's scope, while everything a teacher's account reads is its own classes (ADR 0025), so on a
 * teacher's account they would write where it cannot even read. A teacher who also coordinates has a
 * staff account holding Professor and Coordenação.
 */
export const staffOnlyPermissions = [
  'students.write',
  'students.sensitive',
  'matriculas.manage',
  'teachers.write',
  'classes.write',
  'curriculum.manage',
  'academics.manage',
  'documents.manage',
  'censo.manage',
  'finance.manage',
  'finance.figures',
  'comunicados.escola',
  'mensagens.acompanhar',
  'content.manage',
  'settings.manage',
  'users.manage',
  'perfis.manage',
  'backup.manage',
  'backup.restore',
  'audit.read',
  'privacy.manage',
] as const satisfies readonly Permission[];

/** Whether an account of kind `nivel` can use `permission` (staff-only ones on a staff account only). */
export function reachesWithKind(nivel: Nivel, permission: Permission): boolean {
  return nivel === 'administrador' || !(staffOnlyPermissions as readonly Permission[]).includes(permission);
}

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(permissionLabels, value);
}

/**
 * Whether a holder of `granted` (the union of their profiles' permissions; undefined when nobody is
 * signed in) may use a route or a screen declaring `access`. A level stands for its default profile
 * (the tests and the access-denied page speak of levels).
 */
export function can(granted: readonly Permission[] | Nivel | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (granted === undefined) return false;
  if (access === 'authenticated') return true;
  const held = typeof granted === 'string' ? rolePermissions[granted] : granted;
  return typeof access === 'string' ? held.includes(access) : access.some((one) => held.includes(one));
}

/** The permissions of a signed-in user as the client holds it (older answers carry only the level). */
export function permissionsOf(
  user: { nivel: Nivel; permissoes?: readonly Permission[] } | null | undefined,
): readonly Permission[] | undefined {
  if (!user) return undefined;
  return user.permissoes ?? rolePermissions[user.nivel];
}

/**
 * Permissions split after profiles shipped (ADR 0031): a custom profile stored with an old name (a
 * backup restored from before the split) holds what the old one allowed. The migration rewrites the
 * rows; this covers a restore.
 */
export const splitPermissions: Readonly<Record<string, readonly Permission[]>> = {
  'comunicados.write': ['comunicados.escola', 'comunicados.turmas'],
  'reports.read': ['reports.academico', 'reports.secretaria'],
};

/** A stored profile's permissions in today's names (unknown ones dropped). */
export function currentPermissions(stored: readonly string[]): Permission[] {
  const result = new Set<Permission>();
  for (const name of stored) {
    if (isPermission(name)) result.add(name);
    else for (const now of splitPermissions[name] ?? []) result.add(now);
  }
  return [...result];
}

/** Who may send a notice at all (to whom is the service's question, ADR 0031). */
export const sendsComunicados: readonly Permission[] = ['comunicados.escola', 'comunicados.turmas'];
/**
 * Who opens Frequência (ADR 0081): who takes the roll (academics.write) or reads the diário de classe
 * (diario.read, the secretaria's only tab there). The menu and the screen's guard both read this.
 */
export const opensAttendance: readonly Permission[] = ['academics.write', 'diario.read'];
/**
 * Who builds a class's grade curricular (ADR 0107): who creates classes, as always, and the coordenação
 * (`curriculum.manage`), who builds it without managing the classes themselves.
 */
export const buildsCurriculum: readonly Permission[] = ['classes.write', 'curriculum.manage'];
/** Who may open the reports hub (each report then declares its own kind). */
export const readsReports: readonly Permission[] = ['reports.academico', 'reports.secretaria'];

/**
 * How a permission reads on a profile of a teacher's or a guardian's account, whose scope is their own
 * classes or children (ADR 0025): the profile cards say it plainly instead of a parenthesis per kind.
 */
const permissionLabelsByNivel: Partial<Record<Permission, Partial<Record<Nivel, string>>>> = {
  'students.read': { professor: 'Ver os alunos das suas turmas', responsavel: 'Ver a ficha dos filhos' },
  'classes.read': { professor: 'Ver as suas turmas', responsavel: 'Ver as turmas dos filhos' },
  'academics.read': {
    professor: 'Ver notas e frequência das suas turmas',
    responsavel: 'Ver as notas, a frequência e os pareceres publicados dos filhos',
  },
  'academics.write': { professor: 'Lançar notas, frequência e pareceres das suas turmas' },
  'diario.read': { professor: 'Abrir o diário de classe das suas turmas' },
  'reports.academico': { professor: 'Emitir relatórios acadêmicos das suas turmas' },
  'reports.secretaria': { professor: 'Emitir listas, aniversariantes e contatos das suas turmas' },
  'documents.issue': { responsavel: 'Emitir declarações de matrícula e de frequência dos filhos' },
  'finance.read': { responsavel: 'Consultar as mensalidades dos filhos' },
  'comunicados.turmas': { professor: 'Enviar comunicados às suas turmas e a famílias de alunos delas' },
  'mensagens.iniciar': { professor: 'Iniciar conversas com as famílias dos alunos das suas turmas' },
};

/** The label of a permission as a profile of this kind of account holds it (null: a staff or custom profile). */
export function permissionLabelFor(permission: Permission, nivel: Nivel | null): string {
  return (nivel && permissionLabelsByNivel[permission]?.[nivel]) ?? permissionLabels[permission];
}
