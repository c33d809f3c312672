/**
 * The portal's and site's pages. The server answers these with the app's HTML and 200; any other
 * non-API path gets the same HTML (which shows 'Página não encontrada') with a 404 status.
 */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/esqueci-senha',
  resetPassword: '/redefinir-senha',
  changePassword: '/trocar-senha',
  confirmEmail: '/confirmar-email',
  contentManager: '/gerenciar-conteudo',
  dashboard: '/dashboard',
  students: '/dashboard/alunos',
  teachers: '/dashboard/professores',
  classes: '/dashboard/turmas',
  finance: '/dashboard/financeiro',
  reports: '/dashboard/relatorios',
  /** Relatórios → Censo Escolar (issue 37): the two stages' figures, pending list and files; `?ano=`. */
  censo: '/dashboard/relatorios/censo',
  users: '/dashboard/usuarios',
  settings: '/dashboard/configuracoes',
  audit: '/dashboard/auditoria',
  calendar: '/dashboard/calendario',
  attendance: '/dashboard/frequencia',
  grades: '/dashboard/notas',
  pareceres: '/dashboard/pareceres',
  yearEnd: '/dashboard/ano-letivo',
  comunicados: '/dashboard/comunicados',
  mensagens: '/dashboard/mensagens',
  myData: '/dashboard/meus-dados',
  lgpd: '/dashboard/lgpd',
  /** A student's own home (issue 31 §4): where a student account lands after signing in. */
  studentPortal: '/dashboard/portal-aluno',
  /**
   * The family's own screens (issue 32): the home feed is `dashboard`; these take `?aluno=<id>` for the
   * child shown (the first child when absent).
   */
  familyChild: '/dashboard/familia/aluno',
  familyBoletim: '/dashboard/familia/boletim',
  familyAttendance: '/dashboard/familia/frequencia',
  familyDocuments: '/dashboard/familia/documentos',
  /** The lessons' content and homework of the child's classes (the last 14 days). */
  familyTarefas: '/dashboard/familia/tarefas',
  /** A child's day in the agenda (issue 32 §3): `?aluno=<id>&data=<AAAA-MM-DD>` (today when absent). */
  familyAgenda: '/dashboard/familia/agenda',
  /** The teacher's daily agenda of a class and the coordination's templates (issue 32 §3). */
  agenda: '/dashboard/agenda',
  publicCalendar: '/calendario',
  /** Matrícula online (issue 34): the staff's funnel and the online rematrícula round. */
  matriculas: '/dashboard/matriculas',
  rematriculaOnline: '/dashboard/matriculas/rematricula',
  /** The public page of next year's annual values, contract and places (Lei 9.870, art. 2). */
  publicacaoMatriculas: '/matriculas',
  /** A hub report laid out for paper (outside the portal's frame), `?relatorio=<id>&<filtros>`. */
  reportPrint: '/imprimir/relatorio',
} as const;

const known = new Set<string>(Object.values(paths));

// Any fixed origin: an address is read against it only to tell a path of this site from another site.
const SAME_ORIGIN = 'http://escola.invalid';

/**
 * `address` read as a path of this site (its path, query string and anchor), or null: only a path that
 * starts with a single '/' is taken — never another site ('//host', '/\host', '/<tab>/host', 'https:…') — so
 * a page that sends someone back to an address it was given (the login, the simulated bank) cannot be used
 * to send them elsewhere.
 */
export function pathOfThisSite(address: unknown): URL | null {
  if (
    typeof address !== 'string' ||
    !address.startsWith('/') ||
    address.startsWith('//') ||
    address.startsWith('/\\')
  )
    return null;
  let url: URL;
  try {
    url = new URL(address, SAME_ORIGIN);
  } catch {
    return null;
  }
  return url.origin === SAME_ORIGIN ? url : null;
}

/**
 * Pages opened from a link with a token (issue 34): the family's pré-matrícula form and a signer's
 * contract. The token is the last segment (base64url); the server checks it, the router only shows the page.
 */
export const tokenPaths = { preMatricula: '/matricula', assinatura: '/assinar' } as const;
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{16,128}$/;

function isTokenRoute(pathname: string): boolean {
  for (const base of Object.values(tokenPaths)) {
    if (pathname.startsWith(`${base}/`) && TOKEN_SEGMENT.test(pathname.slice(base.length + 1))) return true;
  }
  return false;
}

export function isClientRoute(pathname: string): boolean {
  // Trailing slashes cut by hand: the pattern `\/+$` rescanned a run of slashes from each of them, and
  // this runs on any address anyone requests (issue 29).
  let end = pathname.length;
  if (end > 1) while (end > 0 && pathname.charCodeAt(end - 1) === 0x2f) end--;
  const trimmed = pathname.slice(0, end);
  return known.has(trimmed) || isTokenRoute(trimmed);
}
