import { describe, expect, it } from 'vitest';
import { cargaHorariaAvisos, formatDuration } from './carga-horaria';

describe('cargaHorariaAvisos (LDB art. 24, I and art. 31, II–III)', () => {
  it('Ensino Fundamental: below 800 h a year warns, citing art. 24, I', () => {
    const base = { nivel: 'Fundamental I', turno: 'manha', aulaMinutos: 50 } as const;
    // 20 lessons of 50 min × 40 weeks = 666,7 h.
    expect(cargaHorariaAvisos({ ...base, aulasSemanais: 20 })).toEqual([
      'A grade soma 667 h no ano (20 aulas de 50 min por semana, em 40 semanas letivas); a LDB (art. 24, I) pede no Ensino Fundamental ao menos 800 h anuais, em no mínimo 200 dias letivos.',
    ]);
    // 24 × 50 min × 40 = 800 h: the minimum, no warning.
    expect(cargaHorariaAvisos({ ...base, aulasSemanais: 24 })).toEqual([]);
    expect(cargaHorariaAvisos({ ...base, nivel: 'Fundamental II', aulasSemanais: 23 })).toHaveLength(1);
  });

  it('Educação Infantil: 4 hours a day part-time, 7 full-time (art. 31, III), 800 h a year (II)', () => {
    const base = { nivel: 'Educação Infantil', aulaMinutos: 60 } as const;
    expect(cargaHorariaAvisos({ ...base, turno: 'tarde', aulasSemanais: 20 })).toEqual([]);
    expect(cargaHorariaAvisos({ ...base, turno: 'tarde', aulasSemanais: 17 })).toEqual([
      'A grade soma 3 h 24 min por dia (17 aulas de 60 min por semana; 680 h no ano); a LDB (art. 31, II e III) pede na Educação Infantil ao menos 4 horas diárias em turno parcial e 800 h anuais em 200 dias letivos.',
    ]);
    expect(cargaHorariaAvisos({ ...base, turno: 'integral', aulasSemanais: 30 })).toEqual([
      'A grade soma 6 h por dia (30 aulas de 60 min por semana; 1.200 h no ano); a LDB (art. 31, II e III) pede na Educação Infantil ao menos 7 horas diárias em tempo integral e 800 h anuais em 200 dias letivos.',
    ]);
    expect(cargaHorariaAvisos({ ...base, turno: 'integral', aulasSemanais: 35 })).toEqual([]);
  });

  it('nothing to measure without a grid, and the Ensino Médio is checked elsewhere', () => {
    expect(
      cargaHorariaAvisos({ nivel: 'Educação Infantil', turno: 'manha', aulaMinutos: 50, aulasSemanais: 0 }),
    ).toEqual([]);
    expect(
      cargaHorariaAvisos({ nivel: 'Ensino Médio', turno: 'manha', aulaMinutos: 50, aulasSemanais: 5 }),
    ).toEqual([]);
  });

  it('formats a duration in hours and minutes', () => {
    expect([formatDuration(200), formatDuration(240), formatDuration(59.6)]).toEqual([
      '3 h 20 min',
      '4 h',
      '1 h',
    ]);
  });
});
