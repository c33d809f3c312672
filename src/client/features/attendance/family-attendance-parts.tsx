import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, FileText } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { lessonsGivenText, type Absence, type StudentAttendance } from '../../../shared/attendance.schemas';
import { formatCount, formatDate, formatPercent, todayIso } from '../../../shared/format';
import {
  firstJustifiableDay,
  JUSTIFICATIVA_LIMITS,
  type Justificativa,
  type SituacaoJustificativa,
  situacaoJustificativaLabels,
} from '../../../shared/justificativas.schemas';
import { classesStartNotice } from '../../../shared/school-year-focus';
import { Button } from '../../components/button';
import { Badge, type BadgeTone, ErrorBanner, Spinner } from '../../components/feedback';
import { familyAttendanceQuery, ownJustificativasQuery } from './justificativas.api';
import { JustifyAbsenceModal } from './justify-absence-modal';
import { TutelaryNoticeBox } from './tutelary-notice-box';

export const justificativaTones: Record<SituacaoJustificativa, BadgeTone> = {
  enviada: 'yellow',
  aceita: 'green',
  recusada: 'gray',
};

/** The first day a justification may still be sent for (30 days back, the server's rule). */
const firstJustifiable = () => firstJustifiableDay(todayIso());

interface Day {
  data: string;
  faltas: Absence[];
  justificativa: Justificativa | undefined;
}

function daysOf(faltas: Absence[], justificativas: Justificativa[]): Day[] {
  const days = new Map<string, Absence[]>();
  for (const falta of faltas) days.set(falta.data, [...(days.get(falta.data) ?? []), falta]);
  return [...days].map(([data, list]) => ({
    data,
    faltas: list,
    // The list comes newest first: the first of a day is its latest.
    justificativa: justificativas.find((item) => item.data === data),
  }));
}

