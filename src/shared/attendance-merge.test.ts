import { describe, expect, it } from 'vitest';
import { mergeRoll } from './attendance-merge';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const row = (alunoId: string, justificativa: string | null = null) => ({ alunoId, justificativa });

describe('mergeRoll (three-way per student)', () => {
  it('applies only what the device changed and keeps what others changed for other students', () => {
    // Base: A absent. Device: A present, C absent. Server meanwhile: A and B absent.
    const merged = mergeRoll([{ aluno_id: A }], [{ aluno_id: C }], [row(A), row(B)]);
    expect(merged.conflicts).toEqual([]);
    expect(merged.faltas.map((falta) => falta.aluno_id).sort()).toEqual([B, C].sort());
  });

  it('a student changed on both sides, differently, is a conflict; the same change is not', () => {
    const merged = mergeRoll([], [{ aluno_id: A }, { aluno_id: B }], [row(A, 'Atestado'), row(B)]);
    expect(merged.conflicts).toEqual([
      {
        alunoId: A,
        device: { presente: false, justificativa: null },
        server: { presente: false, justificativa: 'Atestado' },
      },
    ]);
    expect(merged.faltas).toEqual([{ aluno_id: B }]);
  });

  it('nothing changed on the server: the device list as it is', () => {
    const merged = mergeRoll([{ aluno_id: A }], [{ aluno_id: B, justificativa: 'Doente' }], [row(A)]);
    expect(merged).toEqual({ faltas: [{ aluno_id: B, justificativa: 'Doente' }], conflicts: [] });
  });
});
