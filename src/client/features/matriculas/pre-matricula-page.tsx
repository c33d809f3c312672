import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { CheckCircle2, LinkIcon } from 'lucide-react';
import { formatDate } from '../../../shared/format';
import { Button } from '../../components/button';
import { Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { usePreMatricula } from './pre-matricula.api';
import { PreMatriculaForm } from './pre-matricula-form';

function Shell({ escola, children }: { escola?: string | undefined; children: ReactNode }) {
  useEffect(() => {
    document.title = escola ? `Pré-matrícula — ${escola}` : 'Pré-matrícula';
  }, [escola]);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto max-w-2xl px-4 py-4">
          <p className="text-sm text-gray-500">{escola ?? 'Escola'}</p>
          <p className="text-lg font-semibold text-gray-900">Pré-matrícula online</p>
        </div>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6">{children}</main>
    </div>
  );
}

/** The sent form's answer replaces the form and the button just pressed: the focus goes to it, and is read. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** The family's pré-matrícula form opened from the e-mailed link: phone first, no login. */
export function PreMatriculaPage() {
  const { token = '' } = useParams();
  const query = usePreMatricula(token);

  if (query.isPending)
    return (
      <Shell>
        <Spinner label="Abrindo o formulário..." />
      </Shell>
    );
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Shell>
        <div className="rounded-xl border border-gray-200 bg-white p-6 text-center">
          <LinkIcon className="mx-auto h-10 w-10 text-gray-400" aria-hidden="true" />
          <h1 className="mt-3 text-lg font-semibold text-gray-900">
            {gone ? 'Link expirado ou inválido' : 'Não foi possível abrir o formulário'}
          </h1>
          <p className="mt-2 text-sm text-gray-600">
            {gone
              ? query.error.message
              : 'Verifique sua conexão e tente de novo. Se continuar, fale com a secretaria da escola.'}
          </p>
          {!gone && (
            <Button className="mt-4" onClick={() => void query.refetch()}>
              Tentar de novo
            </Button>
          )}
        </div>
      </Shell>
    );
  }
  const view = query.data;
  if (view.estado === 'enviada')
    return (
      <Shell escola={view.escola}>
        <div className="rounded-xl border border-green-200 bg-white p-6 text-center">
          <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
          <h1 ref={focusOnMount} tabIndex={-1} className="mt-3 text-xl font-semibold text-gray-900">
            Recebemos sua pré-matrícula!
          </h1>
          <p className="mt-2 text-sm text-gray-700">
            A secretaria da escola vai conferir os dados e os documentos de {view.aluno_primeiro_nome}. O
            contrato chegará por e-mail para o responsável financeiro assinar pelo celular.
          </p>
          {view.enviado_em && (
            <p className="mt-3 text-xs text-gray-500">Enviado em {formatDate(view.enviado_em)}.</p>
          )}
        </div>
      </Shell>
    );
  return (
    <Shell escola={view.escola}>
      <PreMatriculaForm token={token} view={view} />
    </Shell>
  );
}
