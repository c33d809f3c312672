import { useRef } from 'react';
import { FileText } from 'lucide-react';
import { situacaoFaltaLabels, type RollStudent } from '../../../shared/attendance.schemas';
import { Badge } from '../../components/feedback';

/**
 * Under a student marked absent on the roll: the abono, if any, and the justification — a link that opens
 * the field, or the field. Opening it puts the cursor in it: the link pressed goes away, and the focus
 * would fall to the page's top (a keyboard user started over from the menu; on a phone, one more tap).
 */
export function RollAbsence({
  aluno,
  abonada,
  locked,
  justifying,
  justificativa,
  onOpen,
  onChange,
}: {
  aluno: RollStudent;
  abonada: boolean;
  locked: boolean;
  justifying: boolean;
  justificativa: string;
  onOpen: () => void;
  onChange: (justificativa: string) => void;
}) {
  const opened = useRef(false);
  const firstName = aluno.nome.split(' ')[0];
  return (
    <div className="mt-1 ml-9 space-y-1">
      {abonada && aluno.falta && (
        <p className="text-xs text-gray-700">
          <Badge tone="blue">{situacaoFaltaLabels.abonada}</Badge> {aluno.falta.abono_motivo}
        </p>
      )}
      {justifying ? (
        <label className="block text-xs font-medium text-gray-700">
          Justificativa de {aluno.nome}
          <input
            ref={(element) => {
              if (!element || !opened.current) return;
              opened.current = false;
              element.focus();
            }}
            type="text"
            maxLength={500}
            disabled={locked}
            value={justificativa}
            placeholder="Ex.: atestado médico de 2 dias"
            onChange={(event) => onChange(event.target.value)}
            className="mt-1 block min-h-11 w-full rounded-lg border border-gray-300 px-3 text-sm font-normal focus:border-primary focus:outline-none"
          />
        </label>
      ) : (
        !locked && (
          <button
            type="button"
            // Two Anas absent: on screen the card above says which; read out, the whole name does.
            aria-label={`Justificar falta de ${aluno.nome}`}
            onClick={() => {
              opened.current = true;
              onOpen();
            }}
            className="flex min-h-9 items-center gap-1 rounded px-1 text-sm font-medium text-primary-strong underline"
          >
            <FileText className="h-4 w-4" aria-hidden="true" /> Justificar falta de {firstName}
          </button>
        )
      )}
    </div>
  );
}

/** The roll's counts, kept on top while the list scrolls (read aloud as they change). */
export function RollCounts({ counts }: { counts: { presentes: number; faltas: number; total: number } }) {
  // One line of figures on a phone ('24 presentes  0 faltas  24 alunos'), the big numbers above their words
  // from a tablet up: on a phone every line above the list hides a student.
  const cell = 'flex items-baseline justify-center gap-1 text-sm text-gray-600 sm:block';
  const figure = 'text-xl font-bold sm:block sm:text-2xl';
  return (
    <div
      className="sticky top-16 z-10 -mx-4 mb-2 grid grid-cols-3 gap-2 border-b border-gray-200 bg-gray-50/95 px-4 py-1.5 text-center backdrop-blur sm:mx-0 sm:mb-3 sm:rounded-lg sm:border sm:py-2"
      aria-live="polite"
    >
      <p className={cell}>
        <span className={`${figure} text-green-700`}>{counts.presentes}</span> presentes
      </p>
      <p className={cell}>
        <span className={`${figure} text-red-700`}>{counts.faltas}</span>{' '}
        {counts.faltas === 1 ? 'falta' : 'faltas'}
      </p>
      <p className={cell}>
        <span className={`${figure} text-gray-900`}>{counts.total}</span> alunos
      </p>
    </div>
  );
}
