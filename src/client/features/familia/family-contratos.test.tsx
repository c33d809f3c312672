// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ContratoFamilia } from '../../../shared/contratos.schemas';
import { uuidOf } from '../../test/answers';
import { renderAt, stubApi } from '../../test/render';
import { FamilyContratos } from './family-contratos';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const URL = '/api/matriculas/contratos/familia';
const assinado: ContratoFamilia = {
  id: uuidOf(7),
  aluno: 'Davi Moura Alves',
  serie: '1º ano',
  ano_letivo: 2027,
  assinado_em: '2026-11-29T13:20:00.000Z',
  codigo_validacao: 'ABCD-EFGH-JKMN-PQRS-TVWX',
};

describe("the family's signed contracts (Documentos)", () => {
  it('lists each signed contract with its code and a download of the signed PDF', async () => {
    stubApi({ [URL]: [assinado] });
    renderAt(<FamilyContratos />);
    const section = await screen.findByRole('region', { name: 'Contratos de matrícula assinados' });
    expect(section).toHaveTextContent('Davi Moura Alves — 1º ano, 2027');
    expect(section).toHaveTextContent('Assinado em 29/11/2026 · código ABCD-EFGH-JKMN-PQRS-TVWX');
    expect(screen.getByRole('button', { name: 'Baixar PDF' })).toBeEnabled();
  });

  it('shows nothing while the family has no signed contract', async () => {
    const api = stubApi({ [URL]: [] });
    renderAt(<FamilyContratos />);
    await vi.waitFor(() => expect(api.requests.map((request) => request.path)).toContain(URL));
    expect(screen.queryByRole('region', { name: 'Contratos de matrícula assinados' })).toBeNull();
  });
});
