import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { descricaoCobranca, type TipoCobranca } from '../../shared/mensalidades.schemas.js';
import { insertStudent, insertTuition } from '../test/records-fixtures.js';
import { setupTestApp } from '../test/test-app.js';
import { rowsOf } from './rows.js';
import { descricaoCobrancaSql, referenciaNaFraseSql, tipoCobrancaSql } from './cobranca-nome.js';

const t = setupTestApp();

describe('descricaoCobrancaSql', () => {
  it('names every charge as descricaoCobranca does (ADR 0094)', async () => {
    const aluno = await insertStudent(t, null);
    const charges: { mes: string; tipo: TipoCobranca; anuidadeAno: number | null }[] = [
      { mes: '2026-01', tipo: 'mensalidade', anuidadeAno: null },
      { mes: '2026-03', tipo: 'mensalidade', anuidadeAno: 2026 },
      { mes: '2026-12', tipo: 'taxa_matricula', anuidadeAno: 2027 },
      { mes: '2026-11', tipo: 'taxa_matricula', anuidadeAno: null },
      { mes: '2027-02', tipo: 'taxa_matricula', anuidadeAno: 2027 },
    ];
    for (const charge of charges)
      await insertTuition(t, aluno.id, charge.mes, `${charge.mes}-10`, {
        tipo: charge.tipo,
        anuidadeAno: charge.anuidadeAno,
      });
    const rows = rowsOf<{
      mes_referencia: string;
      tipo: TipoCobranca;
      anuidade_ano: number | null;
      descricao: string;
      frase: string;
      titulo: string;
    }>(
      await t.database.db.execute(sql`
        select m.mes_referencia, m.tipo, m.anuidade_ano, ${descricaoCobrancaSql('m')} as descricao,
          ${referenciaNaFraseSql('m')} as frase, ${tipoCobrancaSql('m')} as titulo
        from mensalidades m order by m.mes_referencia`),
    );
    expect(rows).toHaveLength(charges.length);
    for (const row of rows) {
      const expected = descricaoCobranca(row);
      expect(row.descricao).toBe(expected);
      expect(row.frase).toBe(expected.charAt(0).toLocaleLowerCase('pt-BR') + expected.slice(1));
      expect(expected.startsWith(row.titulo)).toBe(true);
    }
    expect(rows.map((row) => row.descricao)).toEqual([
      'Mensalidade de janeiro de 2026',
      'Mensalidade de março de 2026',
      'Taxa de matrícula 2027',
      'Taxa de matrícula 2027',
      'Taxa de matrícula 2027',
    ]);
  });
});
