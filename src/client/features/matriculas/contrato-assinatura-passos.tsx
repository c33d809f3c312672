import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { AlertTriangle, CheckCircle2, Download, Mail, ShieldCheck } from 'lucide-react';
import type { AssinaturaPublica } from '../../../shared/contratos.schemas';
import { formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { assinaturaPdfUrl, useAssinar, usePedirCodigo } from './contrato-assinatura.api';

/** The signer page's steps (assinatura-page.tsx): asking for the code and signing, and the done state. */

/** An answer that replaces the control just used takes the focus (and so is read), not the page's body. */
const focusOnMount = (element: HTMLElement | null) => element?.focus();

export function Aviso({
  icone,
  titulo,
  focar = false,
  children,
}: {
  icone: 'erro' | 'ok';
  titulo: string;
  focar?: boolean;
  children: ReactNode;
}) {
  const Icon = icone === 'ok' ? CheckCircle2 : AlertTriangle;
  return (
    <section
      role="status"
      className={`rounded-xl border p-5 ${icone === 'ok' ? 'border-green-200 bg-green-50 text-green-900' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
    >
      <h1
        ref={focar ? focusOnMount : undefined}
        tabIndex={focar ? -1 : undefined}
        className="flex items-center gap-2 text-lg font-bold"
      >
        <Icon className="h-6 w-6 shrink-0" aria-hidden="true" /> {titulo}
      </h1>
      <div className="mt-2 space-y-3 text-sm">{children}</div>
    </section>
  );
}

export function Assinar({ token, dados }: { token: string; dados: AssinaturaPublica }) {
  const pedir = usePedirCodigo(token);
  const assinar = useAssinar(token);
  const [codigo, setCodigo] = useState('');
  const [li, setLi] = useState(false);
  const codigoId = useId();
  const campo = useRef<HTMLInputElement>(null);
  const enviado = dados.codigo_enviado_em !== null || pedir.isSuccess;
  // Each code sent, the field it is typed in (the button pressed may be gone).
  useEffect(() => {
    if (pedir.isSuccess) campo.current?.focus();
  }, [pedir.isSuccess, pedir.submittedAt]);
  const erro = (pedir.error ?? assinar.error) as unknown;
  const handleSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(codigo)) assinar.mutate(codigo);
  };
  return (
    <section
      aria-labelledby="assinar-titulo"
      className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm"
    >
      <h2 id="assinar-titulo" className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <span className="flex h-6 w-6 items-center justify-center rounded-full bg-primary-strong text-xs text-white">
          2
        </span>
        Confirme que é você e assine
      </h2>
      <label className="mt-3 flex items-start gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          checked={li}
          onChange={(event) => setLi(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-400"
        />
        Li o contrato e concordo com os seus termos.
      </label>
      {erro instanceof ApiError && (
        <div className="mt-3">
          <ErrorBanner>{erro.message}</ErrorBanner>
        </div>
      )}
      {!enviado ? (
        <>
          <p className="mt-3 text-sm text-gray-700">
            Vamos enviar um código de 6 números para <strong>{dados.email_mascarado}</strong>.
          </p>
          {!li && (
            <p className="mt-2 text-xs text-gray-600">Marque a caixa acima depois de ler o contrato.</p>
          )}
          <Button
            className="mt-3 min-h-12 w-full"
            disabled={!li}
            loading={pedir.isPending}
            onClick={() => pedir.mutate()}
          >
            <Mail className="h-5 w-5" aria-hidden="true" /> Enviar código para meu e-mail
          </Button>
        </>
      ) : (
        <form onSubmit={handleSubmit} className="mt-3 space-y-3" noValidate>
          <p className="text-sm text-gray-700" role="status">
            Enviamos um código para <strong>{dados.email_mascarado}</strong>. Ele vale por 10 minutos; confira
            também a caixa de spam.
          </p>
          <div className="space-y-1">
            <label htmlFor={codigoId} className="block text-sm font-medium text-gray-700">
              Código recebido por e-mail
            </label>
            <input
              ref={campo}
              id={codigoId}
              name="codigo"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              value={codigo}
              onChange={(event) => setCodigo(event.target.value.replace(/\D/g, '').slice(0, 6))}
              className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-3 text-center font-mono text-2xl tracking-[0.5em] text-gray-900 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/25"
              aria-describedby={`${codigoId}-dica`}
            />
            <p id={`${codigoId}-dica`} className="text-xs text-gray-500">
              São 6 números.
            </p>
          </div>
          <Button
            type="submit"
            className="min-h-12 w-full"
            disabled={!li || codigo.length !== 6}
            loading={assinar.isPending}
          >
            <ShieldCheck className="h-5 w-5" aria-hidden="true" /> Assinar contrato
          </Button>
          <Button
            variant="ghost"
            className="w-full"
            loading={pedir.isPending}
            onClick={() => {
              setCodigo('');
              pedir.mutate();
            }}
          >
            Não recebi: enviar outro código
          </Button>
        </form>
      )}
    </section>
  );
}

export function Concluido({ token, dados }: { token: string; dados: AssinaturaPublica }) {
  const faltam = dados.signatarios.filter((item) => !item.assinado);
  return (
    <Aviso icone="ok" titulo="Contrato assinado" focar>
      <p>Você assinou em {formatDateTime(dados.assinado_em)}. Obrigado!</p>
      {faltam.length > 0 ? (
        <p>
          Aguardando a assinatura de: {faltam.map((item) => item.nome).join(', ')}. Quando todos assinarem, a
          versão final com a página de assinaturas fica disponível aqui mesmo.
        </p>
      ) : (
        <p>Todos assinaram. A versão final tem uma página com as assinaturas e o código de verificação.</p>
      )}
      {dados.codigo_validacao && (
        <p>
          Código de verificação:{' '}
          <a className="font-mono font-semibold underline" href={`/validar/${dados.codigo_validacao}`}>
            {dados.codigo_validacao}
          </a>
        </p>
      )}
      <a
        href={assinaturaPdfUrl(token)}
        download
        className="flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-primary-strong px-4 py-3 text-sm font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong"
      >
        <Download className="h-5 w-5" aria-hidden="true" /> Baixar o contrato{' '}
        {faltam.length > 0 ? '' : 'assinado '}(PDF)
      </a>
    </Aviso>
  );
}
