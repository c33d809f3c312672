import { describe, expect, it } from 'vitest';
import { dataReferencia } from '../../../shared/censo.codigos.js';
import { setupDemoSchool } from '../../test/demo-fixtures.js';
import { alunosFonte } from './alunos.fonte.js';
import type { CensoContexto, Obrigatoriedade, Valor } from './layout.js';
import { layout2024 } from './layouts/2024/index.js';

const t = setupDemoSchool();

const contexto = (): CensoContexto => ({
  db: t.database.db,
  ano: 2026,
  dataReferencia: dataReferencia(2026),
  layout: layout2024,
  hoje: '2026-06-17',
});

/** The layout's own rule of a required field (the writer's check, part 5, reads the same table). */
function exigido(obrigatorio: Obrigatoriedade | undefined, valores: Readonly<Record<string, Valor>>) {
  if (obrigatorio === undefined || obrigatorio === false) return false;
  if (obrigatorio === true) return true;
  const valor = valores[obrigatorio.quando];
  return valor !== null && valor !== undefined && obrigatorio.em.includes(valor);
}

describe('the demo students in record 30', () => {
  it('every student enrolled on the reference date has a line with every field the layout requires of a student, and no pendência', async () => {
    const linhas = await alunosFonte.linhas(contexto());
    expect(linhas.length).toBeGreaterThan(10);
    const faltando: string[] = [];
    for (const linha of linhas)
      for (const campo of layout2024.registros['30']) {
        // The school's INEP code is part 1's (Configurações → Censo); the demo's is set there.
        if (campo.chave === 'inepEscola' || campo.formato === 'fixo') continue;
        const valor = linha.valores[campo.chave];
        if (
          exigido(campo.obrigatorio, linha.valores) &&
          (valor === null || valor === undefined || valor === '')
        )
          faltando.push(`${linha.nome}: ${campo.chave}`);
      }
    expect(faltando).toEqual([]);
    expect(new Set(linhas.map((linha) => linha.valores.raca))).toContain('0');
    expect(await alunosFonte.pendencias(contexto())).toEqual([]);
  });
});
