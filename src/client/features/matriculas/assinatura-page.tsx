import { useEffect } from 'react';
import { useParams } from 'react-router';
import { FileText } from 'lucide-react';
import { papelSignatarioLabels, type AssinaturaPublica } from '../../../shared/contratos.schemas';
import { Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { assinaturaPdfUrl, useAssinatura } from './contrato-assinatura.api';
import { Assinar, Aviso, Concluido } from './contrato-assinatura-passos';

/**
 * A signer's page, `/assinar/:token` (issue 34): the contract (the PDF and a readable summary), a
 * one-time code sent to the signer's e-mail, and the signature. Made for a phone first: one column,
 * large targets, the code field ready for the keyboard's suggestion of the code from the e-mail.
 */
export function AssinaturaPage() {
  const { token = '' } = useParams();
  const query = useAssinatura(token);
  useEffect(() => {
    document.title = 'Assinar contrato de matrícula';
  }, []);
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="bg-primary-strong px-4 py-4 text-white">
        <p className="mx-auto max-w-xl text-base font-semibold">
          {query.data?.escola ?? 'Contrato de matrícula'}
        </p>
      </header>
      <main className="mx-auto max-w-xl px-4 py-6">
        {query.isLoading ? (
          <Spinner label="Carregando o contrato..." />
        ) : query.isError || !query.data ? (
          <Aviso icone="erro" titulo="Link inválido ou expirado">
            {query.error instanceof ApiError && query.error.status !== 404
              ? query.error.message
              : 'Este link de assinatura não existe ou não vale mais. Peça à secretaria da escola um novo link.'}
          </Aviso>
        ) : (
          <Assinatura token={token} dados={query.data} />
        )}
      </main>
    </div>
  );
}

function Assinatura({ token, dados }: { token: string; dados: AssinaturaPublica }) {
  return (
    <div className="space-y-5">
      <section className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <p className="text-sm text-gray-600">Contrato de matrícula</p>
        <h1 className="mt-1 text-xl font-bold text-gray-900">{dados.aluno}</h1>
        <p className="text-sm text-gray-700">
          {dados.serie} · ano letivo de {dados.ano_letivo}
        </p>
        <p className="mt-3 text-sm text-gray-700">
          Olá, <strong>{dados.signatario}</strong>. Você assina como{' '}
          <strong>{papelSignatarioLabels[dados.papel].toLowerCase()}</strong>.
        </p>
      </section>
      {dados.status === 'anulado' ? (
        <Aviso icone="erro" titulo="Este contrato foi substituído">
          A escola enviou um contrato novo, ou os dados mudaram depois do envio. Use o link do e-mail mais
          recente ou fale com a secretaria.
        </Aviso>
      ) : dados.status === 'expirado' ? (
        <Aviso icone="erro" titulo="Link expirado">
          O prazo para assinar por este link terminou. Peça à secretaria da escola um novo link.
        </Aviso>
      ) : dados.status === 'assinado' ? (
        <Concluido token={token} dados={dados} />
      ) : (
        <>
          <Resumo token={token} dados={dados} />
          <Assinar token={token} dados={dados} />
        </>
      )}
      <p className="text-xs text-gray-500">
        Assinatura eletrônica com identidade confirmada por código enviado ao seu e-mail (MP 2.200-2/2001,
        art. 10, § 2º). Resumo SHA-256 do contrato:{' '}
        <span className="break-all font-mono">{dados.sha256}</span>
      </p>
    </div>
  );
}

function Resumo({ token, dados }: { token: string; dados: AssinaturaPublica }) {
  return (
    <section
      aria-labelledby="resumo-titulo"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id="resumo-titulo" className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-primary-strong text-xs text-white">
          1
        </span>
        Leia o contrato
      </h2>
      <dl className="mt-3 divide-y divide-gray-100 text-sm">
        {dados.resumo.map((item) => (
          <div
            key={item.rotulo}
            className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4"
          >
            <dt className="text-gray-600">{item.rotulo}</dt>
            <dd className="font-medium text-gray-900 sm:text-right">{item.valor}</dd>
          </div>
        ))}
      </dl>
      <a
        href={assinaturaPdfUrl(token)}
        target="_blank"
        rel="noopener"
        className="mt-4 flex min-h-12 w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-3 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        <FileText className="h-5 w-5" aria-hidden="true" /> Abrir o contrato completo (PDF)
      </a>
    </section>
  );
}
