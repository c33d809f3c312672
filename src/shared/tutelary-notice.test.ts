import { describe, expect, it } from 'vitest';
import { tutelaryNotice } from './tutelary-notice';

const at = (faltas: number, limite: number | null, acima = false) =>
  tutelaryNotice({ faltas, limite_faltas_conselho: limite, acima_limite_conselho: acima });

describe('tutelaryNotice (ADR 0120)', () => {
  it('says nothing without a line, without absences or far from the line', () => {
    expect(at(40, null)).toBeNull();
    expect(at(0, 15)).toBeNull();
    expect(at(12, 15)).toBeNull();
  });

  it('warns when three more absences or fewer pass the 15 of a 200-day year, counting them', () => {
    expect(at(13, 15)).toEqual({
      tone: 'amber',
      text: 'Atenção às faltas: com mais 3 faltas, passam de 15 no ano, e a lei pede que a escola comunique o Conselho Tutelar.',
    });
    expect(at(15, 15)?.text).toContain('com mais 1 falta, passam de 15 no ano');
  });

  it('says past the line what the school does and whom to talk to', () => {
    expect(at(16, 15, true)).toEqual({
      tone: 'red',
      text: 'Mais de 15 faltas no ano: nesse caso, a lei pede que a escola comunique o Conselho Tutelar, que acompanha a frequência escolar das crianças e dos adolescentes. Converse com a coordenação.',
    });
  });

  it('warns on a short year at the last absence the line allows', () => {
    expect(at(3, 3)?.text).toContain('com mais 1 falta, passam de 3 no ano');
    expect(at(2, 3)).toBeNull();
  });
});
