import { Paperclip } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount, formatDateTime } from '../../../shared/format';
import type { ComunicadoListItem } from '../../../shared/comunicados.schemas';
import type { Column } from '../../components/data-table';
import { CARD_LINK } from '../../components/data-table-cards';
import { Badge } from '../../components/feedback';

function TitleCell({ item, href, unread }: { item: ComunicadoListItem; href: string; unread: boolean }) {
  return (
    <>
      <Link
        to={href}
        // A label, not a hidden span: an absolutely placed span would move the link's click point.
        aria-label={unread ? `Não lido: ${item.titulo}` : undefined}
        // On a phone the whole card opens the notice, not only its title's line.
        {...CARD_LINK}
        className={`text-primary-strong hover:underline ${unread ? 'font-bold' : 'font-medium'}`}
      >
        {item.titulo}
      </Link>
      {item.anexos_total > 0 && (
        <Paperclip
          className="ml-1 inline h-3.5 w-3.5 text-gray-500"
          aria-label={formatCount(item.anexos_total, 'anexo', 'anexos')}
        />
      )}
      {item.versao_texto > 1 && (
        <span className="ml-2 text-xs text-gray-600">alterado · versão {item.versao_texto}</span>
      )}
      <p className="line-clamp-2 text-gray-600">{item.resumo}</p>
    </>
  );
}

/** The author's list: audience, publication and how many received, read and confirmed. */
export function sentColumns(hrefOf: (id: string) => string): Column<ComunicadoListItem>[] {
  return [
    {
      id: 'titulo',
      header: 'Comunicado',
      card: 'title',
      cell: (item) => <TitleCell item={item} href={hrefOf(item.id)} unread={false} />,
    },
    { id: 'publico', header: 'Para', cell: (item) => item.publico_descricao, hideBelow: 'lg' },
    {
      id: 'data',
      header: 'Publicação',
      cell: (item) =>
        item.publicado_em
          ? formatDateTime(item.publicado_em)
          : `Agendado: ${formatDateTime(item.publicar_em)}`,
    },
    {
      id: 'leituras',
      header: 'Recebidos · Lidos · Confirmados',
      cell: (item) => {
        const c = item.contagem ?? { destinatarios: 0, lidos: 0, cientes: 0 };
        return (
          <span data-testid={`leituras-${item.id}`}>
            {c.destinatarios} · {c.lidos} · {item.exige_ciente ? c.cientes : '—'}
          </span>
        );
      },
    },
    {
      id: 'status',
      header: 'Situação',
      card: 'badge',
      cell: (item) =>
        item.removido_em ? (
          <Badge tone="gray">{item.publicado_em ? 'Excluído' : 'Cancelado'}</Badge>
        ) : !item.publicado_em ? (
          <Badge tone="purple">Agendado</Badge>
        ) : item.expira_em && new Date(item.expira_em) < new Date() ? (
          <Badge tone="gray">Expirado</Badge>
        ) : item.exige_ciente ? (
          <Badge tone="yellow">Exige ciente</Badge>
        ) : (
          <Badge tone="green">Publicado</Badge>
        ),
    },
  ];
}

/** A family's (or staff's) inbox: newest first, unread in bold. */
export function receivedColumns(hrefOf: (id: string) => string): Column<ComunicadoListItem>[] {
  return [
    {
      id: 'titulo',
      header: 'Comunicado',
      card: 'title',
      cell: (item) => <TitleCell item={item} href={hrefOf(item.id)} unread={!item.recebido?.lido_em} />,
    },
    { id: 'autor', header: 'De', cell: (item) => item.autor.nome, hideBelow: 'lg' },
    {
      id: 'alunos',
      header: 'Sobre',
      cell: (item) => item.recebido?.alunos.map((aluno) => aluno.nome).join(', ') || '—',
    },
    { id: 'data', header: 'Data', cell: (item) => formatDateTime(item.publicado_em) },
    {
      id: 'status',
      header: 'Situação',
      card: 'badge',
      cell: (item) =>
        !item.recebido?.lido_em ? (
          <Badge tone="blue">Novo</Badge>
        ) : !item.recebido.ciente_em && item.recebido.cientes.length > 0 ? (
          // Confirmed an older version: the text changed since.
          <Badge tone="purple">{item.exige_ciente ? 'Alterado: novo ciente' : 'Alterado'}</Badge>
        ) : item.exige_ciente && !item.recebido.ciente_em ? (
          <Badge tone="yellow">Aguardando ciente</Badge>
        ) : item.exige_ciente ? (
          <Badge tone="green">Ciente</Badge>
        ) : (
          <Badge tone="gray">Lido</Badge>
        ),
    },
  ];
}
