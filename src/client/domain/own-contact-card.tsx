import { useState } from 'react';
import toast from 'react-hot-toast';
import { Pencil } from 'lucide-react';
import { formatPhone } from '../../shared/format';
import { updateOwnGuardianInputSchema, type Guardian } from '../../shared/students.schemas';
import { Button } from '../components/button';
import { Form } from '../components/form-fields';
import { FormActions } from '../components/form-actions';
import { addressFormValues } from '../components/address-fields';
import { ContactFields } from '../components/form-groups';
import { useSchemaForm } from '../lib/use-schema-form';
import { useOwnGuardian, useUpdateOwnGuardian } from './family.api';

/** A guardian's own contact data: they only read their children's records, but keep their own phone and address. */
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
  const form = useSchemaForm(updateOwnGuardianInputSchema, {
    telefone: formatPhone(guardian.telefone),
    ...addressFormValues(guardian),
  });
  return (
    <Form
      form={form}
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={form.submit(async (values) => {
        const result = await update.mutateAsync({ ...values, version: guardian.version });
        toast.success(result.message ?? 'Dados de contato atualizados com sucesso!');
        onDone();
      })}
    >
      <ContactFields />
      <FormActions submitLabel="Salvar contato" onCancel={onDone} className="sm:col-span-2" />
    </Form>
  );
}
