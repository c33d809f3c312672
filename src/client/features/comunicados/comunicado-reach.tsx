/** A notice's reach in words: who receives it in the portal and whose families have no access. */
import { UserX } from 'lucide-react';
import type { DestinatariosTipo, PublicoTipo, SemAcesso } from '../../../shared/comunicados.schemas';
import { formatCount, formatPhone } from '../../../shared/format';

/** '7 famílias', '12 alunos': the portal accounts that receive it, as the audience names them. */
/**
 * Who receives it, counted as the server does: accounts, and for families the students they are reached
 * for — '3 responsáveis (de 2 alunos)': it said '3 famílias' for two children's three parents.
 */
export function recebemWords(
  { recebem, alunos }: { recebem: number; alunos: number },
  tipo: PublicoTipo,
  destinatarios: DestinatariosTipo,
): string {
  if (tipo === 'equipe') return formatCount(recebem, 'pessoa da equipe', 'pessoas da equipe');
  if (destinatarios === 'alunos') return formatCount(recebem, 'aluno', 'alunos');
  const deAlunos = recebem === 0 ? '' : ` (de ${formatCount(alunos, 'aluno', 'alunos')})`;
  if (destinatarios === 'familias_e_alunos')
    return `${formatCount(recebem, 'conta (responsável ou aluno)', 'contas (responsáveis e alunos)')}${deAlunos}`;
  return `${formatCount(recebem, 'responsável', 'responsáveis')}${deAlunos}`;
}

/** Who of the audience it does not reach, and why: '3 alunos cujas famílias não têm acesso ao portal'. */
export function semAcessoWords(total: number, destinatarios: DestinatariosTipo): string {
  if (destinatarios === 'alunos')
    return total === 1
      ? '1 aluno sem conta no Portal do Aluno'
      : `${formatCount(total, 'aluno', 'alunos')} sem conta no Portal do Aluno`;
  return total === 1
    ? '1 aluno cuja família não tem acesso ao portal'
    : `${formatCount(total, 'aluno', 'alunos')} cujas famílias não têm acesso ao portal`;
}

/**
 * The students of a published notice's audience it did not reach (no portal access), named with their
 * class and guardians, so the school can tell those families another way. Nothing when there are none.
 */
export function SemAcessoPanel({
  semAcesso,
  destinatarios,
}: {
  semAcesso: SemAcesso;
  destinatarios: DestinatariosTipo;
}) {
  if (semAcesso.total === 0) return null;
  const more = semAcesso.total - semAcesso.alunos.length;
  return (
    <section
      aria-labelledby="sem-acesso-titulo"
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <h3 id="sem-acesso-titulo" className="flex items-center gap-2 font-semibold">
        <UserX className="h-4 w-4 shrink-0" aria-hidden="true" />
        Sem acesso ao portal (não receberam): {semAcessoWords(semAcesso.total, destinatarios)}
      </h3>
      <p>
        {destinatarios === 'alunos'
          ? 'Estes alunos não têm conta ativa no Portal do Aluno e não veem este comunicado.'
          : 'As famílias destes alunos não têm conta ativa no portal e não veem este comunicado.'}{' '}
        Avise-as de outra forma (bilhete, telefone). A secretaria cria o acesso na ficha do aluno: no
        responsável, Editar → Criar acesso ao portal (com o e-mail dele).
      </p>
      <ul aria-label="Não receberam" className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
        {semAcesso.alunos.map((aluno) => (
          <li key={aluno.id}>
            <span className="font-medium">{aluno.nome}</span>
            {aluno.turma && ` (${aluno.turma})`}
            {' — '}
            {aluno.responsaveis.length === 0 ? (
              'nenhum responsável cadastrado'
            ) : (
              <>
                {aluno.responsaveis.length === 1 ? 'responsável' : 'responsáveis'}:{' '}
                {aluno.responsaveis.map((responsavel, index) => (
                  <span key={`${responsavel.nome}-${String(index)}`}>
                    {index > 0 && (index === aluno.responsaveis.length - 1 ? ' e ' : ', ')}
                    {responsavel.nome}
                    {responsavel.telefone && (
                      <>
                        {' '}
                        (
                        <a href={`tel:${responsavel.telefone.replace(/[^\d+]/g, '')}`} className="underline">
                          {formatPhone(responsavel.telefone)}
                        </a>
                        )
                      </>
                    )}
                  </span>
                ))}
              </>
            )}
          </li>
        ))}
      </ul>
      {more > 0 && <p>E mais {formatCount(more, 'aluno', 'alunos')}.</p>}
    </section>
  );
}
