/**
 * A roll saved again over a save the server refused (a student who left the class, say): the screen
 * says 'corrija e salve de novo'. The corrected save must carry what the server has as its base — the
 * refused marks never reached it — or the server's merge drops the marks the teacher kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mergeRoll } from '../../../shared/attendance-merge';
import type { Roll, RollInput } from '../../../shared/attendance.schemas';
import type { QueueEntry } from '../../lib/offline/fila';

const sent: unknown[] = [];
const removed: string[] = [];

vi.mock('../../lib/offline/fila', () => ({
  enqueue: vi.fn((_user: string, entry: { body: unknown }) => {
    sent.push(entry.body);
    return Promise.resolve(entry);
  }),
  replaceEntry: vi.fn((_user: string, _id: string, body: unknown) => {
    sent.push(body);
    return Promise.resolve();
  }),
  removeEntry: vi.fn((_user: string, id: string) => {
    removed.push(id);
    return Promise.resolve();
  }),
  syncQueue: vi.fn(() => Promise.resolve()),
  readLocalCopy: vi.fn(),
  saveLocalCopy: vi.fn(),
}));
vi.mock('../../lib/offline/use-fila', () => ({ requestBackgroundSync: vi.fn(() => Promise.resolve()) }));
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../lib/api-client')>()),
  apiWithMessage: vi.fn((_url: string, options: { body: unknown }) => {
    sent.push(options.body);
    return Promise.resolve({ data: {}, message: 'Chamada salva' });
  }),
}));

const { rollGroup, saveRollFromDevice } = await import('./roll-offline');

afterEach(() => {
  sent.length = 0;
  removed.length = 0;
});

/** The roll as the server has it: not taken yet, Bia and Caio on it (Ana left the class). */
const roll = {
  turma: { id: 't1', nome: '7º A' },
  data: '2026-11-27',
  disciplina: null,
  aula: 0,
  chamada: null,
  alunos: [
    { id: 'bia', nome: 'Bia', presente: true, falta: null },
    { id: 'caio', nome: 'Caio', presente: true, falta: null },
  ],
} as unknown as Roll;

const refused: QueueEntry = {
  id: 'e1',
  idempotencyKey: 'k1',
  method: 'PUT',
  url: '/api/frequencia/turmas/t1',
  // Taken offline: Ana and Bia absent, over a roll not taken yet.
  body: { data: roll.data, faltas: [{ aluno_id: 'ana' }, { aluno_id: 'bia' }], base: null },
  kind: 'chamada',
  group: rollGroup('t1', roll),
  label: 'Chamada 7º A — 27/11',
  link: '/dashboard/frequencia',
  createdAt: 0,
  attempts: 1,
  status: 'recusado',
  detail: { message: 'Aluno não pertence à turma nesta data.' },
};

describe('saveRollFromDevice over a refused save of the same roll', () => {
  it("keeps the teacher's marks: the corrected save's base is the server's roll, and the refused save goes", async () => {
    // The teacher takes Ana off (she left the class) and saves Bia's absence again.
    const input: RollInput = { data: roll.data, faltas: [{ aluno_id: 'bia' }] };
    await saveRollFromDevice({ userId: 'u1', turmaId: 't1', roll, input, waiting: [refused] });
    expect(sent).toHaveLength(1);
    const body = sent[0] as RollInput & { base?: { faltas: RollInput['faltas'] } | null };
    // What the server keeps after merging this save over its roll (no absence recorded yet).
    const merged = mergeRoll(body.base?.faltas ?? [], body.faltas, []);
    expect(merged.conflicts).toEqual([]);
    expect(merged.faltas).toEqual([{ aluno_id: 'bia' }]);
    // Superseded by the save the teacher corrected: the screen no longer shows the refused marks.
    expect(removed).toEqual(['e1']);
  });
});
