import { AlertTriangle, BadgeCheck, Undo2 } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  lessonsGivenText,
  absenceLessonName,
  abonoInputSchema,
  FREQUENCIA_MINIMA,
  situacaoFaltaLabels,
  type Absence,
  type SituacaoFalta,
} from '../../../shared/attendance.schemas';
import { formatCount, formatDate, formatPercent } from '../../../shared/format';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner, type BadgeTone } from '../../components/feedback';
import { FormModal } from '../../components/form-modal';
import { FormTextArea } from '../../components/form-fields';
import { useUrlParams } from '../../lib/use-list-state';
import { yearParamOf } from '../../domain/report-card';
import { useRowDialog } from '../../lib/use-row-dialog';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useExcuseAbsence, useStudentAttendance } from './students.api';

const situacaoTones: Record<SituacaoFalta, BadgeTone> = {
  injustificada: 'red',
  justificada: 'yellow',
  abonada: 'blue',
};

/**
 * A student's attendance in a year: the % overall and per subject, the 75 % warning and the absences
 * by date; an administrator exempts ('abona') an absence with a reason, and the % follows. The year is
 * the card's (`?ano=`, picked on the boletim beside it), the current one by default.
 */
export function StudentAttendance({ alunoId, canExcuse }: { alunoId: string; canExcuse: boolean }) {
  const [params] = useUrlParams();
  const attendance = useStudentAttendance(alunoId, yearParamOf(params.get('ano')));
  const dialog = useRowDialog<{ abonar: Absence; desabonar: Absence }>();
  if (attendance.isPending) return <Spinner label="Carregando frequência..." />;
  if (attendance.isError) return <ErrorBanner>Erro ao carregar a frequência.</ErrorBanner>;
  const { geral, por_disciplina: subjects, faltas, ano } = attendance.data;
  const ownLessons = attendance.data.somente_aulas_do_professor;
  return (
    <section aria-labelledby={`frequencia-${alunoId}`} className="space-y-3">
      <h3 id={`frequencia-${alunoId}`} className="text-sm font-semibold text-gray-800">
        Frequência em {ano}
        {ownLessons ? ' nas suas aulas' : ''}
      </h3>
      {ownLessons && (
        <p className="text-xs text-gray-600">
          Só as chamadas das suas turmas e disciplinas; a frequência do ano todo está no boletim.
        </p>
      )}
      {geral.aulas_dadas === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma chamada registrada em {ano}.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <p
              className={`text-3xl font-bold ${geral.abaixo_minimo ? 'text-red-700' : 'text-green-700'}`}
              data-testid="frequencia-geral"
            >
              {formatPercent(geral.frequencia)}
            </p>
            <p className="text-sm text-gray-700">
              {geral.faltas} {geral.faltas === 1 ? 'falta' : 'faltas'} em {lessonsGivenText(attendance.data)}
              {geral.faltas_abonadas > 0
                ? ` · ${formatCount(geral.faltas_abonadas, 'abonada, não conta', 'abonadas, não contam')}`
                : ''}
            </p>
          </div>
          {geral.abaixo_minimo && (
            <p
              role="alert"
              className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              Frequência abaixo de{' '}
              {String(attendance.data.frequencia_minima ?? FREQUENCIA_MINIMA).replace('.', ',')} %: o mínimo
              para aprovação da etapa (Configurações → Acadêmico).
            </p>
          )}
          {subjects.length > 0 && (
            <table className="w-full text-sm">
              <caption className="sr-only">Frequência por disciplina</caption>
              <thead>
                <tr className="text-left text-xs text-gray-500 uppercase">
                  <th scope="col" className="py-1 font-medium">
                    Disciplina
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Faltas
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    Frequência
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {subjects.map((subject) => (
                  <tr key={subject.disciplina}>
                    <td className="py-1.5">{subject.disciplina}</td>
                    <td className="py-1.5 text-right">
                      {subject.faltas}/{subject.aulas_dadas}
                    </td>
                    <td
                      className={`py-1.5 text-right font-medium ${subject.abaixo_minimo ? 'text-red-700' : 'text-gray-900'}`}
                    >
                      {formatPercent(subject.frequencia)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      {faltas.length > 0 && (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200" aria-label="Faltas">
          {faltas.map((falta) => (
            <li
              key={falta.id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <div className="min-w-0">
                <p className="font-medium text-gray-900">
                  {formatDate(falta.data)} · {absenceLessonName(falta)}
                </p>
                <p className="text-gray-600">
                  <Badge tone={situacaoTones[falta.situacao]}>{situacaoFaltaLabels[falta.situacao]}</Badge>
                  {falta.justificativa ? ` ${falta.justificativa}` : ''}
                  {falta.abono_motivo ? ` · Motivo do abono: ${falta.abono_motivo}` : ''}
                </p>
              </div>
              {canExcuse && falta.situacao !== 'abonada' && (
                <Button variant="secondary" onClick={() => dialog.show('abonar', falta)}>
                  <BadgeCheck className="h-4 w-4" aria-hidden="true" /> Abonar
                </Button>
              )}
              {canExcuse && falta.situacao === 'abonada' && (
                <Button variant="secondary" onClick={() => dialog.show('desabonar', falta)}>
                  <Undo2 className="h-4 w-4" aria-hidden="true" /> Desfazer abono
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {dialog.render('abonar', (falta) => (
        <ExcuseModal falta={falta} onClose={dialog.close} />
      ))}
      {dialog.render('desabonar', (falta) => (
        <ExcuseModal falta={falta} undo onClose={dialog.close} />
      ))}
    </section>
  );
}

function ExcuseModal({
  falta,
  undo = false,
  onClose,
}: {
  falta: Absence;
  undo?: boolean;
  onClose: () => void;
}) {
  const excuse = useExcuseAbsence();
  const form = useSchemaForm(abonoInputSchema, { motivo: '' });
  const title = undo ? 'Desfazer abono' : 'Abonar falta';
  return (
    <FormModal
      title={title}
      description={`${formatDate(falta.data)} · ${absenceLessonName(falta)}. ${
        undo
          ? 'A falta volta a contar na frequência; a ação fica na auditoria.'
          : 'Uma falta abonada deixa de contar na frequência; a ação fica na auditoria.'
      }`}
      formId="abono-form"
      submitLabel={title}
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ motivo }) => {
        const result = await excuse.mutateAsync({ faltaId: falta.id, motivo, undo });
        toast.success(result.message ?? (undo ? 'Abono desfeito' : 'Falta abonada'));
        onClose();
      })}
    >
      <FormTextArea
        name="motivo"
        label={undo ? 'Por que desfazer o abono' : 'Motivo do abono'}
        required
        rows={3}
        hint={
          undo
            ? 'Ex.: abono lançado no aluno ou na data errada.'
            : 'Ex.: convocação da Justiça Eleitoral, serviço militar, licença-gestante (Lei 6.202/1975).'
        }
      />
    </FormModal>
  );
}
