import { AlertTriangle } from 'lucide-react';
import type { StudentAttendance } from '../../../shared/attendance.schemas';
import { tutelaryNotice } from '../../../shared/tutelary-notice';

/**
 * The family's Frequência: the Conselho Tutelar line coming or passed (ADR 0120), with the way forward
 * the page offers — the atestado for a day still justifiable (the 75 % warning says it when shown).
 */
export function TutelaryNoticeBox({ figures }: { figures: StudentAttendance }) {
  const { geral } = figures;
  const notice = tutelaryNotice({ ...geral, limite_faltas_conselho: figures.limite_faltas_conselho });
  if (!notice) return null;
  return (
    <p
      className={`mt-2 flex items-start gap-2 rounded-lg px-3 py-2 text-sm ${notice.tone === 'red' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
      data-testid="aviso-conselho"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>
        {notice.text}
        {geral.abaixo_minimo ? '' : ' Faltas com atestado podem ser justificadas abaixo.'}
      </span>
    </p>
  );
}
