// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { paths } from '../../shared/routes';
import { studentAnswer } from '../test/answers';
import { adminUser, signedInAs, stubApi, stubScreen } from '../test/render';
import { familyGate } from './family-gate';
import { menuFor } from './menu';
import { openAppAt } from '../test/open-app-at';

// The family's Documentos screen stands for any screen whose code the browser cannot fetch (offline, or the
// server updated while the page was open): its import fails as a failed `import()` does.
vi.mock('../features/familia/family-documents-page', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/family-documents-page.js');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const guardian = {
  ...adminUser,
  nome: 'Maria Souza',
  nivel: 'responsavel' as const,
  tipo: 'parent' as const,
};
const familyMenu: [string, string][] = [
  ['Início', paths.dashboard],
  ['Comunicados', paths.comunicados],
  ['Mensagens', paths.mensagens],
  ['Boletim', paths.familyBoletim],
  ['Frequência', paths.familyAttendance],
  ['Tarefas', paths.familyTarefas],
  ['Agenda', paths.familyAgenda],
  ['Financeiro', paths.finance],
  ['Documentos', paths.familyDocuments],
  ['Calendário', paths.calendar],
  ['Meus dados', paths.myData],
];

describe('the family menu', () => {
  it("is exactly the family's eleven screens, in order, with no staff screen", () => {
    expect(menuFor(guardian).map((item) => [item.label, item.to])).toEqual(familyMenu);
  });

  it("leaves the staff's menus as they were", () => {
    const admin = menuFor(adminUser).map((item) => item.label);
    expect(admin.slice(0, 5)).toEqual(['Início', 'Alunos', 'Matrículas', 'Professores', 'Turmas']);
    expect(admin).not.toContain('Meus dados');
    const teacher = menuFor({ ...adminUser, nivel: 'professor', tipo: 'teacher' }).map((item) => item.label);
    expect(teacher).toContain('Frequência');
    expect(teacher).not.toContain('Boletim');
  });

  it("puts the student's own home first in a student's menu", () => {
    const student = menuFor({
      ...adminUser,
      nivel: 'aluno',
      tipo: 'student',
      permissoes: ['academics.read'],
    }).map((item) => item.label);
    expect(student).toEqual(['Portal do Aluno', 'Calendário']);
  });
});

describe('the family gate', () => {
  it("sends a family's typed staff address to the family's own screen, with the child", () => {
    expect(familyGate(guardian, paths.students, '?aluno=abc')).toEqual({
      kind: 'redirect',
      to: `${paths.familyChild}?aluno=abc`,
    });
    expect(familyGate(guardian, `${paths.classes}/`)).toEqual({ kind: 'redirect', to: paths.familyChild });
    expect(familyGate(guardian, paths.attendance)).toEqual({ kind: 'redirect', to: paths.familyAttendance });
    expect(familyGate(guardian, paths.grades)).toEqual({ kind: 'redirect', to: paths.familyBoletim });
    expect(familyGate(guardian, paths.pareceres)).toEqual({ kind: 'redirect', to: paths.familyBoletim });
  });

  it('says not found for every other staff screen, and lets the family screens through', () => {
    for (const staff of [
      paths.teachers,
      paths.yearEnd,
      paths.reports,
      paths.users,
      paths.settings,
      paths.audit,
      paths.lgpd,
      paths.studentPortal,
      '/dashboard/qualquer-coisa',
    ])
      expect(familyGate(guardian, staff), staff).toEqual({ kind: 'not-found' });
    for (const [, to] of familyMenu) expect(familyGate(guardian, to), to).toEqual({ kind: 'allow' });
    expect(familyGate(guardian, paths.familyChild)).toEqual({ kind: 'allow' });
    expect(familyGate(guardian, paths.familyAgenda)).toEqual({ kind: 'allow' });
  });

  it("keeps the family's screens from the staff, and the staff's screens open to them", () => {
    expect(familyGate(adminUser, paths.familyBoletim)).toEqual({ kind: 'not-found' });
    expect(familyGate(adminUser, paths.familyChild)).toEqual({ kind: 'not-found' });
    expect(familyGate(adminUser, paths.students)).toEqual({ kind: 'allow' });
    expect(familyGate(adminUser, paths.audit)).toEqual({ kind: 'allow' });
  });
});

const child = studentAnswer({
  id: '00000000-0000-4000-8000-0000000000a1',
  nome: 'Ana Souza',
  data_nascimento: '2015-03-01',
  idade: 11,
  data_matricula: '2026-02-01',
  created_at: '2026-02-01T00:00:00.000Z',
});

/** The whole app's routes at `url`, signed in as a family. */
function openAsFamily(url: string) {
  stubScreen(false);
  stubApi({
    '/api/auth/me': signedInAs(guardian),
    '/api/alunos': { items: [child], total: 1, page: 1, pageSize: 100 },
    '/api/privacidade': {
      pendente: false,
      privacidade: { versao: 1, titulo: 'Privacidade', texto: '' },
      termos: { versao: 1, titulo: 'Termos', texto: '' },
      ultimo_aceite: null,
    },
  });
  return openAppAt(url);
}

describe("a family's typed staff address", () => {
  it("opens the child's page, never 'Gestão de Alunos'", async () => {
    const router = openAsFamily('/dashboard/alunos');
    expect(await screen.findByRole('heading', { name: 'Ana Souza' })).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.familyChild);
    expect(screen.queryByText('Gestão de Alunos')).toBeNull();
    const bar = screen.getByRole('navigation', { name: 'Menu da família' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Início', 'Comunicados', 'Mensagens', 'Boletim']);
    expect(within(bar).getByRole('button', { name: 'Mais' })).toBeVisible();
  });

  it("shows 'Página não encontrada' inside the family's frame for a staff-only screen", async () => {
    openAsFamily('/dashboard/auditoria');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect(screen.queryByText('Auditoria')).toBeNull();
  });
});

describe('a family screen that cannot open', () => {
  it("says so inside the family's frame, in Portuguese, with the menu still there", async () => {
    openAsFamily(paths.familyDocuments);
    expect(await screen.findByRole('heading', { name: 'Não foi possível abrir esta tela' })).toBeVisible();
    expect(screen.getByText(/O sistema pode ter sido atualizado/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Recarregar a página' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menu da família' })).toBeVisible();
    expect(screen.queryByText(/Hey developer/)).toBeNull();
  });
});
