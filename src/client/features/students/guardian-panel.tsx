import { useRef, useState } from 'react';
import { Pencil, Star, Unlink } from 'lucide-react';
import { formatPhone } from '../../../shared/format';
import { parentescoLabels, type Student, type StudentGuardian } from '../../../shared/students.schemas';
import { formatCpf } from '../../../shared/validators';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge } from '../../components/feedback';
import { useLinkGuardian, useUnlinkGuardian } from './students.api';
import { EditGuardianForm } from './guardian-edit-form';
import { useRefocus } from './use-refocus';
export { LinkGuardianForm } from './guardian-link-form';

type Pending = { kind: 'unlink' | 'principal'; guardian: StudentGuardian };

/** The student's guardians; administrators edit, make principal and unlink from here. */
export function GuardianList({ student, canWrite }: { student: Student; canWrite: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const link = useLinkGuardian(student.id);
  const unlink = useUnlinkGuardian(student.id);
  // Saved or cancelled, the edit form gives the focus back to the guardian's 'Editar'.
  const list = useRef<HTMLUListElement>(null);
  const refocusAfter = useRefocus(list, editing);
  if (student.responsaveis.length === 0)
    return <p className="text-sm text-gray-600">Nenhum responsável cadastrado.</p>;
  return (
    <>
      <ul ref={list} className="space-y-2">
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
                {canWrite && guardian.eh_principal && !guardian.cep && (
                  <p className="text-amber-800">
                    {guardian.endereco ? 'Endereço sem CEP e número separados' : 'Sem endereço'}: o boleto
                    precisa do endereço completo (Editar).
                  </p>
                )}
                {canWrite && !guardian.tem_acesso && (
                  <p className="text-gray-500">Sem acesso ao portal (Editar → Criar acesso ao portal)</p>
                )}
                {guardian.observacoes && <p className="text-gray-500 italic">Obs.: {guardian.observacoes}</p>}
              </div>
              {canWrite && editing !== guardian.id && (
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    data-refocus={guardian.id}
                    onClick={() => setEditing(guardian.id)}
                  >
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
              <EditGuardianForm
                student={student}
                guardian={guardian}
                onDone={() => {
                  refocusAfter(guardian.id);
                  setEditing(null);
                }}
              />
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
          message={`${pending.guardian.nome} passa a ser o responsável principal de ${student.nome}: o nome no boleto, no recibo e na nota fiscal das próximas cobranças.`}
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
