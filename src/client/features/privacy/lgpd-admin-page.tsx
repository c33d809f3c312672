import { useState } from 'react';
import toast from 'react-hot-toast';
import { ERASED_GUARDIAN, ERASED_STUDENT } from '../../../shared/anonymise.schemas';
import {
  answerRequestInputSchema,
  requestSituacaoLabels,
  type AnswerRequestInput,
  type DataRequest,
} from '../../../shared/data-rights.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { Form, FormSelect, FormTextArea } from '../../components/form-fields';
import { ErasureSummary } from '../../domain/erasure-summary';
import { Modal } from '../../components/modal';
import { PageTab, PageTabs } from '../../components/page-tabs';
import { ApiError } from '../../lib/api-client';
import { useTabParam } from '../../lib/use-list-state';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAnswerRequest, useRequests } from './privacy.api';
import { ProcessingRegisterView } from './processing-register';
import { ClassConsentsTable } from './class-consents-table';
import { RequestSummary } from './request-list';

/** Answering a deletion request as done anonymises the titular now: the admin confirms, seeing what stays. */
function ConfirmErasure({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: DataRequest;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const who = request.aluno ? request.aluno.nome : (request.solicitante ?? 'o responsável');
  return (
    <Modal
      open
      onClose={onCancel}
      busy={busy}
      title={`Atender a exclusão e anonimizar ${who}?`}
      description="Os dados pessoais são anonimizados agora, e a resposta diz ao solicitante o que foi mantido e por quê. Não pode ser desfeito."
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} aria-disabled={busy}>
            Cancelar
          </Button>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            Anonimizar e responder
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-gray-700">
        <ErasureSummary erased={request.aluno ? ERASED_STUDENT : ERASED_GUARDIAN} />
        {!request.aluno && (
          <p>
            A conta do portal é desativada: a resposta segue uma única vez para o e-mail do solicitante, que
            depois também é apagado.
          </p>
        )}
      </div>
    </Modal>
  );
}

function AnswerForm({ request }: { request: DataRequest }) {
  const answer = useAnswerRequest();
  const form = useSchemaForm(answerRequestInputSchema, { situacao: 'atendida', resposta: '' });
  const [pending, setPending] = useState<AnswerRequestInput | null>(null);
  const send = async (values: AnswerRequestInput) => {
    try {
      const result = await answer.mutateAsync({ id: request.id, input: values });
      toast.success(result.message ?? 'Resposta registrada.');
    } catch (error) {
      toast.error(error instanceof ApiError && error.message ? error.message : 'Erro ao responder');
    } finally {
      setPending(null);
    }
  };
  return (
    <Form
      form={form}
      label={`Responder a solicitação de ${request.solicitante ?? 'responsável'}`}
      className="mt-3 grid gap-3 sm:grid-cols-3"
      onSubmit={form.submit(
        async (values) => {
          if (request.tipo === 'exclusao' && values.situacao === 'atendida') setPending(values);
          else await send(values);
        },
        () => toast.error('Erro ao responder'),
      )}
    >
      {pending && (
        <ConfirmErasure
          request={request}
          busy={answer.isPending}
          onConfirm={() => void send(pending)}
          onCancel={() => setPending(null)}
        />
      )}
      <FormSelect name="situacao" label="Situação" options={{ atendida: 'Atendida', recusada: 'Recusada' }} />
      <div className="sm:col-span-2">
        <FormTextArea name="resposta" label="Resposta ao solicitante" rows={2} required />
      </div>
      <div className="flex justify-end sm:col-span-3">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Enviar resposta
        </Button>
      </div>
    </Form>
  );
}

function RequestsQueue() {
  const [situacao, setSituacao] = useState('pendente');
  const requests = useRequests(situacao);
  return (
    <div className="space-y-3">
      <label className="block max-w-xs text-sm">
        <span className="font-medium text-gray-700">Situação</span>
        <select
          className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
          value={situacao}
          onChange={(event) => setSituacao(event.target.value)}
        >
          <option value="">Todas</option>
          {Object.entries(requestSituacaoLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {requests.isPending ? (
        <Spinner label="Carregando solicitações..." />
      ) : requests.isError ? (
        <ErrorBanner>Erro ao carregar as solicitações.</ErrorBanner>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-gray-600">
          Nenhuma solicitação {situacao === 'pendente' ? 'pendente' : ''}.
        </p>
      ) : (
        <ul className="space-y-2">
          {requests.data.map((request) => (
            <RequestSummary key={request.id} request={request}>
              {request.situacao === 'pendente' && <AnswerForm request={request} />}
            </RequestSummary>
          ))}
        </ul>
      )}
    </div>
  );
}

const tabs = [
  { value: 'solicitacoes', label: 'Solicitações LGPD', Tab: RequestsQueue },
  { value: 'consentimentos', label: 'Consentimentos por turma', Tab: ClassConsentsTable },
  { value: 'registro', label: 'Registro das operações', Tab: ProcessingRegisterView },
] as const;
const tabValues = tabs.map((item) => item.value);

/** The secretaria's LGPD screen: the requests queue with its deadlines and the consents per class. */
export function LgpdAdminPage() {
  // The tab lives in the URL, as on the other screens: a reload or a link keeps it.
  const [tab, setTab] = useTabParam(tabValues, 'solicitacoes');
  return (
    <div>
      <PageHeader
        title="LGPD"
        subtitle="Solicitações dos titulares (prazo legal de 15 dias), consentimentos e o registro das operações de tratamento."
      />
      <PageTabs label="Áreas da LGPD" tabs={tabs} value={tab} onChange={setTab}>
        {tabs.map(({ value, Tab }) => (
          <PageTab key={value} value={value}>
            <Tab />
          </PageTab>
        ))}
      </PageTabs>
    </div>
  );
}
