/**
 * The pré-matrícula on a family's card in the funnel (the captação part's page embeds it): send or
 * renew the link, follow the form, open the documents, register the fee and 'Matricular agora'.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Copy, ExternalLink, Send } from 'lucide-react';
import { EMAIL_NAO_CONFIGURADO_CONVITE } from '../../../shared/anuidades.schemas';
import { formatDateTime } from '../../../shared/format';
import type { EtapaFunil } from '../../../shared/matriculas.schemas';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { can, permissionsOf } from '../../../shared/permissions';
import { documentoUrl, enviarConvite, matricularAgora, usePreMatriculaResumo } from './pre-matricula.api';
import { PagamentoDaTaxa } from './pre-matricula-pagamento';
import { DadosEnviados } from './pre-matricula-dados-enviados';
import { tamanho } from './pre-matricula-documentos-step';
import { copyText } from '../../lib/copy-text';

const ANTES_DO_CONTRATO: readonly EtapaFunil[] = ['interessado', 'visita', 'pre_matricula', 'perdido'];

export function PreMatriculaPainel({ interessadoId, etapa }: { interessadoId: string; etapa: EtapaFunil }) {
  const queryClient = useQueryClient();
  const resumo = usePreMatriculaResumo(interessadoId);
  // Receiving money is the Financeiro's (ADR 0101): the secretaria sees the fee awaited, not the button.
  const recebe = can(permissionsOf(useCurrentUser().data), 'finance.manage');
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmRenew, setConfirmRenew] = useState(false);
  // The link as made, when the server could not mail it: the secretaria sends it herself.
  const [semEmail, setSemEmail] = useState<string | null>(null);

  const run = async (name: string, action: () => Promise<{ message?: string | undefined }>) => {
    setBusy(name);
    try {
      const result = await action();
      toast.success(result.message ?? 'Feito.');
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) toast.error(error.message);
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['matriculas'] });
    }
  };
  const convite = () =>
    run('convite', async () => {
      const result = await enviarConvite(interessadoId);
      setSemEmail(result.data.email_configurado ? null : result.data.url);
      return result;
    });
  const linkManual = semEmail && <LinkSemEmail url={semEmail} />;

  if (resumo.isPending) return <Spinner label="Carregando a pré-matrícula..." />;
  if (resumo.isError) return <ErrorBanner>Erro ao carregar a pré-matrícula</ErrorBanner>;
  const pre = resumo.data;
  const podeConvidar = ANTES_DO_CONTRATO.includes(etapa);

  if (!pre)
    return (
      <section aria-label="Pré-matrícula" className="space-y-2">
        <p className="text-sm text-gray-600">
          O link da pré-matrícula ainda não foi enviado. A família recebe por e-mail um formulário para os
          dados, os documentos e o plano de pagamento.
        </p>
        {podeConvidar && (
          <Button loading={busy === 'convite'} onClick={() => void convite()}>
            <Send className="h-4 w-4" aria-hidden="true" /> Enviar link da pré-matrícula
          </Button>
        )}
        {linkManual}
      </section>
    );

  const enviado = Boolean(pre.enviado_em);
  // Signed by everyone, the family waits for the fee (ADR 0101): said to all, recorded by whoever receives money.
  const aguardaTaxa = etapa === 'contrato_assinado' && pre.pagamento_exigido && !pre.pagamento_em;
  return (
    <section aria-label="Pré-matrícula" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Badge tone={enviado ? 'green' : 'yellow'}>
          {enviado ? 'Formulário enviado' : 'Aguardando a família'}
        </Badge>
        {pre.lista_espera_em && <Badge tone="red">Lista de espera (sem vaga)</Badge>}
        {pre.pagamento_em && <Badge tone="green">Taxa paga</Badge>}
        {aguardaTaxa && <Badge tone="yellow">Aguardando o pagamento da taxa</Badge>}
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-gray-500">Link válido até</dt>
        <dd>{formatDateTime(pre.expira_em)}</dd>
        <dt className="text-gray-500">Aberto pela família</dt>
        <dd>{pre.aberto_em ? formatDateTime(pre.aberto_em) : 'Ainda não'}</dd>
        <dt className="text-gray-500">Enviado</dt>
        <dd>{pre.enviado_em ? formatDateTime(pre.enviado_em) : 'Ainda não'}</dd>
      </dl>
      <DadosEnviados resumo={pre} />
      <div>
        <h3 className="text-sm font-semibold text-gray-900">Documentos</h3>
        {pre.documentos_exigidos.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhum documento pedido.</p>
        ) : (
          <ul className="mt-1 space-y-1 text-sm">
            {pre.documentos_exigidos.map((exigido) => {
              const doc = pre.documentos.find((item) => item.tipo === exigido.id);
              return (
                <li key={exigido.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {exigido.nome}
                    {exigido.obrigatorio ? '' : ' (opcional)'}
                  </span>
                  {doc ? (
                    <a
                      href={documentoUrl(interessadoId, doc.id)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex items-center gap-1 text-primary-strong hover:underline"
                    >
                      Abrir ({tamanho(doc.tamanho)})
                      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                      <span className="sr-only">(abre em nova aba)</span>
                    </a>
                  ) : (
                    <span className="text-gray-500">Não enviado</span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {podeConvidar && (
          <Button variant="secondary" loading={busy === 'convite'} onClick={() => setConfirmRenew(true)}>
            <Send className="h-4 w-4" aria-hidden="true" /> Reenviar link
          </Button>
        )}
        {aguardaTaxa && recebe && (
          <PagamentoDaTaxa interessadoId={interessadoId} alunoNome={pre.dados.aluno.nome} />
        )}
        {/* Waiting for the fee, the enrolment can only be refused (409): the payment enrols. */}
        {etapa === 'contrato_assinado' && !aguardaTaxa && (
          <Button
            loading={busy === 'matricular'}
            onClick={() => void run('matricular', () => matricularAgora(interessadoId))}
          >
            Matricular agora
          </Button>
        )}
      </div>
      {linkManual}
      <ConfirmDialog
        open={confirmRenew}
        title="Reenviar o link da pré-matrícula?"
        message="A família recebe um link novo; o anterior deixa de funcionar. O que ela já preencheu continua salvo."
        confirmLabel="Reenviar"
        danger={false}
        busy={busy === 'convite'}
        onConfirm={() => {
          setConfirmRenew(false);
          void convite();
        }}
        onCancel={() => setConfirmRenew(false)}
      />
    </section>
  );
}

function LinkSemEmail({ url }: { url: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{EMAIL_NAO_CONFIGURADO_CONVITE}</p>
      <div className="flex flex-wrap gap-2">
        <input
          readOnly
          aria-label="Link da pré-matrícula"
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-amber-300 bg-white px-3 py-2 font-mono text-xs text-gray-900"
        />
        <Button
          variant="secondary"
          onClick={() =>
            void copyText(url).then(
              () => toast.success('Link copiado!'),
              () => toast.error('Não foi possível copiar: selecione o link e copie.'),
            )
          }
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> Copiar link
        </Button>
      </div>
    </div>
  );
}
