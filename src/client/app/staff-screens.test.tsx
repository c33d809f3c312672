// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { paths } from '../../shared/routes';
import { adminUser, pinDate, signedInAs, stubApi, stubScreen } from '../test/render';
import { openAppAt } from '../test/open-app-at';

pinDate('2026-12-02T15:00:00Z');
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The Coordenação pedagógica: an administrador by level, with the academic permissions only. */
const coordination = signedInAs({
  ...adminUser,
  nome: 'Beatriz Teles',
  perfis: ['Coordenação pedagógica'],
  permissoes: ['dashboard.read', 'students.read', 'academics.read', 'academics.manage'],
});

describe('the staff at an address the portal does not have', () => {
  it('reads “Página não encontrada” inside the portal, with the menu still there', async () => {
    stubScreen(true);
    stubApi({ '/api/auth/me': coordination });
    openAppAt('/dashboard/pagina-que-nao-existe');
    expect(await screen.findByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Menu do portal' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir para o Início' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('a screen the profile does not include', () => {
  it('names the profile and the permission it lacks, not a level list holding their own', async () => {
    stubScreen(true);
    stubApi({ '/api/auth/me': coordination });
    openAppAt(paths.finance);
    expect(await screen.findByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    const [perfil, needed] = screen.getAllByRole('definition');
    expect(perfil).toHaveTextContent('Coordenação pedagógica');
    expect(needed).toHaveTextContent('Consultar mensalidades');
    expect(screen.getByText(/Quem define os perfis é a direção, em Usuários/)).toBeVisible();
    // It said 'Seu nível: Administrador · Níveis com acesso: Administrador e Responsável'.
    expect(screen.queryByText('Seu nível')).toBeNull();
  });
});
