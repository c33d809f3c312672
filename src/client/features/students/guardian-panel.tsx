import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link2, Pencil, Search, Star, Unlink } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import {
  parentescoLabels,
  updateGuardianInputSchema,
  type Parentesco,
  type Student,
  type StudentGuardian,
} from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, Spinner } from '../../components/feedback';
import { Form, FormCheckbox, FormTextArea } from '../../components/form-fields';
import { GuardianFields } from '../../components/form-groups';
import { AccountCreated } from '../../components/generated-password';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useGuardianSearch, useLinkGuardian, useUnlinkGuardian, useUpdateGuardian } from './students.api';
import type { EnvioEmail } from '../../../shared/users.schemas';

/** One guardian's data, edited in place (the relationship is to this student). */
function EditGuardianForm({
  student,
  guardian,
  onDone,
}: {
  student: Student;
  guardian: StudentGuardian;
  onDone: () => void;
}) {
  const update = useUpdateGuardian();
  const [created, setCreated] = useState<{ senha: string; envioEmail: EnvioEmail } | null>(null);
  const form = useSchemaForm(updateGuardianInputSchema, {
    nome: guardian.nome,
    telefone: formatPhone(guardian.telefone),
    cpf: guardian.cpf ? formatCpf(guardian.cpf) : '',
    email: guardian.email ?? '',
    endereco: guardian.endereco ?? '',
    observacoes: guardian.observacoes ?? '',
    aluno_id: student.id,
    parentesco: guardian.parentesco,
    criar_acesso: false,
  });
  if (created) {
    return (
      <AccountCreated
        who={guardian.nome}
        password={created.senha}
        envioEmail={created.envioEmail}
        onDone={onDone}
      />
    );
  }
  return (
    <Form
      form={form}
      label={`Editar ${guardian.nome}`}
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={form.submit(
        async (values) => {
          const result = await update.mutateAsync({ id: guardian.id, input: values });
          if (result.data.email_pendente)
            toast.success(result.message ?? 'Confirmação enviada', { duration: 8000 });
          else toast.success(result.message ?? 'Responsável atualizado com sucesso!');
          if (result.data.senhaGerada)
            setCreated({ senha: result.data.senhaGerada, envioEmail: result.data.envioEmail ?? 'falhou' });
          else onDone();
        },
        () => toast.error('Erro ao salvar o responsável'),
      )}
    >
      <GuardianFields cpfRequired={guardian.eh_principal} />
      {!guardian.tem_acesso && (
        <div className="sm:col-span-2">
          <FormCheckbox
            name="criar_acesso"
            label="Criar acesso ao portal (com senha gerada, mostrada ao salvar)"
          />
          <p className="mt-1 text-xs text-gray-500">
            Se já existir em Usuários uma conta de responsável com este e-mail, ela é vinculada.
          </p>
        </div>
      )}
      <div className="sm:col-span-2">
        <FormTextArea
          name="observacoes"
          label="Observações internas (não aparecem para a família)"
          rows={2}
        />
      </div>
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={form.formState.isSubmitting}>
          Cancelar
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar alterações
        </Button>
      </div>
    </Form>
  );
}

type Pending = { kind: 'unlink' | 'principal'; guardian: StudentGuardian };

