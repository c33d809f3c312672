import { useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { formatCentavos, formatDate, todayIso } from '../../../shared/format';
import { formatContagemCobrancas } from '../../../shared/contagem-cobrancas';
import type { MensalidadesAposSaida } from '../../../shared/mensalidades.schemas';
import { UFS } from '../../../shared/documents.schemas';
import { studentStatusInputSchema, type Student } from '../../../shared/students.schemas';
import { isCalendarDate } from '../../../shared/validators';
import { FormCheckbox } from '../../components/form-checkboxes';
import { FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useMensalidadesAposSaida, useSetStudentStatus } from './students.api';

const ufOptions = Object.fromEntries(UFS.map((uf) => [uf, uf]));

/** The API takes no day as today; the form asks for it (prefilled with today). */
const departureFormSchema = studentStatusInputSchema.refine((input) => Boolean(input.data_saida), {
  path: ['data_saida'],
  message: 'Informe a data da saída',
});

/** A row of the list or the whole record: the day a student may leave is from their class's start on. */
export type DepartingStudent = Pick<Student, 'id' | 'nome' | 'version' | 'data_matricula'> &
  Partial<Pick<Student, 'data_enturmacao' | 'status' | 'saida'>>;

/**
 * Transferir or Inativar from the student's card: the day the student stopped attending (the roll
 * ends the day before), a transfer's destination, and — for whoever holds the Financeiro — the offer to
 * cancel the tuition due after that day, with what it would cancel; anyone else is told that the
 * Financeiro is notified of the months left open (the server does it, and its answer says so). For a student already out with
 * that status, 'Corrigir saída': the day and the destination as recorded, to set right (ADR 0086).
 */
export function StudentDepartureModal({
  student,
  status,
  canCancelTuition,
  onClose,
}: {
  student: DepartingStudent;
  status: 'inativo' | 'transferido';
  canCancelTuition: boolean;
  onClose: () => void;
}) {
  const setStatus = useSetStudentStatus();
  const today = todayIso();
  const transfer = status === 'transferido';
  const saida = student.saida;
  const correcting = student.status === status && saida != null;
  const form = useSchemaForm(departureFormSchema, {
    status,
    data_saida: saida?.data ?? today,
    ...(transfer
      ? { destino: { escola: saida?.escola ?? '', municipio: saida?.municipio ?? '', uf: saida?.uf ?? '' } }
      : {}),
    cancelar_mensalidades: false,
  });
  const since = student.data_enturmacao ?? student.data_matricula;
  return (
    <FormModal
      title={`${correcting ? 'Corrigir saída' : transfer ? 'Transferir' : 'Inativar'}: ${student.nome}`}
      description={
        correcting
          ? 'A nova data e o destino passam a valer na frequência da turma (que termina na véspera da saída) e nos documentos. Mensalidades ou taxa de matrícula já canceladas na saída não mudam.'
          : transfer
            ? 'O aluno sai da turma na data da saída, transferido para outra escola, e a conta dele no Portal do Aluno é desativada. A declaração de transferência e o histórico escolar trazem a data e o destino.'
            : 'O aluno deixa de contar na turma e nas listas de ativos a partir da data da saída, e a conta dele no Portal do Aluno é desativada.'
      }
      formId="student-departure-form"
      submitLabel={correcting ? 'Salvar correção' : transfer ? 'Transferir' : 'Inativar'}
      submitVariant={correcting ? 'primary' : 'danger'}
      size="md"
      form={form}
      onClose={onClose}
      className="grid gap-4 sm:grid-cols-6"
      onSubmit={form.submit(async (values) => {
        const result = await setStatus.mutateAsync({ id: student.id, version: student.version, ...values });
        toast.success(result.message ?? 'Status alterado');
        onClose();
      })}
    >
      <div className="sm:col-span-3">
        <FormInput
          name="data_saida"
          label="Data da saída"
          type="date"
          min={since}
          max={today}
          required
          hint={`Primeiro dia sem frequentar as aulas (a partir de ${formatDate(since)}).`}
        />
      </div>
      {transfer && (
        <>
          <div className="sm:col-span-full">
            <FormInput name="destino.escola" label="Escola de destino" placeholder="Se a família já souber" />
          </div>
          <div className="sm:col-span-4">
            <FormInput name="destino.municipio" label="Município" />
          </div>
          <div className="sm:col-span-2">
            <FormSelect name="destino.uf" label="UF" options={ufOptions} empty="—" />
          </div>
        </>
      )}
      {!correcting && (
        <div className="sm:col-span-full">
          {canCancelTuition ? (
            <TuitionAfterDeparture alunoId={student.id} />
          ) : (
            <p className="text-sm text-gray-600">
              Cancelar mensalidades e taxas de matrícula é do Financeiro: se alguma em aberto vencer depois da
              saída, o Financeiro é avisado ao confirmar (no sino e por e-mail), com cada uma e as notas
              fiscais emitidas delas, para cancelá-las.
            </p>
          )}
        </div>
      )}
    </FormModal>
  );
}

/**
 * What a departure keeps for the Financeiro: '1 com pagamento parcial e 1 com comprovante aguardando
 * confirmação ficam no Financeiro.' (the family says it paid that one).
 */
function keptLine({ com_pagamento, em_confirmacao }: MensalidadesAposSaida): string {
  const parts = [
    com_pagamento > 0 ? `${String(com_pagamento)} com pagamento parcial` : '',
    em_confirmacao > 0 ? `${String(em_confirmacao)} com comprovante aguardando confirmação` : '',
  ].filter(Boolean);
  if (parts.length === 0) return '';
  return ` ${parts.join(' e ')} ${com_pagamento + em_confirmacao === 1 ? 'fica' : 'ficam'} no Financeiro.`;
}

/**
 * What the box cancels, named as what it holds on the day typed: a fee is cancelled with the months and
 * said so ('Cancelar as mensalidades e a taxa de matrícula que vencem depois da saída').
 */
function cancelLabel(found: MensalidadesAposSaida | undefined): string {
  const taxas = found?.taxas_matricula ?? 0;
  if (!found || taxas === 0) return 'Cancelar as mensalidades que vencem depois da saída';
  const taxa = taxas === 1 ? 'a taxa de matrícula' : 'as taxas de matrícula';
  return found.quantidade > taxas
    ? `Cancelar as mensalidades e ${taxa} que vencem depois da saída`
    : `Cancelar ${taxa} que ${taxas === 1 ? 'vence' : 'vencem'} depois da saída`;
}

/** The offer to cancel, with what it would cancel on the day typed (and what it keeps). */
function TuitionAfterDeparture({ alunoId }: { alunoId: string }) {
  const data = (useWatch({ name: 'data_saida' }) as string | null | undefined) ?? '';
  const valid = isCalendarDate(data);
  const preview = useMensalidadesAposSaida(alunoId, data, valid);
  const found = preview.data;
  const line = !valid
    ? 'Informe a data da saída para ver o que vence depois dela.'
    : !found
      ? 'Consultando o Financeiro…'
      : found.quantidade === 0
        ? `Nenhuma mensalidade ou taxa de matrícula em aberto vence depois de ${formatDate(data)}.`
        : // A fee is counted as the fee: '2 mensalidades e 1 taxa de matrícula em aberto vencem …'.
          `${formatContagemCobrancas({ mensalidades: found.quantidade - found.taxas_matricula, taxas_matricula: found.taxas_matricula })} em aberto ${found.quantidade === 1 ? 'vence' : 'vencem'} depois de ${formatDate(data)} (${formatCentavos(found.total)}).`;
  return (
    <div className="space-y-1 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <FormCheckbox
        name="cancelar_mensalidades"
        label={cancelLabel(found)}
        disabled={!found || found.quantidade === 0}
      />
      <p className="text-sm text-gray-600" aria-live="polite">
        {line}
        {found && keptLine(found)}
      </p>
    </div>
  );
}
