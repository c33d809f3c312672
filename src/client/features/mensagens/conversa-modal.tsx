import { Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../shared/format';
import { destinoLabels, mensagemInputSchema } from '../../../shared/mensagens.schemas';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormTextArea } from '../../components/form-fields';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useConversa, useReply } from './mensagens.api';

/** One conversation: its messages, oldest first, and the reply box. */
export function ConversaModal({ id, onClose }: { id: string; onClose: () => void }) {
  const conversa = useConversa(id);
  const reply = useReply(id);
  const form = useSchemaForm(mensagemInputSchema, { texto: '' });
  const end = useRef<HTMLDivElement>(null);
  const count = conversa.data?.mensagens.length ?? 0;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  const data = conversa.data;
  const other = data
    ? data.destino === 'secretaria'
      ? destinoLabels.secretaria
      : (data.professor?.nome ?? destinoLabels.professor)
    : '';
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={data?.assunto ?? 'Conversa'}
      description={data ? `Sobre ${data.aluno.nome} · ${data.responsavel.nome} ↔ ${other}` : undefined}
    >
      {conversa.isPending ? (
        <Spinner />
      ) : conversa.isError ? (
        <ErrorBanner>
          {conversa.error instanceof ApiError && conversa.error.status === 404
            ? 'Conversa não encontrada.'
            : 'Erro ao carregar a conversa.'}
        </ErrorBanner>
      ) : (
        <div className="space-y-4">
          <ol className="max-h-[50vh] space-y-3 overflow-y-auto" aria-label="Mensagens">
            {conversa.data.mensagens.map((item) => (
              <li key={item.id} className={`flex ${item.minha ? 'justify-end' : 'justify-start'}`}>
                <div
                  className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm ${item.minha ? 'bg-primary-strong text-white' : 'bg-gray-100 text-gray-900'}`}
                >
                  <p className={`text-xs ${item.minha ? 'text-white/80' : 'text-gray-600'}`}>
                    {item.autor_nome} · {formatDateTime(item.created_at)}
                  </p>
                  <p className="whitespace-pre-wrap">{item.texto}</p>
                  {item.entrega_em && (
                    <p className={`mt-1 text-xs ${item.minha ? 'text-white/80' : 'text-gray-600'}`}>
                      Será entregue ao professor em {formatDateTime(item.entrega_em)}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <div ref={end} />
          {conversa.data.monitorada && (
            <p className="rounded-lg bg-blue-50 px-4 py-2 text-xs text-blue-900">
              A coordenação pedagógica da escola acompanha as conversas com os professores.
            </p>
          )}
          {conversa.data.aviso_horario && (
            <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
              {conversa.data.aviso_horario}.
            </p>
          )}
          {conversa.data.somente_leitura ? (
            <p role="status" className="rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">
              Acompanhamento da coordenação: somente leitura.
            </p>
          ) : conversa.data.encerrada ? (
            <p role="status" className="rounded-lg bg-gray-50 px-4 py-3 text-sm text-gray-700">
              {conversa.data.responsavel.nome} não é mais responsável por {conversa.data.aluno.nome}: a
              conversa fica guardada só para consulta.
            </p>
          ) : (
            <Form
              form={form}
              label="Responder"
              onSubmit={form.submit(
                async (values) => {
                  const result = await reply.mutateAsync(values.texto);
                  form.reset({ texto: '' });
                  toast.success(result.message ?? 'Mensagem enviada');
                },
                (message) => toast.error(message),
              )}
            >
              <FormTextArea name="texto" label="Sua mensagem" rows={3} />
              <div className="flex justify-end">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  <Send className="h-4 w-4" aria-hidden="true" /> Enviar
                </Button>
              </div>
            </Form>
          )}
        </div>
      )}
    </Modal>
  );
}
