import { describe, expect, it } from 'vitest';
import { formatUpdatedAt } from '../../components/offline-copy-stamp';
import { keyRoots } from '../query-keys';
import { canRestore, isOfflineQuery, OFFLINE_QUERY_PREFIXES, READING_COPY_FORMAT } from './reading-allowlist';
import { isUsableCopy } from './session-copy';

describe('the queries kept for reading offline', () => {
  it('keeps the teacher’s classes, students, day’s lessons, diário and Notas classes and the family’s boletim and notices', () => {
    for (const key of [
      [...keyRoots.classes, 'list', { page: 1 }],
      [...keyRoots.classes, 'students', 'turma-1'],
      [...keyRoots.attendance, 'roll-classes', '2026-11-28'],
      [...keyRoots.attendance, 'diary-classes', '2026'],
      [...keyRoots.attendance, 'diary', 'turma-1', 'Matemática', 'p4', ''],
      [...keyRoots.grades, 'classes', 2026],
      [...keyRoots.students, 'familia'],
      [...keyRoots.familia, 'feed', 'todos'],
      [...keyRoots.grades, 'report-card', 'aluno-1', ''],
      [...keyRoots.comunicados, 'list', { caixa: 'recebidos' }],
      [...keyRoots.comunicados, 'one', 'c-1'],
      [...keyRoots.notificacoes, 'contagem'],
      [...keyRoots.pareceres, 'classes'],
      [...keyRoots.pareceres, 'students', 'turma-1'],
      [...keyRoots.pareceres, 'years'],
      [...keyRoots.pareceres, 'list', 'turma-1', 'p1', '', ''],
    ])
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(true);
  });

  it('keeps nothing else: payments, documents, administration, searches, the current user', () => {
    for (const key of [
      keyRoots.finance,
      [...keyRoots.finance, 'mensalidades', {}],
      [...keyRoots.documents, 'aluno-1'],
      [...keyRoots.users, 'list'],
      [...keyRoots.audit],
      [...keyRoots.students, 'search', 'ana'],
      [...keyRoots.students, 'list', {}],
      [...keyRoots.comunicados, 'leituras', 'c-1', 'todos'],
      [...keyRoots.auth, 'me'],
      // A prefix longer than the key is not a match.
      [keyRoots.classes[0]],
    ])
      expect(isOfflineQuery(key), JSON.stringify(key)).toBe(false);
  });

  it('takes a list that another part extends (the roll and grade keys at merge)', () => {
    const extended = [...OFFLINE_QUERY_PREFIXES, [...keyRoots.attendance, 'roll']];
    expect(isOfflineQuery([...keyRoots.attendance, 'roll', 't', 'd', '', ''], extended)).toBe(true);
    expect(isOfflineQuery([...keyRoots.attendance, 'roll', 't', 'd', '', ''])).toBe(false);
  });
});

describe('the restore rule: the same person, before the session’s absolute limit', () => {
  const now = new Date('2026-11-28T10:42:00Z');
  const record = { formato: READING_COPY_FORMAT, userId: 'u1', expiresAt: '2026-11-28T22:00:00.000Z' };

  it('restores the person’s own copy before the limit', () => {
    expect(canRestore(record, 'u1', now)).toBe(true);
  });

  it('never restores another person’s copy, an old format, a copy past the limit or a bad date', () => {
    expect(canRestore(undefined, 'u1', now)).toBe(false);
    expect(canRestore(record, 'u2', now)).toBe(false);
    expect(canRestore({ ...record, formato: READING_COPY_FORMAT + 1 }, 'u1', now)).toBe(false);
    expect(canRestore({ ...record, expiresAt: '2026-11-28T10:42:00.000Z' }, 'u1', now)).toBe(false);
    expect(canRestore({ ...record, expiresAt: 'amanhã' }, 'u1', now)).toBe(false);
  });

  it('answers the signed-in person offline only before the same limit', () => {
    expect(isUsableCopy({ expiresAt: '2026-11-28T10:43:00.000Z' }, now)).toBe(true);
    expect(isUsableCopy({ expiresAt: '2026-11-28T10:41:59.000Z' }, now)).toBe(false);
    expect(isUsableCopy({ expiresAt: '' }, now)).toBe(false);
  });
});

describe('the mark of a copy shown offline', () => {
  it('says when it was updated, as the person reads their clock', () => {
    expect(formatUpdatedAt(new Date(2026, 10, 28, 7, 42).getTime())).toBe('Atualizado em 28/11 às 07:42');
  });
});
