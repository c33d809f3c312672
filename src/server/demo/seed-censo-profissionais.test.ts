import { expect, it } from 'vitest';
import { dataReferencia } from '../../shared/censo.codigos.js';
import { layoutDoAno } from '../features/censo/layouts/index.js';
import { pessoasFonte } from '../features/censo/pessoas.fonte.js';
import { setupDemoSchool } from '../test/demo-fixtures.js';

const t = setupDemoSchool();

it("the demo's professionals leave no pendência: a director as gestor, every teacher complete", async () => {
  const ctx = {
    db: t.database.db,
    ano: 2026,
    dataReferencia: dataReferencia(2026),
    layout: layoutDoAno(2026)!,
    hoje: '2026-06-17',
  };
  const pendencias = await pessoasFonte.pendencias(ctx);
  expect(pendencias).toEqual([]);
  const linhas = await pessoasFonte.linhas(ctx);
  expect(linhas.filter((linha) => linha.tipo === '40').map((linha) => linha.nome)).toEqual([
    'Ana Paula Ribeiro',
  ]);
  expect(linhas.filter((linha) => linha.tipo === '50').length).toBeGreaterThan(10);
}, 60_000);
