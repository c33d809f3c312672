import { Check, FileText, Inbox, MessageSquareReply } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatCount, formatDate, formatDateTime } from '../../../shared/format';
import {
  type Justificativa,
  respostaInputSchema,
  situacaoJustificativaLabels,
} from '../../../shared/justificativas.schemas';
import { Button } from '../../components/button';
import { Badge, EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { Pagination } from '../../components/pagination';
import { useUrlParams } from '../../lib/use-list-state';
import { useSchemaForm } from '../../lib/use-schema-form';
import { justificativaTones } from './family-attendance-parts';
import { useAnswerJustificativa, useJustificativasQueue } from './justificativas.api';

const filtros = [
  { value: 'enviada', label: 'Aguardando resposta' },
  { value: 'aceita', label: 'Aceitas' },
  { value: 'recusada', label: 'Respondidas sem abono' },
  { value: 'todas', label: 'Todas' },
] as const;

/** Accept (the day's absences are abonadas) or answer without accepting (a reason is required). */
function AnswerModal({
  item,
  aceita,
  onClose,
}: {
  item: Justificativa;
  aceita: boolean;
  onClose: () => void;
}) {
  const answer = useAnswerJustificativa();
  const form = useSchemaForm(respostaInputSchema, { aceita, resposta: '' });
  return (
    <FormModal
      title={aceita ? 'Aceitar justificativa' : 'Responder sem abonar'}
      description={`${item.aluno.nome} · ${formatDate(item.data)}. ${
        aceita
          ? `${formatCount(item.faltas, 'falta será abonada', 'faltas serão abonadas')} e deixará${item.faltas === 1 ? '' : 'ão'} de contar na frequência.`
          : 'A falta continua contando; a família lê a sua resposta.'
      }`}
      formId="resposta-form"
      submitLabel={aceita ? 'Aceitar e abonar' : 'Enviar resposta'}
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async (input) => {
        const result = await answer.mutateAsync({ id: item.id, input });
        toast.success(result.message ?? 'Resposta enviada.');
        onClose();
      })}
    >
      <FormTextArea
        name="resposta"
        label={aceita ? 'Mensagem à família (opcional)' : 'Resposta à família'}
        required={!aceita}
        rows={3}
        hint={aceita ? 'Ex.: Atestado recebido. Melhoras!' : 'Ex.: o atestado não cobre esta data.'}
      />
    </FormModal>
  );
}

function QueueItem({ item, onAnswer }: { item: Justificativa; onAnswer: (aceita: boolean) => void }) {
  const image = item.arquivo?.tipo.startsWith('image/');
  return (
    <li className="space-y-2 px-4 py-3 text-sm" data-testid={`justificativa-${item.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-gray-900">
            {item.aluno.nome}
            {item.turma_nome ? ` · ${item.turma_nome}` : ''}
          </p>
          <p className="text-gray-600">
            Falta de {formatDate(item.data)} ({formatCount(item.faltas, 'aula', 'aulas')}) · enviada por{' '}
            {item.enviada_por_nome} em {formatDateTime(item.enviada_em)}
          </p>
        </div>
        <Badge tone={justificativaTones[item.situacao]} wrap>
          {situacaoJustificativaLabels[item.situacao]}
        </Badge>
      </div>
      <p className="text-gray-800">Motivo: {item.motivo}</p>
      {item.arquivo &&
        (image ? (
          <a href={item.arquivo.url} target="_blank" rel="noreferrer" className="inline-block">
            <img
              src={item.arquivo.url}
              alt={`Atestado de ${item.aluno.nome}`}
              className="max-h-48 rounded-lg border border-gray-200"
            />
          </a>
        ) : (
          <a href={item.arquivo.url} className="inline-flex items-center gap-1 text-primary-strong underline">
            <FileText className="h-4 w-4" aria-hidden="true" /> Baixar atestado (PDF)
          </a>
        ))}
      {item.resposta && (
        <p className="rounded-lg bg-gray-50 px-3 py-2 text-gray-700">
          Resposta de {item.respondida_por_nome}: {item.resposta}
        </p>
      )}
      {item.situacao === 'enviada' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => onAnswer(true)}>
            <Check className="h-4 w-4" aria-hidden="true" /> Aceitar
          </Button>
          <Button variant="secondary" onClick={() => onAnswer(false)}>
            <MessageSquareReply className="h-4 w-4" aria-hidden="true" /> Responder
          </Button>
        </div>
      )}
    </li>
  );
}

/** Frequência → Justificativas: the families' justifications, waiting ones first, oldest first. */
export function JustificativasTab() {
  const [params, update] = useUrlParams();
  const situacao = filtros.find((item) => item.value === params.get('situacao'))?.value ?? 'enviada';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const queue = useJustificativasQueue(situacao, page);
  const [answering, setAnswering] = useState<{ item: Justificativa; aceita: boolean } | null>(null);
  return (
    <div className="space-y-3">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-gray-700">
        Situação
        <select
          className="rounded-lg border border-gray-300 px-3 py-2"
          value={situacao}
          onChange={(event) => update({ situacao: event.target.value, page: null })}
        >
          {filtros.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </select>
      </label>
      {queue.isPending ? (
        <Spinner label="Carregando justificativas..." />
      ) : queue.isError ? (
        <ErrorBanner>Erro ao carregar as justificativas.</ErrorBanner>
      ) : queue.data.items.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={
            situacao === 'enviada' ? 'Nenhuma justificativa aguardando resposta' : 'Nenhuma justificativa'
          }
          hint="As famílias justificam faltas pelo portal, com o atestado."
        />
      ) : (
        <>
          <ul
            className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white"
            aria-label="Justificativas"
          >
            {queue.data.items.map((item) => (
              <QueueItem key={item.id} item={item} onAnswer={(aceita) => setAnswering({ item, aceita })} />
            ))}
          </ul>
          <Pagination
            page={queue.data.page}
            pageSize={queue.data.pageSize}
            total={queue.data.total}
            onChange={(next) => update({ page: String(next) })}
          />
        </>
      )}
      {answering && (
        <AnswerModal item={answering.item} aceita={answering.aceita} onClose={() => setAnswering(null)} />
      )}
    </div>
  );
}
