/** The Portal do Aluno's attendance, calendar and comunicados sections (the student's own). */
import { useState } from 'react';
import {
  absenceLessonName,
  situacaoFaltaLabels,
  type Absence,
  type SituacaoFalta,
} from '../../../shared/attendance.schemas';
import { entryKindLabels, holidayKindLabel } from '../../../shared/calendar';
import { formatCount, formatDate, formatPercent } from '../../../shared/format';
import { RichText } from '../../components/rich-text';
import { Badge, ErrorBanner, Spinner, type BadgeTone } from '../../components/feedback';
import { useNotice, useNotices, useOwnAttendance, useUpcoming } from './portal-aluno.api';

const card = 'rounded-xl border border-gray-200 bg-white p-4';

const situacaoTones: Record<SituacaoFalta, BadgeTone> = {
  injustificada: 'red',
  justificada: 'yellow',
  abonada: 'blue',
};

/**
 * The latest day first; within a day the daily roll, then the lessons by subject and lesson — so a
 * day's absences in several lessons read as that, not as one date repeated.
 */
const newestFirst = (faltas: readonly Absence[]) =>
  [...faltas].sort(
    (a, b) =>
      b.data.localeCompare(a.data) ||
      (a.disciplina ?? '').localeCompare(b.disciplina ?? '', 'pt-BR') ||
      a.aula - b.aula,
  );

export function AttendancePanel({ alunoId }: { alunoId: string }) {
  const attendance = useOwnAttendance(alunoId);
  if (attendance.isPending) return <Spinner label="Carregando frequência..." />;
  if (attendance.isError) return <ErrorBanner>Não foi possível carregar a frequência.</ErrorBanner>;
  const { geral, por_disciplina: subjects, faltas } = attendance.data;
  return (
    <div className="space-y-4">
      <section className={card} aria-label="Frequência geral">
        <p className="text-sm text-gray-600">Frequência no ano</p>
        <p className={`text-3xl font-bold ${geral.abaixo_minimo ? 'text-red-700' : 'text-gray-900'}`}>
          {formatPercent(geral.frequencia)}
        </p>
        <p className="text-sm text-gray-600">
          {geral.aulas_dadas === 0
            ? 'Nenhuma chamada ainda.'
            : `${formatCount(geral.faltas, 'falta', 'faltas')} em ${formatCount(geral.aulas_dadas, 'aula', 'aulas')}`}
          {geral.abaixo_minimo && ' · abaixo do mínimo: fale com a coordenação.'}
        </p>
      </section>
      {subjects.length > 0 && (
        <section className={card} aria-label="Por disciplina">
          <h2 className="mb-2 font-semibold text-gray-900">Por disciplina</h2>
          <ul className="divide-y divide-gray-100 text-sm">
            {subjects.map((subject) => (
              <li key={subject.disciplina} className="flex justify-between gap-3 py-2">
                <span className="text-gray-900">{subject.disciplina}</span>
                <span className="text-gray-700">
                  {formatPercent(subject.frequencia)} · {formatCount(subject.faltas, 'falta', 'faltas')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {faltas.length > 0 && (
        <section className={card} aria-label="Faltas">
          <h2 className="mb-2 font-semibold text-gray-900">Faltas</h2>
          <ul className="divide-y divide-gray-100 text-sm">
            {newestFirst(faltas).map((falta) => (
              <li key={falta.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                <span className="text-gray-900">
                  {formatDate(falta.data)} · {absenceLessonName(falta)}
                </span>{' '}
                <Badge tone={situacaoTones[falta.situacao]}>{situacaoFaltaLabels[falta.situacao]}</Badge>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function CalendarPanel() {
  const view = useUpcoming();
  if (view.isPending) return <Spinner label="Carregando calendário..." />;
  if (view.isError) return <ErrorBanner>Não foi possível carregar o calendário.</ErrorBanner>;
  const items = [
    ...view.data.eventos.map((entry) => ({
      key: entry.id,
      data: entry.inicio,
      fim: entry.fim,
      titulo: entry.titulo,
      descricao: entry.descricao ?? entryKindLabels[entry.tipo],
    })),
    ...view.data.feriados.map((day) => ({
      key: `feriado-${day.data}`,
      data: day.data,
      fim: day.data,
      titulo: day.nome,
      descricao: holidayKindLabel(day.tipo),
    })),
  ].sort((a, b) => a.data.localeCompare(b.data));
  return (
    <section className={card} aria-label="Próximos 90 dias">
      <h2 className="mb-2 font-semibold text-gray-900">Próximos 90 dias</h2>
      {items.length === 0 ? (
        <p className="text-sm text-gray-600">Nada marcado no calendário da escola.</p>
      ) : (
        <ul className="divide-y divide-gray-100 text-sm">
          {items.map((item) => (
            <li key={item.key} className="py-2">
              <span className="font-medium text-gray-900">
                {formatDate(item.data)}
                {item.fim !== item.data && ` a ${formatDate(item.fim)}`}
              </span>{' '}
              · {item.titulo}
              {item.descricao && <span className="block text-gray-600">{item.descricao}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Notice({
  id,
  titulo,
  resumo,
  data,
  opened,
}: {
  id: string;
  titulo: string;
  resumo: string;
  data: string;
  opened: boolean;
}) {
  const [open, setOpen] = useState(opened);
  const full = useNotice(id, open);
  return (
    <li className="py-3">
      <button
        type="button"
        className="w-full text-left"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="block font-medium text-gray-900">{titulo}</span>
        <span className="block text-xs text-gray-600">{formatDate(data)}</span>
        {!open && <span className="mt-1 block text-sm text-gray-700">{resumo}</span>}
      </button>
      {open && (
        <div className="mt-2 text-sm text-gray-800">
          {full.data ? <RichText source={full.data.corpo} /> : <Spinner label="Abrindo..." />}
        </div>
      )}
    </li>
  );
}

/** `openId`: the notice the student's bell pointed at, opened already. */
export function NoticesPanel({ openId = null }: { openId?: string | null }) {
  const page = useNotices();
  if (page.isPending) return <Spinner label="Carregando comunicados..." />;
  if (page.isError) return <ErrorBanner>Não foi possível carregar os comunicados.</ErrorBanner>;
  return (
    <section className={card} aria-label="Comunicados para os alunos">
      <h2 className="font-semibold text-gray-900">Comunicados para os alunos</h2>
      {page.data.items.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">Nenhum comunicado para você ainda.</p>
      ) : (
        <ul className="divide-y divide-gray-100">
          {page.data.items.map((item) => (
            <Notice
              key={item.id}
              id={item.id}
              titulo={item.titulo}
              resumo={item.resumo}
              data={item.publicado_em ?? item.publicar_em}
              opened={item.id === openId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
