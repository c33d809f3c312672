import { useState } from 'react';
import { BookOpen, FileDown, PenLine } from 'lucide-react';
import toast from 'react-hot-toast';
import { absenceLessonName } from '../../../shared/attendance.schemas';
import { SEM_CONTEUDO, type ClassDiary, type ClassDiaryQuery } from '../../../shared/diario.schemas';
import { formatDate } from '../../../shared/format';
import { paths } from '../../../shared/routes';
import { Button, ButtonLink } from '../../components/button';
import { Badge, EmptyState } from '../../components/feedback';
import { toQuery } from '../../lib/api-client';
import { downloadClassDiary } from './attendance.api';

/**
 * The diary's lessons: each with its content, activities and absences; those without content marked,
 * with the way to the roll for who takes it; the printable diary (PDF).
 */
export function DiaryLessons({
  diary,
  turmaId,
  query,
  takesRoll,
}: {
  diary: ClassDiary;
  turmaId: string;
  query: ClassDiaryQuery;
  /** Offers 'Abrir a chamada' on a lesson without content (the secretaria reads only). */
  takesRoll: boolean;
}) {
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [printing, setPrinting] = useState(false);
  // A per-lesson class prints one subject's diary: its only subject needs no choosing.
  const onlySubject = diary.disciplinas.length === 1 ? diary.disciplinas[0]!.nome : null;
  const needsSubject = diary.turma.frequencia_modo === 'por_aula' && !diary.disciplina && !onlySubject;
  // The latest lesson first: on a phone, today's is at hand, not under the term's forty (the PDF keeps
  // the diary's order, by date).
  const shown = [
    ...(onlyMissing ? diary.aulas.filter((aula) => aula.conteudo === null) : diary.aulas),
  ].reverse();
  async function print() {
    setPrinting(true);
    try {
      await downloadClassDiary(
        turmaId,
        diary.turma.frequencia_modo === 'por_aula' && !diary.disciplina && onlySubject
          ? { ...query, disciplina: onlySubject }
          : query,
      );
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Não foi possível gerar o diário.');
    } finally {
      setPrinting(false);
    }
  }
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-gray-700">
          {diary.intervalo.nome} ({formatDate(diary.intervalo.de)} a {formatDate(diary.intervalo.ate)}):{' '}
          <strong>
            {diary.aulas.length} {diary.aulas.length === 1 ? 'aula dada' : 'aulas dadas'}
          </strong>
          {diary.sem_conteudo > 0 && (
            <strong className="text-red-700"> · {diary.sem_conteudo} sem conteúdo registrado</strong>
          )}
          {diary.professor_nome ? ` · ${diary.professor_nome}` : ''}
        </p>
        <div className="flex flex-col items-end">
          <Button variant="secondary" disabled={needsSubject} loading={printing} onClick={() => void print()}>
            <FileDown className="h-4 w-4" aria-hidden="true" /> Baixar diário (PDF)
          </Button>
          {needsSubject && <p className="text-xs text-gray-600">Escolha a disciplina para imprimir.</p>}
        </div>
      </div>
      {diary.sem_conteudo > 0 && (
        <label className="mb-3 flex min-h-11 items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={onlyMissing}
            onChange={(event) => setOnlyMissing(event.target.checked)}
          />
          Mostrar só as aulas sem conteúdo registrado
        </label>
      )}
      {shown.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="Nenhuma aula registrada neste período"
          hint="As aulas aparecem aqui quando a chamada é salva."
        />
      ) : (
        <ol className="space-y-2" aria-label="Aulas dadas">
          {shown.map((aula) => (
            <li key={aula.chamada_id} className="rounded-xl border border-gray-200 bg-white p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium text-gray-900">
                  {formatDate(aula.data)} · {aula.disciplina ? absenceLessonName(aula) : 'Chamada do dia'}
                </p>
                <span className="text-xs text-gray-600">
                  {aula.faltas} {aula.faltas === 1 ? 'falta' : 'faltas'}
                  {aula.registrada_por ? ` · ${aula.registrada_por}` : ''}
                </span>
              </div>
              {aula.conteudo ? (
                <p className="mt-1 whitespace-pre-line text-gray-800">{aula.conteudo}</p>
              ) : (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <Badge tone="red">{SEM_CONTEUDO}</Badge>
                  {takesRoll && (
                    <ButtonLink
                      variant="ghost"
                      className="-ml-2 min-h-11"
                      to={`${paths.attendance}${toQuery({ turma: turmaId, data: aula.data, disciplina: aula.disciplina, aula: aula.disciplina ? aula.aula : undefined })}`}
                      // One such link per lesson without content: read out of the list, each says which.
                      aria-label={`Abrir a chamada de ${formatDate(aula.data)}${aula.disciplina ? ` · ${absenceLessonName(aula)}` : ''}`}
                    >
                      <PenLine className="h-4 w-4" aria-hidden="true" /> Abrir a chamada
                    </ButtonLink>
                  )}
                </div>
              )}
              {aula.atividades && (
                <p className="mt-1 whitespace-pre-line text-gray-700">
                  <strong>Atividades / tarefa de casa:</strong> {aula.atividades}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
