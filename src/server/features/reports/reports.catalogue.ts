import { can, type Nivel, type Permission } from '../../../shared/permissions.js';
import type { ReportEntry, ReportParameter } from '../../../shared/reports.schemas.js';
import { paths } from '../../../shared/routes.js';
import type { DbOrTx } from '../../db/client.js';
import type { Viewer } from '../classes/index.js';
import { fichaAccessOf, scopeOf } from '../students/index.js';
import { academicReports } from './reports.academico.js';
import { classOptionsOf, type CatalogueContext, type HubReport } from './reports.context.js';
import { peopleReports } from './reports.people.js';
import { secretariaReports } from './reports.secretaria.js';

/** The hub's own reports, in the order the screen shows them. */
export const hubReports: HubReport[] = [...secretariaReports, ...academicReports, ...peopleReports];

export function findHubReport(id: string): HubReport | undefined {
  return hubReports.find((report) => report.id === id);
}

/** A report of another screen the hub links to (finance, the students export, the audit trail). */
interface CatalogueItem extends Omit<
  ReportEntry,
  'descricao' | 'parametros' | 'tela' | 'parametro_formato' | 'exportacao'
> {
  /** The permission its route checks: the catalogue offers only what would not answer 403. */
  access: Permission;
  /** Roles that hold the permission but are not offered the file (a guardian's children list). */
  except?: Nivel[];
  /** Fixed, or per role where the same route gives each role a different file (scope). */
  descricao: string | ((nivel: Nivel, permissoes: readonly Permission[]) => string);
  parametros: (year: number) => ReportParameter[];
  tela: ReportEntry['tela'] | ((nivel: Nivel) => ReportEntry['tela']);
}

const yearParameter = (year: number): ReportParameter[] => [
  { nome: 'ano', rotulo: 'Ano', tipo: 'ano', obrigatorio: false, padrao: year, minimo: 2000, maximo: 2100 },
];
const financeReports = { rotulo: 'Abrir no Financeiro', caminho: `${paths.finance}?aba=relatorios` };

/**
 * The reports that exist today, each pointing at the route that produces it. A new report is one more
 * item here (and its route); the screen and the catalogue test pick it up.
 */
const catalogue: CatalogueItem[] = [
  {
    id: 'fluxo-de-caixa',
    grupo: 'financeiro',
    titulo: 'Fluxo de caixa',
    descricao: 'Receitas, despesas e saldo de cada mês do ano, com o saldo acumulado.',
    url: '/api/financeiro/relatorios/fluxo',
    formatos: ['csv', 'xlsx'],
    parametros: yearParameter,
    access: 'finance.figures',
    tela: financeReports,
  },
  {
    id: 'inadimplencia',
    grupo: 'financeiro',
    titulo: 'Inadimplência',
    descricao:
      'Mensalidades e taxas de matrícula vencidas (contadas à parte) e valor em aberto no ano, agrupados por turma e por responsável.',
    url: '/api/financeiro/relatorios/inadimplencia',
    formatos: ['csv', 'xlsx'],
    parametros: yearParameter,
    access: 'finance.figures',
    tela: financeReports,
  },
  {
    id: 'categorias',
    grupo: 'financeiro',
    titulo: 'Receitas e despesas por categoria',
    descricao: 'Quantidade de lançamentos e total do ano por categoria, separando receitas e despesas.',
    url: '/api/financeiro/relatorios/categorias',
    formatos: ['csv', 'xlsx'],
    parametros: yearParameter,
    access: 'finance.figures',
    tela: financeReports,
  },
  {
    id: 'mensalidades',
    grupo: 'financeiro',
    // The file lists the enrolment fees among the months; the catalogue cannot see whose list holds one,
    // so it names both kinds (ADR 0108), and the family's link goes to its 'Financeiro', the menu's word.
    titulo: 'Mensalidades e taxas de matrícula',
    descricao: (nivel) =>
      nivel === 'responsavel'
        ? 'As mensalidades e taxas de matrícula dos seus filhos no ano: vencimento, valores, situação e pagamento.'
        : 'Todas as mensalidades e taxas de matrícula do ano: aluno, turma, vencimento, valores, situação e pagamento.',
    url: '/api/financeiro/mensalidades',
    formatos: ['csv', 'xlsx'],
    parametros: yearParameter,
    access: 'finance.read',
    tela: (nivel) =>
      nivel === 'responsavel'
        ? { rotulo: 'Abrir no Financeiro', caminho: paths.finance }
        : { rotulo: 'Abrir no Financeiro', caminho: `${paths.finance}?aba=mensalidades` },
  },
  {
    id: 'alunos',
    grupo: 'secretaria',
    titulo: 'Cadastro de alunos (exportação)',
    // The CPF column follows what the account reads of the ficha (ADR 0139).
    descricao: (nivel, permissoes) =>
      nivel === 'professor'
        ? 'Os alunos das suas turmas, com matrícula, turma e contato do responsável (sem CPF).'
        : fichaAccessOf(permissoes) === 'consulta'
          ? 'Todos os alunos com matrícula, turma, situação, contatos e o responsável principal (sem CPF).'
          : 'Todos os alunos com matrícula, turma, situação, contatos, CPF e o responsável principal.',
    url: '/api/alunos/export',
    formatos: ['csv', 'xlsx'],
    parametros: () => [],
    access: 'students.read',
    except: ['responsavel'],
    tela: { rotulo: 'Abrir Alunos', caminho: paths.students },
  },
  {
    id: 'auditoria',
    grupo: 'auditoria',
    titulo: 'Trilha de auditoria',
    descricao:
      'Todas as ações registradas (acessos, alterações, exportações e backups), com usuário, data, IP e origem.',
    url: '/api/auditoria',
    formatos: ['csv'],
    parametros: () => [],
    access: 'audit.read',
    tela: { rotulo: 'Abrir Auditoria', caminho: paths.audit },
  },
];

/** The reports `viewer` may run, with their filters and links: the hub's, then the linked ones. */
export async function listReports(
  db: DbOrTx,
  viewer: Viewer & { permissoes: readonly Permission[] },
  today: string,
): Promise<ReportEntry[]> {
  const nivel = viewer.nivel;
  const year = Number(today.slice(0, 4));
  const hub = hubReports.filter((report) => can(viewer.permissoes, report.access));
  const context: CatalogueContext = {
    year,
    today,
    classOptions: hub.length > 0 ? await classOptionsOf(db, await scopeOf(db, viewer)) : [],
  };
  const own: ReportEntry[] = hub.map((report) => ({
    id: report.id,
    grupo: report.grupo,
    titulo: report.titulo,
    descricao: report.descricao(nivel),
    url: `/api/relatorios/${report.id}`,
    parametro_formato: 'formato',
    formatos: report.formatos,
    parametros: report.parametros(context),
    tela: report.somenteExportacao
      ? null
      : { rotulo: 'Abrir relatório', caminho: `${paths.reports}?relatorio=${report.id}` },
    exportacao: report.exportacao === true,
  }));
  const linked: ReportEntry[] = catalogue
    .filter((item) => can(viewer.permissoes, item.access) && !item.except?.includes(nivel))
    .map((item) => ({
      id: item.id,
      grupo: item.grupo,
      titulo: item.titulo,
      descricao:
        typeof item.descricao === 'function' ? item.descricao(nivel, viewer.permissoes) : item.descricao,
      url: item.url,
      parametro_formato: 'format',
      formatos: item.formatos,
      parametros: item.parametros(year),
      tela: typeof item.tela === 'function' ? item.tela(nivel) : item.tela,
      exportacao: false,
    }));
  return [...own, ...linked];
}
