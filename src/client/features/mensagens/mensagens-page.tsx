import { MessageSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatCount, formatDateTime } from '../../../shared/format';
import { destinoLabels, type Conversa, type ConversaInput } from '../../../shared/mensagens.schemas';
import { Button } from '../../components/button';
import { DataList } from '../../components/data-list';
import type { Column } from '../../components/data-table';
import { CARD_LINK } from '../../components/data-table-cards';
import { Badge, PageHeader } from '../../components/feedback';
import { can, permissionsOf } from '../../../shared/permissions';
import { useCurrentUser } from '../../lib/current-user';
import { useMemoryListState } from '../../lib/use-list-state';
import { useRowDialog } from '../../lib/use-row-dialog';
import { ConversaModal } from './conversa-modal';
import { useConversas, useDestinos } from './mensagens.api';
import { AcompanhamentoSection } from './acompanhamento-section';
import { NovaConversaEscolaModal } from './nova-conversa-escola-modal';
import { NovaConversaModal } from './nova-conversa-modal';

function columns(hrefOf: (id: string) => string, isGuardian: boolean): Column<Conversa>[] {
  return [
    {
      id: 'assunto',
      header: 'Assunto',
      card: 'title',
      cell: (item) => (
        <Link
          to={hrefOf(item.id)}
          // A label, not a hidden span: an absolutely placed span would move the link's click point.
          aria-label={item.nao_lidas > 0 ? `Não lida: ${item.assunto}` : undefined}
          // On a phone the whole card opens the conversation, not only its subject's line.
          {...CARD_LINK}
          className={`text-primary-strong hover:underline ${item.nao_lidas > 0 ? 'font-bold' : 'font-medium'}`}
        >
          {item.assunto}
        </Link>
      ),
    },
    { id: 'aluno', header: 'Aluno', cell: (item) => item.aluno.nome },
    {
      id: 'com',
      header: isGuardian ? 'Com' : 'Responsável',
      cell: (item) =>
        isGuardian
          ? item.destino === 'secretaria'
            ? destinoLabels.secretaria
            : (item.professor?.nome ?? destinoLabels.professor)
          : item.responsavel.nome,
    },
    { id: 'data', header: 'Última mensagem', cell: (item) => formatDateTime(item.ultima_mensagem_em) },
    {
      id: 'status',
      header: 'Situação',
      card: 'badge',
      cell: (item) =>
        item.nao_lidas > 0 ? (
          <Badge tone="blue">{formatCount(item.nao_lidas, 'nova', 'novas')}</Badge>
        ) : item.encerrada ? (
          <Badge tone="gray">Encerrada</Badge>
        ) : (
          // Nothing unread for the reader: not a read receipt of the other side.
          <Badge tone="gray">Sem novas</Badge>
        ),
    },
  ];
}

/** `/dashboard/mensagens`: conversations between families and the school; `?id=` opens one. */
export function MensagensPage() {
  const { data: me } = useCurrentUser();
  const isGuardian = me?.nivel === 'responsavel';
  const starts = !isGuardian && can(permissionsOf(me), 'mensagens.iniciar');
  const follows = me?.nivel === 'administrador' && can(permissionsOf(me), 'mensagens.acompanhar');
  const conversas = useConversas();
  const destinos = useDestinos(isGuardian);
  const list = useMemoryListState();
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const dialog = useRowDialog<{ nova: null; escola: null }>();
  // What a family typed in 'Nova mensagem' and closed without sending: there again when it reopens.
  const [draft, setDraft] = useState<ConversaInput | null>(null);
  const setOpen = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('id', id);
    else next.delete('id');
    setParams(next);
  };
  const hrefOf = (id: string) => `?id=${id}`;
  const data = conversas.data;
  return (
    <div>
      <PageHeader
        title="Mensagens"
        subtitle={
          isGuardian
            ? 'Fale com a secretaria ou com os professores dos seus filhos'
            : 'Conversas com as famílias'
        }
        actions={
          isGuardian
            ? destinos.data &&
              destinos.data.length > 0 && (
                <Button onClick={() => dialog.show('nova')}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> Nova mensagem
                </Button>
              )
            : starts && (
                <Button onClick={() => dialog.show('escola')}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> Nova conversa
                </Button>
              )
        }
      />
      <DataList
        label="Conversas"
        header={
          data && (
            <h2 className="font-semibold text-gray-900">
              Conversas ({data.items.length})
              {/* Read as 'Conversas (2), 1 mensagem não lida', not run together as '(2)1 mensagem'. */}
              {data.nao_lidas > 0 && (
                <>
                  <span className="sr-only">,</span>{' '}
                  <span className="ml-1 text-sm font-normal text-gray-600">
                    {formatCount(data.nao_lidas, 'mensagem não lida', 'mensagens não lidas')}
                  </span>
                </>
              )}
            </h2>
          )
        }
        query={conversas}
        rows={data?.items}
        list={list}
        columns={columns(hrefOf, isGuardian)}
        rowKey={(item) => item.id}
        errorMessage="Erro ao carregar as mensagens"
        empty={{
          icon: MessageSquare,
          title: 'Nenhuma conversa',
          hint: isGuardian ? 'Escreva em “Nova mensagem”.' : undefined,
        }}
      />
      {follows && <AcompanhamentoSection hrefOf={hrefOf} />}
      {openId && <ConversaModal key={openId} id={openId} onClose={() => setOpen(null)} />}
      {dialog.render('nova', () => (
        <NovaConversaModal
          destinos={destinos.data ?? []}
          draft={draft}
          onClose={(typed) => {
            setDraft(typed);
            dialog.close();
          }}
          onStarted={(id) => {
            setDraft(null);
            dialog.close();
            setOpen(id);
          }}
        />
      ))}
      {dialog.render('escola', () => (
        <NovaConversaEscolaModal
          teacher={me?.nivel === 'professor'}
          onClose={dialog.close}
          onStarted={(id) => {
            dialog.close();
            setOpen(id);
          }}
        />
      ))}
    </div>
  );
}
