// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Lesson } from '../../../shared/attendance.schemas';
import { lessonAnswer, rollAnswer, rollClassAnswer } from '../../test/answers';
import { stubApi } from '../../test/render';
import { dueRollParams, keepTodaysRollsOnDevice } from './rolls-on-device';

afterEach(() => vi.unstubAllGlobals());

const dia = { data: '2026-12-02', tipo: 'letivo', letivo: true, descricao: null } as const;
const lesson = (disciplina: string | null, aula: number, pendente: boolean): Lesson =>
  lessonAnswer({ disciplina, aula, registrada: !pendente, pendente });
describe('dueRollParams', () => {
  it('the card’s address and each due lesson’s; nothing for a class with nothing due', () => {
    const perLesson = {
      aulas: [lesson('Matemática', 1, true), lesson('Matemática', 2, false), lesson('Arte', 3, true)],
    };
    expect(dueRollParams(perLesson, '2026-12-02')).toEqual([
      { data: '2026-12-02', disciplina: null },
      { data: '2026-12-02', disciplina: 'Matemática', aula: 1 },
      { data: '2026-12-02', disciplina: 'Arte', aula: 3 },
    ]);
    expect(dueRollParams({ aulas: [lesson(null, 0, true)] }, '2026-12-02')).toEqual([
      { data: '2026-12-02', disciplina: null },
    ]);
    expect(dueRollParams({ aulas: [lesson(null, 0, false)] }, '2026-12-02')).toEqual([]);
  });
});

describe('keepTodaysRollsOnDevice', () => {
  it('loads today’s due rolls as the roll screen asks for them, and no other', async () => {
    const fetchMock = stubApi({
      '/api/frequencia/turmas': [
        rollClassAnswer({ id: 't1', nome: '3º A', dia, aulas: [lesson(null, 0, true)] }),
        rollClassAnswer({ id: 't2', nome: '6º A', dia, aulas: [lesson('Matemática', 2, true)] }),
        rollClassAnswer({ id: 't3', nome: '7º A', dia, aulas: [lesson('Arte', 1, false)] }),
      ],
      '/api/frequencia/turmas/t1': rollAnswer('t1'),
      '/api/frequencia/turmas/t2': rollAnswer('t2'),
    });
    const kept = await keepTodaysRollsOnDevice(new QueryClient(), 'u1', '2026-12-02');
    expect(kept).toBe(3);
    expect(fetchMock.requests.map((request) => request.url)).toEqual([
      '/api/frequencia/turmas?data=2026-12-02',
      '/api/frequencia/turmas/t1?data=2026-12-02',
      '/api/frequencia/turmas/t2?data=2026-12-02',
      '/api/frequencia/turmas/t2?data=2026-12-02&disciplina=Matem%C3%A1tica&aula=2',
    ]);
  });

  it('stops when told (the portal left, the connection gone)', async () => {
    stubApi({
      '/api/frequencia/turmas': [
        rollClassAnswer({ id: 't1', nome: '3º A', dia, aulas: [lesson(null, 0, true)] }),
      ],
    });
    expect(await keepTodaysRollsOnDevice(new QueryClient(), 'u1', '2026-12-02', () => true)).toBe(0);
  });
});
