import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { acompanhamentoQuery } from './mensagens.api';

/**
 * The coordination's view of the teachers' conversations (read only), shown while the school's rule is
 * on (Configurações → Notificações → Mensagens com as famílias).
 */
export function AcompanhamentoSection({ hrefOf }: { hrefOf: (id: string) => string }) {
  const followed = useQuery(acompanhamentoQuery(true));
  const data = followed.data;
  if (!data?.ativo) return null;
  return (
    <section className="mt-6 rounded-xl border border-gray-200 bg-white p-4" aria-labelledby="acompanhamento">
      <h2 id="acompanhamento" className="font-semibold text-gray-900">
        Acompanhamento: conversas dos professores ({data.items.length})
      </h2>
      <p className="mt-1 text-sm text-gray-600">Somente leitura. As famílias sabem que a escola acompanha.</p>
      {data.items.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">Nenhuma conversa de professor ainda.</p>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {data.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
              <Link to={hrefOf(item.id)} className="font-medium text-primary-strong hover:underline">
                {item.assunto}
              </Link>
              <span className="text-gray-600">
                {item.professor?.nome ?? 'Professor'} ↔ {item.responsavel.nome} · {item.aluno.nome} ·{' '}
                {formatDateTime(item.ultima_mensagem_em)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