/** The student's guardians; administrators edit, make principal and unlink from here. */
export function GuardianList({ student, canWrite }: { student: Student; canWrite: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const link = useLinkGuardian(student.id);
  const unlink = useUnlinkGuardian(student.id);
  if (student.responsaveis.length === 0)
    return <p className="text-sm text-gray-600">Nenhum responsável cadastrado.</p>;
  return (
    <>
      <ul className="space-y-2">
        {student.responsaveis.map((guardian) => (
          <li key={guardian.id} className="rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-medium text-gray-900">
                  {guardian.nome}{' '}
                  <span className="text-gray-600">({parentescoLabels[guardian.parentesco]})</span>
                  {guardian.eh_principal && (
                    <span className="ml-2">
                      <Badge tone="blue">Principal</Badge>
                    </span>
                  )}
                </p>
                {/* A family sees the child's other guardian without contacts (students.presenter.ts). */}
                {guardian.telefone && (
                  <p className="text-gray-600">
                    {formatPhone(guardian.telefone)}
                    {guardian.email ? ` · ${guardian.email}` : ''}
                    {guardian.cpf ? ` · CPF ${formatCpf(guardian.cpf)}` : ''}
                  </p>
                )}
                {guardian.endereco && <p className="text-gray-600">{guardian.endereco}</p>}
                {canWrite && !guardian.tem_acesso && (
                  <p className="text-gray-500">Sem acesso ao portal (Editar → Criar acesso ao portal)</p>
                )}
                {guardian.observacoes && <p className="text-gray-500 italic">Obs.: {guardian.observacoes}</p>}
              </div>
              {canWrite && editing !== guardian.id && (
                <div className="flex flex-wrap gap-1">
                  <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(guardian.id)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
                    <span className="sr-only"> {guardian.nome}</span>
                  </Button>
                  {!guardian.eh_principal && (
                    <>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        onClick={() => setPending({ kind: 'principal', guardian })}
                      >
                        <Star className="h-4 w-4" aria-hidden="true" /> Tornar principal
                        <span className="sr-only"> {guardian.nome}</span>
                      </Button>
                      <Button
                        variant="secondary"
                        className="px-3 py-1.5"
                        onClick={() => setPending({ kind: 'unlink', guardian })}
                      >
                        <Unlink className="h-4 w-4" aria-hidden="true" /> Desvincular
                        <span className="sr-only"> {guardian.nome}</span>
                      </Button>
                    </>
                  )}
                </div>
              )}
            </div>
            {editing === guardian.id && (
              <EditGuardianForm student={student} guardian={guardian} onDone={() => setEditing(null)} />
            )}
          </li>
        ))}
      </ul>
      {pending?.kind === 'unlink' && (
        <ConfirmAction
          title="Desvincular responsável"
          message={`${pending.guardian.nome} deixará de ser responsável por ${student.nome} (o cadastro e os outros filhos continuam).`}
          confirmLabel="Desvincular"
          action={() => unlink.mutateAsync(pending.guardian.id)}
          success="Responsável desvinculado."
          failure="Erro ao desvincular o responsável"
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'principal' && (
        <ConfirmAction
          title="Trocar o responsável principal"
          message={`${pending.guardian.nome} passa a ser o responsável principal de ${student.nome}.`}
          confirmLabel="Tornar principal"
          danger={false}
          action={() =>
            link.mutateAsync({
              responsavel_id: pending.guardian.id,
              eh_principal: true,
              parentesco: pending.guardian.parentesco,
            })
          }
          success="Responsável principal alterado."
          failure="Erro ao trocar o responsável principal"
          onClose={() => setPending(null)}
        />
      )}
    </>
  );
}

/** 'Vincular responsável existente': search by name or CPF (a sibling's guardian) and link. */
export function LinkGuardianForm({ student, onDone }: { student: Student; onDone: () => void }) {
  const [q, setQ] = useState('');
  const [parentesco, setParentesco] = useState<Parentesco | ''>('');
  const [principal, setPrincipal] = useState(false);
  const search = useGuardianSearch(q);
  const link = useLinkGuardian(student.id);
  const linkedIds = new Set(student.responsaveis.map((guardian) => guardian.id));
  const choose = async (id: string) => {
    if (parentesco === '') {
      toast.error('Escolha o parentesco antes de vincular.');
      return;
    }
    try {
      const result = await link.mutateAsync({ responsavel_id: id, eh_principal: principal, parentesco });
      toast.success(result.message ?? 'Responsável vinculado.');
      onDone();
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : 'Erro ao vincular o responsável');
    }
  };
  return (
    <section
      aria-label="Vincular responsável existente"
      className="mt-3 space-y-3 rounded-xl border border-gray-200 p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm sm:col-span-2">
          <span className="font-medium text-gray-700">Buscar por nome ou CPF</span>
          <span className="relative mt-1 block">
            <Search
              className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-gray-400"
              aria-hidden="true"
            />
            <input
              type="search"
              value={q}
              onChange={(event) => setQ(event.target.value)}
              className="w-full rounded-lg border border-gray-300 py-2 pr-3 pl-9"
              placeholder="Ex.: Maria Souza ou 123.456.789-09"
              autoComplete="off"
            />
          </span>
        </label>
        <label className="block text-sm">
          <span className="font-medium text-gray-700">Parentesco com {student.nome.split(' ')[0]}</span>
          <select
            value={parentesco}
            onChange={(event) => setParentesco(event.target.value as Parentesco | '')}
            className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          >
            <option value="">Selecione</option>
            {Object.entries(parentescoLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-gray-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-gray-300"
            checked={principal}
            onChange={(event) => setPrincipal(event.target.checked)}
          />
          Tornar responsável principal
        </label>
      </div>
      {q.trim().length < 2 ? (
        <p className="text-sm text-gray-500">Digite ao menos 2 caracteres.</p>
      ) : search.isPending ? (
        <Spinner label="Buscando responsáveis..." />
      ) : search.isError ? (
        <p className="text-sm text-red-700">Erro ao buscar responsáveis.</p>
      ) : search.data.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhum responsável encontrado.</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {search.data.map((guardian) => (
            <li key={guardian.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <div>
                <p className="font-medium text-gray-900">{guardian.nome}</p>
                <p className="text-gray-600">
                  {guardian.cpf ? `CPF ${formatCpf(guardian.cpf)} · ` : ''}
                  {formatPhone(guardian.telefone)}
                  {guardian.alunos.length > 0 &&
                    ` · Responsável por ${guardian.alunos.map((a) => a.nome).join(', ')}`}
                </p>
              </div>
              {linkedIds.has(guardian.id) ? (
                <Badge tone="gray">Já vinculado</Badge>
              ) : (
                <Button
                  className="px-3 py-1.5"
                  loading={link.isPending}
                  onClick={() => void choose(guardian.id)}
                >
                  <Link2 className="h-4 w-4" aria-hidden="true" /> Vincular
                  <span className="sr-only"> {guardian.nome}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    </section>
  );
}
