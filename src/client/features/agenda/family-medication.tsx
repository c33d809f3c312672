import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { autorizacaoInputSchema, type Autorizacao } from '../../../shared/agenda.schemas';
import { formatDate, todayIso } from '../../../shared/format';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Form, FormInput } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { medicacoesQuery, useAuthorise, useRevoke } from './agenda.api';

/** The family's authorisations to give a medicine at school: list, give one, revoke one. */
export function FamilyMedication({ alunoId }: { alunoId: string }) {
  const list = useQuery(medicacoesQuery(alunoId));
  const revoke = useRevoke();
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState<Autorizacao | null>(null);
  return (
    <section className="mt-6 space-y-2 rounded-xl border border-gray-200 bg-white p-4">
      <h2 className="text-sm font-semibold text-gray-900">Autorizações de medicação</h2>
      <p className="text-xs text-gray-600">
        A escola só dá remédio com a sua autorização: medicamento, dose e período.
      </p>
      {list.isPending ? (
        <Spinner label="Carregando autorizações..." />
      ) : list.isError ? (
        <ErrorBanner>{list.error.message || 'Erro ao carregar as autorizações.'}</ErrorBanner>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma autorização de medicação registrada.</p>
      ) : (
        list.data.map((one) => (
          <div key={one.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              {one.medicamento} — {one.dose} · {formatDate(one.inicio)} a {formatDate(one.fim)}
            </span>
            {one.vigente ? (
              <Button variant="ghost" onClick={() => setRevoking(one)}>
                Revogar
              </Button>
            ) : (
              <Badge tone="gray">{one.revogada_em ? 'Revogada' : 'Fora do período'}</Badge>
            )}
          </div>
        ))
      )}
      {revoking && (
        <ConfirmAction
          title={`Revogar a autorização de ${revoking.medicamento}?`}
          message={`A escola deixa de dar ${revoking.medicamento} (${revoking.dose}) a partir de agora. A autorização fica no histórico como revogada; para a escola voltar a dar o remédio, será preciso autorizar de novo.`}
          confirmLabel="Revogar autorização"
          action={() => revoke.mutateAsync(revoking.id)}
          success="Autorização revogada."
          failure="Erro ao revogar a autorização."
          onClose={() => setRevoking(null)}
        />
      )}
      {open ? (
        <MedicationForm alunoId={alunoId} onClose={() => setOpen(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Autorizar um medicamento
        </Button>
      )}
    </section>
  );
}

/**
 * Checked with the schema the server parses, so a missing medicine or dose is said under its field
 * before any request; what the server still refuses lands under the same fields.
 */
function MedicationForm({ alunoId, onClose }: { alunoId: string; onClose: () => void }) {
  const authorise = useAuthorise(alunoId);
  const today = todayIso();
  const form = useSchemaForm(autorizacaoInputSchema, {
    medicamento: '',
    dose: '',
    posologia: '',
    inicio: today,
    fim: today,
  });
  return (
    <Form
      form={form}
      label="Autorizar um medicamento"
      className="grid gap-2 sm:grid-cols-2"
      onSubmit={form.submit(async (values) => {
        const result = await authorise.mutateAsync(values);
        toast.success(result.message ?? 'Autorização registrada.');
        onClose();
      })}
    >
      <FormInput name="medicamento" label="Medicamento" required />
      <FormInput name="dose" label="Dose" required placeholder="ex.: 5 ml" />
      <FormInput name="posologia" label="Como dar (horários, observações)" />
      <FormInput name="inicio" label="Início" type="date" required />
      <FormInput name="fim" label="Fim" type="date" required />
      <div className="flex items-end gap-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Autorizar
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
      </div>
    </Form>
  );
}
