import { AlertTriangle, CheckCircle2, ChevronDown, ChevronRight, Download, History } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Anexo, Comunicado, Versao } from '../../../shared/comunicados.schemas';
import { formatCount, formatDateTime } from '../../../shared/format';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { RichText } from '../../components/rich-text';
import { ApiError, downloadFile } from '../../lib/api-client';
import { useCiente, useVersoes } from './comunicados.api';

// Each attachment a finger's height (44 px; a short name was a 20 px line, 4 px from the next one), a
// long name wrapping under itself from the left, the icon kept beside it.
export function AnexoList({ anexos }: { anexos: Anexo[] }) {
  if (anexos.length === 0) return null;
  return (
    <ul className="space-y-1" aria-label="Anexos">
      {anexos.map((anexo) => (
        <li key={anexo.id}>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-2 text-left text-sm font-medium text-primary-strong underline"
            onClick={() =>
              void downloadFile(anexo.url, anexo.nome).catch(() =>
                toast.error('Não foi possível baixar o anexo.'),
              )
            }
          >
            <Download className="h-4 w-4 shrink-0" aria-hidden="true" /> {anexo.nome} (
            {Math.max(1, Math.round(anexo.tamanho / 1024))} KB)
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One kept text: its title, body and attachments, as the families received it. */
function VersionText({ versao }: { versao: Versao }) {
  return (
    <div className="space-y-2 rounded-lg border border-gray-200 bg-gray-50 p-3">
      <p className="text-sm font-semibold text-gray-900">{versao.titulo}</p>
      <RichText source={versao.corpo} />
      <AnexoList anexos={versao.anexos} />
      <p className="text-xs text-gray-600">
        Publicada em {formatDateTime(versao.publicada_em)} por {versao.autor_nome}
        {versao.exige_ciente ? ' · pedia ciente' : ''}
      </p>
    </div>
  );
}

/** The text of one version, fetched when opened. */
function OneVersion({ id, numero }: { id: string; numero: number }) {
  const versoes = useVersoes(id, true);
  if (versoes.isPending) return <Spinner />;
  const versao = versoes.data?.versoes.find((item) => item.numero === numero);
  if (versoes.isError || !versao) return <ErrorBanner>Não foi possível carregar a versão.</ErrorBanner>;
  return <VersionText versao={versao} />;
}

/**
 * The family's 'Ciente': on the version in force. When the text changed after their ciente, says which
 * version they confirmed (and shows it) and asks again.
 */
export function CienteBox({ comunicado }: { comunicado: Comunicado }) {
  const ciente = useCiente();
  const [showOld, setShowOld] = useState(false);
  const recebido = comunicado.recebido;
  if (!recebido) return null;
  const atual = comunicado.versao_texto;
  const previous = recebido.ciente_em
    ? undefined
    : recebido.cientes.filter((item) => item.versao < atual).at(-1);
  if (!comunicado.exige_ciente && !previous) return null;
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3">
      {previous && (
        <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="flex items-start gap-2">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              Este comunicado foi alterado depois do seu ciente. Você confirmou a{' '}
              <strong>versão {previous.versao}</strong> em {formatDateTime(previous.ciente_em)}; o texto acima
              é a <strong>versão {atual}</strong>.
            </span>
          </p>
          <button
            type="button"
            className="inline-flex items-center gap-1 font-medium underline"
            aria-expanded={showOld}
            onClick={() => setShowOld((open) => !open)}
          >
            {showOld ? (
              <ChevronDown className="h-4 w-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            )}
            Ver a versão {previous.versao}, que você confirmou
          </button>
          {showOld && <OneVersion id={comunicado.id} numero={previous.versao} />}
        </div>
      )}
      {recebido.ciente_em ? (
        <p className="flex items-center gap-2 text-sm text-green-800">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Ciente confirmado em{' '}
          {formatDateTime(recebido.ciente_em)}
          {atual > 1 ? ` (versão ${String(atual)})` : ''}.
        </p>
      ) : (
        comunicado.exige_ciente && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-gray-700">
              {previous
                ? `A escola pede um novo ciente, na versão ${String(atual)}.`
                : 'A escola pede que você confirme a leitura.'}
            </p>
            <Button
              loading={ciente.isPending}
              onClick={() =>
                ciente.mutateAsync({ id: comunicado.id, versao: atual }).then(
                  (result) => toast.success(result.message ?? 'Ciente registrado'),
                  (error: unknown) =>
                    toast.error(
                      error instanceof ApiError ? error.message : 'Não foi possível registrar o ciente.',
                    ),
                )
              }
            >
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {previous ? `Ciente da versão ${String(atual)}` : 'Ciente'}
            </Button>
          </div>
        )
      )}
    </div>
  );
}

/** For the school: every text the notice had, with how many families confirmed each. */
export function VersionsPanel({ comunicado }: { comunicado: Comunicado }) {
  const [open, setOpen] = useState<number | null>(null);
  const versoes = useVersoes(comunicado.id, comunicado.versao_texto > 1);
  if (comunicado.versao_texto <= 1) return null;
  return (
    <section aria-label="Versões" className="space-y-2 border-t border-gray-100 pt-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <History className="h-4 w-4" aria-hidden="true" /> Versões (
        {formatCount(comunicado.versao_texto, 'versão', 'versões')})
      </h3>
      {versoes.isPending ? (
        <Spinner />
      ) : versoes.isError ? (
        <ErrorBanner>Erro ao carregar as versões.</ErrorBanner>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {versoes.data.versoes.map((versao) => (
            <li key={versao.numero} className="space-y-2 px-3 py-2 text-sm">
              <button
                type="button"
                className="flex w-full flex-wrap items-center justify-between gap-2 text-left"
                aria-expanded={open === versao.numero}
                onClick={() => setOpen(open === versao.numero ? null : versao.numero)}
              >
                <span className="font-medium text-gray-900">
                  Versão {versao.numero}
                  {versao.numero === versoes.data.atual ? ' (atual)' : ''}
                </span>
                <span className="text-gray-600">
                  {formatDateTime(versao.publicada_em)} · {versao.autor_nome}
                  {versao.cientes !== null ? ` · ${formatCount(versao.cientes, 'ciente', 'cientes')}` : ''}
                </span>
              </button>
              {open === versao.numero && <VersionText versao={versao} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
