import toast from 'react-hot-toast';
import { z } from 'zod';
import { CalendarClock } from 'lucide-react';
import {
  conselhoResultadoLabels,
  councilBlock,
  councilInputSchema,
  failingByAbsenceFits,
  failingByAbsenceRefusal,
  type ConselhoResultado,
  type ReportCard,
} from '../../shared/report-card.schemas.js';
import { subjectNameSchema } from '../../shared/disciplinas.schemas';
import { useCouncilDecision } from './report-card.api';
import { useSchemaForm } from '../lib/use-schema-form';
import { FormSelect, FormTextArea } from '../components/form-fields';
import { FormModal } from '../components/form-modal';
import { Modal } from '../components/modal';
import { Button } from '../components/button';

/** The server's schema; the subject select's '' is the student's overall result. */
const councilFormSchema = councilInputSchema.omit({ disciplina: true, ano: true }).extend({
  disciplina: z
    .union([z.literal(''), subjectNameSchema])
    .transform((value) => (value === '' ? undefined : value)),
});

/**
 * Administrators: the conselho de classe changes a final result (a subject's or the overall one) with a
 * written reason; the boletim then shows it as the conselho's decision beside the computed one. It is the
 * year's final result: while a period of the year is still open the dialog says so and records nothing
 * (the server refuses it too), and 'Reprovado por falta' is offered only below the stage's minimum
 * attendance.
 */
export function CouncilDialog({ card, onClose }: { card: ReportCard; onClose: () => void }) {
  const block = councilBlock(card);
  if (block)
    return (
      <Modal
        open
        onClose={onClose}
        size="md"
        title="Conselho de classe"
        description={`${card.aluno.nome}, ${String(card.ano)}.`}
        footer={<Button onClick={onClose}>Fechar</Button>}
      >
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <CalendarClock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{block}</p>
        </div>
      </Modal>
    );
  return <CouncilForm card={card} onClose={onClose} />;
}

function CouncilForm({ card, onClose }: { card: ReportCard; onClose: () => void }) {
  const record = useCouncilDecision();
  const form = useSchemaForm(councilFormSchema, { disciplina: '', resultado: 'aprovado', motivo: '' });
  const byAbsence = failingByAbsenceFits(card);
  const options = Object.fromEntries(
    Object.entries(conselhoResultadoLabels).filter(([value]) => byAbsence || value !== 'reprovado_falta'),
  ) as Partial<Record<ConselhoResultado, string>>;
  return (
    <FormModal
      title="Conselho de classe"
      description={`${card.aluno.nome}, ${String(card.ano)}. Uma nova decisão substitui a anterior da mesma disciplina.`}
      formId="council-form"
      submitLabel="Registrar decisão"
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ disciplina, ...values }) => {
        const result = await record.mutateAsync({
          alunoId: card.aluno.id,
          input: { ...values, ano: card.ano, ...(disciplina ? { disciplina } : {}) },
        });
        toast.success(result.message ?? 'Decisão do conselho de classe registrada.');
        onClose();
      })}
    >
      <FormSelect name="disciplina" label="Resultado de" empty="Situação final (geral)">
        {card.disciplinas.map((subject) => (
          <option key={subject.disciplina} value={subject.disciplina}>
            {subject.disciplina}
          </option>
        ))}
      </FormSelect>
      <FormSelect
        name="resultado"
        label="Decisão"
        options={options}
        required
        hint={byAbsence ? undefined : failingByAbsenceRefusal(card)}
      />
      <FormTextArea
        name="motivo"
        label="Motivo"
        required
        rows={4}
        maxLength={1000}
        hint="Registrado no boletim e na auditoria (ao menos 10 caracteres)"
      />
    </FormModal>
  );
}
