import { useState, type SyntheticEvent } from 'react';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import type { Guardian } from '../../../shared/students.schemas';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useOwnGuardian, useUpdateOwnGuardian } from './students.api';

/** A guardian's own contact data (design §6: read their children, edit their own phone and address). */
export function OwnContactCard() {
  const { data, isError } = useOwnGuardian(true);
  const [editing, setEditing] = useState(false);
  if (isError) return null;
  if (!data) return null;
  return (
    <section
      aria-labelledby="own-contact-title"
      className="mb-6 rounded-xl border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="own-contact-title" className="font-semibold text-gray-900">
            Meus dados de contato
          </h2>
          <p className="text-sm text-gray-600">A escola usa estes dados para falar com você.</p>
        </div>
        {!editing && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" /> Editar contato
          </Button>
        )}
      </div>
      {editing ? (
        <ContactForm guardian={data} onDone={() => setEditing(false)} />
      ) : (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-gray-500">Telefone</dt>
            <dd className="text-gray-900">{formatPhone(data.telefone)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">E-mail</dt>
            <dd className="text-gray-900">{data.email ?? '—'}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Endereço</dt>
            <dd className="text-gray-900">{data.endereco ?? '—'}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function ContactForm({ guardian, onDone }: { guardian: Guardian; onDone: () => void }) {
  const update = useUpdateOwnGuardian();
  const [telefone, setTelefone] = useState(formatPhone(guardian.telefone));
  const [endereco, setEndereco] = useState(guardian.endereco ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const handleSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    setFormError(null);
    if (telefone.trim() === '') {
      setErrors({ telefone: 'Telefone é obrigatório' });
      return;
    }
    setErrors({});
    try {
      const result = await update.mutateAsync({ telefone, endereco, version: guardian.version });
      toast.success(result.message ?? 'Dados de contato atualizados com sucesso!');
      onDone();
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Record<string, string> = {};
        for (const detail of error.details) next[detail.path] = detail.message;
        setErrors(next);
        setFormError(error.message);
      } else setFormError('Erro inesperado. Tente novamente.');
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      className="mt-3 grid gap-3 sm:grid-cols-2"
    >
      {formError && (
        <div className="sm:col-span-2">
          <ErrorBanner>{formError}</ErrorBanner>
        </div>
      )}
      <InputField
        label="Telefone"
        type="tel"
        required
        placeholder="(11) 91234-5678"
        value={telefone}
        error={errors.telefone}
        onChange={(event) => setTelefone(event.target.value)}
      />
      <InputField
        label="Endereço"
        value={endereco}
        error={errors.endereco}
        onChange={(event) => setEndereco(event.target.value)}
      />
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancelar
        </Button>
        <Button type="submit" loading={update.isPending}>
          Salvar contato
        </Button>
      </div>
    </form>
  );
}
