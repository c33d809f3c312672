import { useState } from 'react';
import toast from 'react-hot-toast';
import { Download, FileJson, FileText, ShieldCheck } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import { withdrawalEffect } from '../../../shared/consent.schemas';
import { createRequestInputSchema, requestTipoLabels } from '../../../shared/data-rights.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { Form, FormSelect, FormTextArea } from '../../components/form-fields';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  downloadMyData,
  useChildren,
  useCreateRequest,
  useRecordConsent,
  useRequests,
  useStudentConsents,
} from './privacy.api';
import { RequestSummary } from './request-list';
import { OwnContactCard } from '../../domain/own-contact-card';

function withdrawalMessage(purpose: { titulo: string; chave: string | null }, nome: string): string {
  const effect = withdrawalEffect(purpose.chave, nome.split(' ')[0]!);
  return `Retirar "${purpose.titulo}" de ${nome}? Vale na hora${effect ? `: ${effect}` : '.'}`;
}

function ChildConsents({ aluno }: { aluno: { id: string; nome: string } }) {
  const consents = useStudentConsents(aluno.id);
  const record = useRecordConsent(aluno.id);
  const [withdrawing, setWithdrawing] = useState<{
    id: string;
    titulo: string;
    chave: string | null;
  } | null>(null);
  if (consents.isPending) return <Spinner label={`Carregando consentimentos de ${aluno.nome}...`} />;
  if (consents.isError) return <ErrorBanner>Erro ao carregar os consentimentos de {aluno.nome}.</ErrorBanner>;
  const give = async (finalidadeId: string) => {
    try {
      const result = await record.mutateAsync({ finalidade_id: finalidadeId, concedido: true });
      toast.success(result.message ?? 'Consentimento registrado.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Erro ao registrar o consentimento');
    }
  };
  return (
    <section aria-label={`Consentimentos de ${aluno.nome}`} className="rounded-2xl bg-white p-4 shadow-sm">
      <h3 className="mb-3 font-semibold text-gray-900">{aluno.nome}</h3>
      <ul className="space-y-3">
        {consents.data.finalidades.map(({ finalidade, concedido, historico }) => (
          <li key={finalidade.id} className="rounded-lg border border-gray-200 p-3 text-sm">
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-gray-900">{finalidade.titulo}</p>
                <p className="text-gray-600">{finalidade.descricao}</p>
                {historico[0] && (
                  <p className="mt-1 text-xs text-gray-500">
                    {historico[0].concedido ? 'Concedido' : 'Retirado'} em{' '}
                    {formatDateTime(historico[0].registrado_em)}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-2">
                {finalidade.chave === 'sms' && !consents.data.sms_disponivel ? (
                  // Nothing goes by SMS while the school sends none: 'Autorizado' would promise it.
                  <Badge tone="gray">A escola não envia SMS</Badge>
                ) : (
                  <Badge tone={concedido ? 'green' : concedido === false ? 'red' : 'gray'}>
                    {concedido ? 'Autorizado' : concedido === false ? 'Retirado' : 'Sem resposta'}
                  </Badge>
                )}
                {concedido ? (
                  <Button
                    variant="secondary"
                    className="px-3 py-1.5"
                    onClick={() => setWithdrawing(finalidade)}
                  >
                    Retirar
                    <span className="sr-only">
                      {' '}
                      {finalidade.titulo} de {aluno.nome}
                    </span>
                  </Button>
                ) : (
                  finalidade.ativo && (
                    <Button
                      className="px-3 py-1.5"
                      loading={record.isPending}
                      onClick={() => void give(finalidade.id)}
                    >
                      Autorizar
                      <span className="sr-only">
                        {' '}
                        {finalidade.titulo} de {aluno.nome}
                      </span>
                    </Button>
                  )
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {withdrawing && (
        <ConfirmAction
          title="Retirar consentimento"
          message={withdrawalMessage(withdrawing, aluno.nome)}
          confirmLabel="Retirar consentimento"
          action={() => record.mutateAsync({ finalidade_id: withdrawing.id, concedido: false })}
          success="Consentimento retirado."
          failure="Erro ao retirar o consentimento"
          onClose={() => setWithdrawing(null)}
        />
      )}
    </section>
  );
}

function NewRequestForm({ alunos }: { alunos: { id: string; nome: string }[] }) {
  const create = useCreateRequest();
  const form = useSchemaForm(createRequestInputSchema, { tipo: 'correcao', descricao: '', aluno_id: null });
  return (
    <Form
      form={form}
      label="Nova solicitação"
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-2"
      onSubmit={form.submit(
        async (values) => {
          const result = await create.mutateAsync(values);
          toast.success(result.message ?? 'Solicitação enviada.');
          form.reset();
        },
        (message) => toast.error(message),
      )}
    >
      <FormSelect name="tipo" label="Tipo" options={requestTipoLabels} />
      <FormSelect name="aluno_id" label="Sobre" empty="Meus dados (responsável)" emptyAsNull>
        {alunos.map((child) => (
          <option key={child.id} value={child.id}>
            {child.nome}
          </option>
        ))}
      </FormSelect>
      <div className="sm:col-span-2">
        <FormTextArea name="descricao" label="O que deve ser corrigido ou excluído?" rows={3} required />
      </div>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={form.formState.isSubmitting}>
          Enviar solicitação
        </Button>
      </div>
    </Form>
  );
}

/** 'Meus dados': a guardian's consents per child, the data download and requests to the school. */
export function MyDataPage() {
  const children = useChildren(true);
  const requests = useRequests();
  const kids = children.data?.items ?? [];
  const download = (formato: 'json' | 'pdf') =>
    downloadMyData(formato).catch(() => toast.error('Erro ao baixar os dados'));
  return (
    <div className="space-y-8">
      <PageHeader
        title="Meus dados"
        subtitle="Seus dados de contato e seus direitos pela LGPD: consentimentos, cópia dos dados e pedidos de correção ou exclusão."
      />
      {/* The family's contact data lived on the staff's students screen, which a family no longer opens (issue 32). */}
      <OwnContactCard />
      <section aria-labelledby="consentimentos" className="space-y-3">
        <h2 id="consentimentos" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <ShieldCheck className="h-5 w-5" aria-hidden="true" /> Consentimentos
        </h2>
        <p className="text-sm text-gray-600">
          Autorize ou retire, a qualquer momento, cada uso que depende da sua permissão. A retirada vale na
          hora.
        </p>
        {children.isPending ? (
          <Spinner label="Carregando..." />
        ) : kids.length === 0 ? (
          <p className="text-sm text-gray-600">Nenhum aluno vinculado a você.</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-2">
            {kids.map((aluno) => (
              <ChildConsents key={aluno.id} aluno={aluno} />
            ))}
          </div>
        )}
      </section>
      <section aria-labelledby="copia" className="space-y-3">
        <h2 id="copia" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
          <Download className="h-5 w-5" aria-hidden="true" /> Cópia dos seus dados
        </h2>
        <p className="text-sm text-gray-600">
          Tudo o que a escola guarda sobre você e seus filhos: cadastro, turmas, frequência, notas,
          mensalidades, pagamentos, consentimentos e acessos ao portal.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void download('pdf')}>
            <FileText className="h-4 w-4" aria-hidden="true" /> Baixar para ler (PDF)
          </Button>
          <Button variant="secondary" onClick={() => void download('json')}>
            <FileJson className="h-4 w-4" aria-hidden="true" /> Baixar para outro sistema
          </Button>
        </div>
        <p className="text-xs text-gray-600">
          O PDF é para ler e imprimir. O outro arquivo (formato JSON) serve para levar os dados a outra escola
          ou a outro sistema (portabilidade, LGPD art. 18).
        </p>
      </section>
      <section aria-labelledby="solicitacoes" className="space-y-3">
        <h2 id="solicitacoes" className="text-lg font-semibold text-gray-900">
          Solicitações de correção ou exclusão
        </h2>
        <p className="text-sm text-gray-600">
          A escola responde em até 15 dias. Dados que a lei obriga a guardar (histórico escolar; registros
          financeiros por cinco anos) são mantidos, e a resposta explica o motivo.
        </p>
        <NewRequestForm alunos={kids} />
        {requests.isError && <ErrorBanner>Erro ao carregar as solicitações.</ErrorBanner>}
        {requests.data && requests.data.length > 0 && (
          <ul className="space-y-2">
            {requests.data.map((request) => (
              <RequestSummary key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
