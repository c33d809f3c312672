import { BellRing, CheckCircle2, Download, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../shared/format';
import type { Comunicado } from '../../../shared/comunicados.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { RichText } from '../../components/rich-text';
import { ApiError, downloadFile } from '../../lib/api-client';
import { useCiente, useComunicado, useDeleteComunicado, useLeituras, useLembrete } from './comunicados.api';

function ReadsPanel({ comunicado }: { comunicado: Comunicado }) {
  const [situacao, setSituacao] = useState<'pendentes' | 'todos'>('pendentes');
  const leituras = useLeituras(comunicado.id, situacao, comunicado.publicado_em !== null);
  const [confirming, setConfirming] = useState(false);
  const lembrete = useLembrete();
  const counts = comunicado.contagem ?? { destinatarios: 0, lidos: 0, cientes: 0 };
  if (!comunicado.publicado_em)
    return <p className="text-sm text-gray-700">Agendado para {formatDateTime(comunicado.publicar_em)}.</p>;
  const pendingLabel = comunicado.exige_ciente ? 'sem ciente' : 'não leram';
  return (
    <section aria-label="Leituras" className="space-y-3 border-t border-gray-100 pt-4">
      <dl className="grid grid-cols-3 gap-2 text-center">
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Receberam</dt>
          <dd className="text-lg font-semibold" data-testid="contagem-recebidos">
            {counts.destinatarios}
          </dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Leram</dt>
          <dd className="text-lg font-semibold" data-testid="contagem-lidos">
            {counts.lidos}
          </dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">Confirmaram</dt>
          <dd className="text-lg font-semibold" data-testid="contagem-cientes">
            {comunicado.exige_ciente ? counts.cientes : '—'}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Mostrar"
          className="inline-flex rounded-lg border border-gray-300 p-0.5 text-sm"
        >
          {(['pendentes', 'todos'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={situacao === value}
              className={`rounded-md px-3 py-1 ${situacao === value ? 'bg-primary-strong text-white' : 'text-gray-700'}`}
              onClick={() => setSituacao(value)}
            >
              {value === 'pendentes' ? `Pendentes (${pendingLabel})` : 'Todos'}
            </button>
          ))}
        </div>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          <BellRing className="h-4 w-4" aria-hidden="true" /> Reenviar lembrete
        </Button>
      </div>
      {leituras.isPending ? (
        <Spinner />
      ) : leituras.isError ? (
        <ErrorBanner>Erro ao carregar as leituras.</ErrorBanner>
      ) : leituras.data.itens.length === 0 ? (
        <p className="text-sm text-gray-600">
          {situacao === 'pendentes' ? 'Ninguém pendente.' : 'Ninguém recebeu este comunicado.'}
        </p>
      ) : (
        <ul
          className="max-h-64 divide-y divide-gray-100 overflow-y-auto rounded-lg border border-gray-200"
          aria-label="Destinatários"
        >
          {leituras.data.itens.map((item) => (
            <li
              key={item.usuario_id}
              className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
            >
              <span>
                <span className="font-medium text-gray-900">{item.nome}</span>
                {item.alunos.length > 0 && <span className="text-gray-600"> · {item.alunos.join(', ')}</span>}
              </span>
              {item.ciente_em ? (
                <Badge tone="green">Ciente {formatDateTime(item.ciente_em)}</Badge>
              ) : item.lido_em ? (
                <Badge tone="blue">Lido {formatDateTime(item.lido_em)}</Badge>
              ) : (
                <Badge tone="yellow">Não lido</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmAction
          title="Reenviar lembrete"
          message={`Enviar um lembrete a quem ainda está pendente (${pendingLabel})? Famílias que entraram no público depois da publicação também recebem o comunicado.`}
          confirmLabel="Reenviar lembrete"
          danger={false}
          action={() => lembrete.mutateAsync(comunicado.id)}
          success="Lembrete enviado"
          failure="Não foi possível enviar o lembrete"
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}

/** One notice: its text and attachments; 'Ciente' for a family; reads and reminders for its author. */
export function ComunicadoDetailsModal({
  id,
  onClose,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onEdit: (comunicado: Comunicado) => void;
}) {
  const query = useComunicado(id);
  const ciente = useCiente();
  const remove = useDeleteComunicado();
  const [deleting, setDeleting] = useState(false);
  const comunicado = query.data;
  const recebido = comunicado?.recebido;
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={comunicado?.titulo ?? 'Comunicado'}
      description={
        comunicado
          ? `${comunicado.autor.nome} · ${formatDateTime(comunicado.publicado_em ?? comunicado.publicar_em)} · Para: ${comunicado.publico_descricao}`
          : undefined
      }
    >
      {query.isPending ? (
        <Spinner />
      ) : query.isError || !comunicado ? (
        <ErrorBanner>
          {query.error instanceof ApiError && query.error.status === 404
            ? 'Comunicado não encontrado.'
            : 'Erro ao carregar o comunicado.'}
        </ErrorBanner>
      ) : (
        <div className="space-y-4">
          {recebido && recebido.alunos.length > 0 && (
            <p className="text-sm text-gray-700">
              Sobre: {recebido.alunos.map((aluno) => aluno.nome).join(', ')}
            </p>
          )}
          <RichText source={comunicado.corpo} />
          {comunicado.anexos.length > 0 && (
            <ul className="space-y-1" aria-label="Anexos">
              {comunicado.anexos.map((anexo) => (
                <li key={anexo.id}>
                  <button
                    type="button"
                    className="inline-flex items-center gap-2 text-sm font-medium text-primary-strong underline"
                    onClick={() =>
                      void downloadFile(anexo.url, anexo.nome).catch(() =>
                        toast.error('Não foi possível baixar o anexo.'),
                      )
                    }
                  >
                    <Download className="h-4 w-4" aria-hidden="true" /> {anexo.nome} (
                    {Math.max(1, Math.round(anexo.tamanho / 1024))} KB)
                  </button>
                </li>
              ))}
            </ul>
          )}
          {recebido && comunicado.exige_ciente && (
            <div className="rounded-lg border border-gray-200 p-3">
              {recebido.ciente_em ? (
                <p className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 className="h-5 w-5" aria-hidden="true" /> Ciente confirmado em{' '}
                  {formatDateTime(recebido.ciente_em)}.
                </p>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-gray-700">A escola pede que você confirme a leitura.</p>
                  <Button
                    loading={ciente.isPending}
                    onClick={() =>
                      ciente.mutateAsync(comunicado.id).then(
                        (result) => toast.success(result.message ?? 'Ciente registrado'),
                        (error: unknown) =>
                          toast.error(
                            error instanceof ApiError
                              ? error.message
                              : 'Não foi possível registrar o ciente.',
                          ),
                      )
                    }
                  >
                    <CheckCircle2 className="h-4 w-4" aria-hidden="true" /> Ciente
                  </Button>
                </div>
              )}
            </div>
          )}
          {comunicado.contagem && <ReadsPanel comunicado={comunicado} />}
          {comunicado.pode_editar && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-4">
              <Button variant="secondary" onClick={() => onEdit(comunicado)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Editar
              </Button>
              <Button variant="danger" onClick={() => setDeleting(true)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Excluir
              </Button>
            </div>
          )}
          {deleting && (
            <ConfirmAction
              title="Excluir comunicado"
              message={`Excluir “${comunicado.titulo}”? As famílias deixam de vê-lo e as leituras registradas se perdem.`}
              confirmLabel="Excluir"
              action={async () => {
                const result = await remove.mutateAsync(comunicado.id);
                onClose();
                return result;
              }}
              success="Comunicado excluído"
              failure="Não foi possível excluir o comunicado"
              onClose={() => setDeleting(false)}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
