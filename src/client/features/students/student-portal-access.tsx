/**
 * 'Acesso ao Portal do Aluno' on the student's record (issue 31 §4, ADR 0029): the staff create the
 * student's own account with the guardian's consent (LGPD art. 14), see a guardian's request to disable
 * it, disable or enable it again and generate a new password.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  consentimentoMeioLabels,
  consentimentoMeios,
  type ConsentimentoMeio,
} from '../../../shared/contas-aluno.schemas';
import { formatDate, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { ConfirmAction } from '../../components/confirm-dialog';
import {
  studentAccessQuery,
  useCreateStudentAccount,
  useResetStudentPassword,
  useStudentAccountStatus,
} from '../../domain/contas-aluno.api';
import { ApiError } from '../../lib/api-client';

const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : 'Erro ao salvar');
const input = 'mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm';

function Password({ senha, mailed }: { senha: string; mailed: boolean }) {
  return (
    <p
      className="mt-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900"
      role="status"
    >
      Senha provisória: <strong className="font-mono">{senha}</strong> — entregue ao aluno
      {mailed ? ' (também enviada por e-mail)' : ' pessoalmente: ela não foi enviada por e-mail'}. No primeiro
      acesso o portal pede uma nova senha.
    </p>
  );
}

/** `emailDoCadastro`: the student's e-mail on record, offered for the account (the secretaria may change it). */
export function StudentPortalAccess({
  alunoId,
  emailDoCadastro,
}: {
  alunoId: string;
  emailDoCadastro?: string | null | undefined;
}) {
  const access = useQuery(studentAccessQuery(alunoId));
  const create = useCreateStudentAccount(alunoId);
  const status = useStudentAccountStatus(alunoId);
  const reset = useResetStudentPassword(alunoId);
  const [email, setEmail] = useState(emailDoCadastro ?? '');
  const [guardian, setGuardian] = useState('');
  const [meio, setMeio] = useState<ConsentimentoMeio>('termo_assinado');
  const [agreed, setAgreed] = useState(false);
  const [senha, setSenha] = useState<{ senha: string; mailed: boolean } | null>(null);
  // Disabling the access and a new password end the student's sessions: asked first.
  const [confirming, setConfirming] = useState<'desativar' | 'senha' | null>(null);
  if (access.isPending) return <Spinner label="Carregando acesso do aluno..." />;
  if (access.isError) return <ErrorBanner>Não foi possível carregar o acesso do aluno.</ErrorBanner>;
  const { conta, elegivel, motivo, responsaveis, autorizacao_familia: authorized } = access.data;

  function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    create.mutate(
      authorized
        ? { email }
        : { email, consentimento: { responsavel_id: guardian || (responsaveis[0]?.id ?? ''), meio } },
      {
        onSuccess: (result) => {
          toast.success('Acesso ao Portal do Aluno criado.');
          setSenha({ senha: result.data.senhaGerada, mailed: result.data.emailEnviado });
        },
        onError: failed,
      },
    );
  }

  return (
    <section aria-labelledby={`portal-aluno-${alunoId}`}>
      <h3 id={`portal-aluno-${alunoId}`} className="mb-2 text-sm font-semibold text-gray-800">
        Acesso ao Portal do Aluno
      </h3>
      {conta ? (
        <div className="space-y-2 text-sm text-gray-700">
          <p>
            <span className="font-medium text-gray-900">{conta.email}</span>{' '}
            <Badge tone={conta.status === 'ativo' ? 'green' : 'gray'}>
              {conta.status === 'ativo' ? 'Ativo' : 'Desativado'}
            </Badge>
            {conta.ultimo_login && (
              <span className="block text-gray-600">Último acesso: {formatDateTime(conta.ultimo_login)}</span>
            )}
          </p>
          <p className="text-gray-600">
            Consentimento de {conta.consentimento.responsavel_nome} em {formatDate(conta.consentimento.em)} (
            {consentimentoMeioLabels[conta.consentimento.meio].toLowerCase()})
            {conta.consentimento.registrado_por && `, registrado por ${conta.consentimento.registrado_por}`}.
          </p>
          {conta.pedido_desativacao && (
            <p
              className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
              role="status"
            >
              {conta.pedido_desativacao.por ?? 'Um responsável'} pediu a desativação em{' '}
              {formatDate(conta.pedido_desativacao.em)}
              {conta.pedido_desativacao.motivo ? `: “${conta.pedido_desativacao.motivo}”` : '.'}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {conta.status === 'ativo' ? (
              <>
                <Button variant="secondary" onClick={() => setConfirming('desativar')}>
                  Desativar acesso
                </Button>
                <Button variant="secondary" onClick={() => setConfirming('senha')}>
                  Gerar nova senha
                </Button>
              </>
            ) : (
              <Button
                variant="secondary"
                loading={status.isPending}
                onClick={() =>
                  status.mutate('ativo', {
                    onSuccess: (result) => toast.success(result.message ?? 'Salvo.'),
                    onError: failed,
                  })
                }
              >
                Reativar acesso
              </Button>
            )}
          </div>
          {senha && <Password senha={senha.senha} mailed={senha.mailed} />}
          {confirming === 'desativar' && (
            <ConfirmAction
              title={`Desativar o acesso de ${conta.aluno_nome}?`}
              message={`${conta.aluno_nome} deixa de entrar no Portal do Aluno e as sessões abertas terminam. A conta e o histórico ficam guardados, e o acesso pode ser reativado aqui.`}
              confirmLabel="Desativar acesso"
              action={() => status.mutateAsync('inativo')}
              success="Acesso desativado."
              failure="Erro ao desativar o acesso."
              onClose={() => setConfirming(null)}
            />
          )}
          {confirming === 'senha' && (
            <ConfirmAction
              title={`Gerar nova senha para ${conta.aluno_nome}?`}
              message={`A senha atual de ${conta.aluno_nome} deixa de funcionar e as sessões abertas terminam. A nova senha provisória aparece aqui uma única vez, para entregar ao aluno.`}
              confirmLabel="Gerar nova senha"
              action={async () => {
                const result = await reset.mutateAsync();
                setSenha({ senha: result.data.novaSenha, mailed: result.data.emailEnviado });
                return result;
              }}
              success="Nova senha gerada."
              failure="Erro ao gerar a nova senha."
              onClose={() => setConfirming(null)}
            />
          )}
        </div>
      ) : !elegivel ? (
        <p className="text-sm text-gray-600">{motivo}</p>
      ) : responsaveis.length === 0 ? (
        <p className="text-sm text-gray-600">
          Vincule um responsável ao aluno: o acesso só é criado com o consentimento dele (LGPD art. 14).
        </p>
      ) : (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
          <label className="text-sm font-medium text-gray-700 sm:col-span-2">
            E-mail do aluno
            <input
              className={input}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          {authorized ? (
            <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900 sm:col-span-2">
              {authorized.responsavel_nome} já autorizou a conta do aluno no portal em{' '}
              {formatDate(authorized.em)}. Para criar o acesso, basta informar o e-mail do aluno.
            </p>
          ) : (
            <>
              <label className="text-sm font-medium text-gray-700">
                Responsável que consentiu
                <select
                  className={input}
                  value={guardian}
                  onChange={(event) => setGuardian(event.target.value)}
                >
                  {responsaveis.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.nome}
                    </option>
                  ))}
                </select>
              </label>
              <label className="text-sm font-medium text-gray-700">
                Como consentiu
                <select
                  className={input}
                  value={meio}
                  onChange={(event) => setMeio(event.target.value as ConsentimentoMeio)}
                >
                  {consentimentoMeios.map((item) => (
                    <option key={item} value={item}>
                      {consentimentoMeioLabels[item]}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex items-start gap-2 text-sm text-gray-700 sm:col-span-2">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                />
                O responsável consentiu com a conta do aluno no portal (LGPD art. 14); o registro fica
                guardado.
              </label>
            </>
          )}
          <div className="sm:col-span-2">
            <Button
              type="submit"
              disabled={(!authorized && !agreed) || email.trim() === ''}
              loading={create.isPending}
            >
              Criar acesso do aluno
            </Button>
          </div>
          {senha && (
            <div className="sm:col-span-2">
              <Password senha={senha.senha} mailed={senha.mailed} />
            </div>
          )}
        </form>
      )}
    </section>
  );
}
