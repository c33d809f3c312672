import { BellRing, Loader2, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import type { Comunicado, Leitura } from '../../../shared/comunicados.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { RichText } from '../../components/rich-text';
import { ApiError } from '../../lib/api-client';
import { useComunicado, useDeleteComunicado, useLeituras, useLembrete } from './comunicados.api';
import { AnexoList, CienteBox, VersionsPanel } from './comunicado-versions';
import { SemAcessoPanel } from './comunicado-reach';

/** One family's state: ciente on the text in force, on an older version only, read, or not read. */
function LeituraBadge({ item, atual }: { item: Leitura; atual: number }) {
  const last = item.cientes.at(-1);
  if (item.ciente_em)
    return (
      <Badge tone="green">
        Ciente{atual > 1 ? ` (versão ${String(atual)})` : ''} {formatDateTime(item.ciente_em)}
      </Badge>
    );
  if (last)
    return (
      <Badge tone="purple" wrap>
        Ciente da versão {last.versao} · falta a versão {atual}
      </Badge>
    );
  if (item.lido_em) return <Badge tone="blue">Lido {formatDateTime(item.lido_em)}</Badge>;
  return <Badge tone="yellow">Não lido</Badge>;
}

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
      {leituras.data && (
        <SemAcessoPanel
          semAcesso={leituras.data.sem_acesso}
          destinatarios={comunicado.publico.destinatarios}
        />
      )}
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
              className={`min-h-11 rounded-md px-3 py-1 sm:min-h-0 ${situacao === value ? 'bg-primary-strong text-white' : 'text-gray-700'}`}
              onClick={() => setSituacao(value)}
            >
              {value === 'pendentes' ? `Pendentes (${pendingLabel})` : 'Todos'}
            </button>
          ))}
        </div>
        {!comunicado.removido_em && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            <BellRing className="h-4 w-4" aria-hidden="true" /> Reenviar lembrete
          </Button>
        )}
      </div>
      {/* Below the filter: it goes away when the sending ends, and the buttons above must not move. */}
      {leituras.data?.enviando && (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-blue-50 p-2 text-sm text-blue-900">
          <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden="true" /> Enviando os avisos às
          famílias (sino e e-mail)… O comunicado já está no portal de quem o recebeu.
        </p>
      )}
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
              <LeituraBadge item={item} atual={leituras.data.versao_texto} />
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
          {comunicado.removido_em && (
            <p role="note" className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
              {comunicado.publicado_em
                ? `Excluído em ${formatDateTime(comunicado.removido_em)} por ${comunicado.removido_por ?? '—'}. As famílias não o veem mais; as versões e as confirmações de ciente ficam guardadas.`
                : `Publicação cancelada em ${formatDateTime(comunicado.removido_em)} (${comunicado.removido_por ?? '—'}): o autor não leciona mais na turma.`}
            </p>
          )}
          <RichText source={comunicado.corpo} />
          <AnexoList anexos={comunicado.anexos} />
          {recebido && <CienteBox comunicado={comunicado} />}
          {comunicado.contagem && <ReadsPanel comunicado={comunicado} />}
          {comunicado.contagem && <VersionsPanel comunicado={comunicado} />}
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
              message={
                comunicado.versao_texto > 1 || (comunicado.contagem?.cientes ?? 0) > 0
                  ? `Excluir “${comunicado.titulo}”? As famílias deixam de vê-lo. Como já há ciente de famílias, a escola guarda as versões e as confirmações.`
                  : `Excluir “${comunicado.titulo}”? As famílias deixam de vê-lo e as leituras registradas se perdem.`
              }
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
