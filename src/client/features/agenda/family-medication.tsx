import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Autorizacao } from '../../../shared/agenda.schemas';
import { formatDate, todayIso } from '../../../shared/format';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { InputField } from '../../components/field';
import { medicacoesQuery, useAuthorise, useRevoke } from './agenda.api';

const message = (error: unknown) => (error instanceof Error ? error.message : 'Erro ao salvar.');

/** The family's authorisations to give a medicine at school: list, give one, revoke one. */
export function FamilyMedication({ alunoId }: { alunoId: string }) {
  const list = useQuery(medicacoesQuery(alunoId));
  const authorise = useAuthorise(alunoId);
  const revoke = useRevoke();
  const [open, setOpen] = useState(false);
  const [revoking, setRevoking] = useState<Autorizacao | null>(null);
  const today = todayIso();
  const [form, setForm] = useState({ medicamento: '', dose: '', posologia: '', inicio: today, fim: today });
  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [key]: event.target.value }),
  });
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
        <form
          className="grid gap-2 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            authorise.mutate(form, {
              onSuccess: (result) => {
                toast.success(result.message ?? 'Autorização registrada.');
                setOpen(false);
              },
              onError: (error) => toast.error(message(error)),
            });
          }}
        >
          <InputField label="Medicamento" required {...field('medicamento')} />
          <InputField label="Dose" required placeholder="ex.: 5 ml" {...field('dose')} />
          <InputField label="Como dar (horários, observações)" {...field('posologia')} />
          <InputField label="Início" type="date" required {...field('inicio')} />
          <InputField label="Fim" type="date" required {...field('fim')} />
          <div className="flex items-end gap-2">
            <Button type="submit" loading={authorise.isPending}>
              Autorizar
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancelar
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Autorizar um medicamento
        </Button>
      )}
    </section>
  );
}