function Figures({ figures }: { figures: StudentAttendance }) {
  const { geral, frequencia_minima: minima } = figures;
  if (geral.aulas_dadas === 0) {
    const starts = classesStartNotice({ ano: figures.ano, inicio: figures.de }, todayIso());
    return (
      <p className="text-sm text-gray-600">
        {starts
          ? `${starts}: a frequência aparece a partir das primeiras chamadas.`
          : `Nenhuma chamada registrada em ${String(figures.ano)}.`}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4">
      <p className="text-sm text-gray-600">Frequência em {figures.ano}</p>
      <p
        className={`text-3xl font-bold ${geral.abaixo_minimo ? 'text-red-700' : 'text-green-700'}`}
        data-testid="frequencia-geral"
      >
        {formatPercent(geral.frequencia)}
      </p>
      <p className="text-sm text-gray-700">
        {formatCount(geral.faltas, 'falta', 'faltas')} em {lessonsGivenText(figures)}
        {geral.faltas_abonadas > 0
          ? ` · ${formatCount(geral.faltas_abonadas, 'abonada, não conta', 'abonadas, não contam')}`
          : ''}
      </p>
      <p className="mt-1 text-sm text-gray-600">
        {minima === null
          ? 'Nesta etapa não há frequência mínima.'
          : `Mínimo da etapa: ${String(minima).replace('.', ',')} %.`}
      </p>
      {geral.abaixo_minimo && (
        <p
          role="alert"
          className="mt-2 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          Abaixo do mínimo até agora. Faltas com atestado podem ser justificadas abaixo.
        </p>
      )}
      <TutelaryNoticeBox figures={figures} />
    </div>
  );
}

/** A day whose absences nobody justified yet, neither the family nor the school. */
function unjustified(day: Day): boolean {
  return justifiable(day) && !day.faltas.some((falta) => falta.justificativa);
}

/**
 * A day the family may still send a justification for: not abonada and none sent. A reason the school
 * noted at the roll (a phone call) leaves the absence counting, so the family may still send the atestado
 * that gets it abonada (ADR 0034); the feed only asks about days nobody justified.
 */
function justifiable(day: Day): boolean {
  const abonadas = day.faltas.filter((falta) => falta.situacao === 'abonada').length;
  return !day.justificativa && abonadas < day.faltas.length;
}

/**
 * One absent day. `focusHere` asks for the keyboard's focus once its dialog closed: on 'Justificar' while
 * it can still be sent, else on the row itself (its new state, once sent) — the dialog's opener may be
 * gone (the button a sent justification replaced) or never was (the feed's link opened it).
 */
function DayItem({
  day,
  onJustify,
  focusHere,
  onFocused,
}: {
  day: Day;
  onJustify: () => void;
  focusHere: boolean;
  onFocused: () => void;
}) {
  const { justificativa } = day;
  const abonadas = day.faltas.filter((falta) => falta.situacao === 'abonada').length;
  const naEscola = day.faltas.some((falta) => falta.justificativa);
  const canJustify = justifiable(day) && day.data >= firstJustifiable();
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focusHere || !row.current) return;
    (row.current.querySelector('button') ?? row.current).focus();
    onFocused();
  }, [focusHere, justificativa, onFocused]);
  return (
    <li
      ref={row}
      tabIndex={-1}
      className="space-y-1 px-3 py-3 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      data-testid={`falta-${day.data}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">
          {formatDate(day.data)}
          {day.faltas.length > 1 ? ` · ${formatCount(day.faltas.length, 'aula', 'aulas')}` : ''}
        </p>
        {justificativa ? (
          <Badge tone={justificativaTones[justificativa.situacao]} wrap>
            {situacaoJustificativaLabels[justificativa.situacao]}
          </Badge>
        ) : abonadas === day.faltas.length ? (
          <Badge tone="blue">Abonada (não conta)</Badge>
        ) : naEscola ? (
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="yellow" wrap>
              Justificada na escola · conta como falta
            </Badge>
            {canJustify && <Button onClick={onJustify}>Enviar atestado</Button>}
          </span>
        ) : canJustify ? (
          <Button onClick={onJustify}>Justificar</Button>
        ) : (
          <Badge tone="red">Sem justificativa</Badge>
        )}
      </div>

      {justificativa && (
        <div className="space-y-1 text-gray-700">
          <p>Motivo: {justificativa.motivo}</p>
          {justificativa.arquivo && (
            <a
              href={justificativa.arquivo.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 text-primary-strong underline"
            >
              <FileText className="h-4 w-4" aria-hidden="true" /> Atestado enviado
            </a>
          )}
          {justificativa.resposta && (
            <p className="rounded-lg bg-gray-50 px-3 py-2">
              <span className="font-medium">Resposta da escola:</span> {justificativa.resposta}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

/** One child's attendance and absent days, each with its justification or 'Justificar'. */
export function ChildAttendance({
  aluno,
  justificar,
  onJustified,
}: {
  aluno: { id: string; nome: string };
  justificar: string | null;
  onJustified: () => void;
}) {
  const figures = useQuery(familyAttendanceQuery(aluno.id));
  const justificativas = useQuery(ownJustificativasQuery(aluno.id));
  const [open, setOpen] = useState<string | null>(justificar);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const focused = useCallback(() => setReturnTo(null), []);
  if (figures.isPending || justificativas.isPending) return <Spinner label="Carregando frequência..." />;
  if (figures.isError || justificativas.isError)
    return <ErrorBanner>Erro ao carregar a frequência.</ErrorBanner>;
  const days = daysOf(figures.data.faltas, justificativas.data);
  const close = () => {
    setReturnTo(open);
    setOpen(null);
    onJustified();
  };
  return (
    <section aria-label={`Frequência de ${aluno.nome}`} className="space-y-4">
      <Figures figures={figures.data} />
      <h2 className="text-base font-semibold text-gray-900">Faltas</h2>
      {days.some((day) => unjustified(day) && day.data < firstJustifiable()) && (
        <p className="text-sm text-gray-600" data-testid="prazo-justificar">
          Faltas de mais de {JUSTIFICATIVA_LIMITS.diasParaJustificar} dias não se justificam mais pelo portal.
          Com atestado, fale com a secretaria.
        </p>
      )}
      {days.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma falta registrada.</p>
      ) : (
        <ul
          className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
          aria-label="Faltas"
        >
          {days.map((day) => (
            <DayItem
              key={day.data}
              day={day}
              onJustify={() => setOpen(day.data)}
              focusHere={returnTo === day.data}
              onFocused={focused}
            />
          ))}
        </ul>
      )}
      {open && <JustifyAbsenceModal aluno={aluno} data={open} onClose={close} />}
    </section>
  );
}
