/** One family of the funnel: its data, what to do next, and its timeline (with a note or contact to add). */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { etapaFunilLabels, origemInteressadoLabels } from '../../../shared/matriculas.schemas';
import { type InteressadoDetalhe } from '../../../shared/funil.schemas';
import { formatDate, formatDateTime, formatPhone } from '../../../shared/format';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { PerdaDialog, VisitaDialog } from './funil-dialogs';
import { NovoRegistro } from './funil-registro';
import { etapaTone } from './funil-list';
import { useExcluirInteressado, useInteressado, useMoverEtapa } from './funil.api';
import { ContratoPainel } from './contrato-painel';
import { PreMatriculaPainel } from './pre-matricula-painel';

function Dado({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-gray-500">{label}</dt>
      <dd className="text-sm text-gray-900">{children}</dd>
    </div>
  );
}

function Acoes({ familia, onErased }: { familia: InteressadoDetalhe; onErased: () => void }) {
  const [dialog, setDialog] = useState<'visita' | 'perda' | 'excluir' | null>(null);
  const mover = useMoverEtapa();
  const excluir = useExcluirInteressado();
  const aberta = familia.etapa !== 'perdido' && familia.etapa !== 'matriculado';
  return (
    <div className="flex flex-wrap gap-2">
      {aberta && (
        <Button variant="secondary" onClick={() => setDialog('visita')}>
          {familia.visita_em ? 'Remarcar visita' : 'Agendar visita'}
        </Button>
      )}
      {aberta && (
        <Button variant="secondary" onClick={() => setDialog('perda')}>
          Marcar como perdida
        </Button>
      )}
      {familia.etapa === 'perdido' && (
        <Button
          variant="secondary"
          loading={mover.isPending}
          onClick={() =>
            mover.mutate(
              { id: familia.id, etapa: 'interessado', version: familia.version },
              {
                onSuccess: () => toast.success('Família reaberta no funil.'),
                onError: (failure) => toast.error(failure.message),
              },
            )
          }
        >
          Reabrir
        </Button>
      )}
      {familia.etapa !== 'matriculado' && (
        <Button variant="ghost" className="text-red-700" onClick={() => setDialog('excluir')}>
          Excluir dados
        </Button>
      )}
      {dialog === 'visita' && <VisitaDialog familia={familia} onClose={() => setDialog(null)} />}
      {dialog === 'perda' && <PerdaDialog familia={familia} onClose={() => setDialog(null)} />}
      {dialog === 'excluir' && (
        <ConfirmAction
          title="Excluir os dados desta família?"
          message={`Apaga ${familia.responsavel_nome}, ${familia.aluno_nome} e toda a linha do tempo (pedido de exclusão, LGPD art. 18). Não dá para desfazer.`}
          confirmLabel="Excluir dados"
          action={async () => {
            const result = await excluir.mutateAsync(familia.id);
            onErased();
            return result;
          }}
          success="Dados da família apagados."
          failure="Não foi possível excluir."
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

export function FamiliaDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useInteressado(id);
  const familia = query.data;
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title={familia ? familia.aluno_nome : 'Família'}
      description={familia ? `${familia.serie} · ano letivo ${String(familia.ano_letivo)}` : undefined}
    >
      {query.isLoading ? (
        <Spinner />
      ) : query.isError || !familia ? (
        <ErrorBanner>Não foi possível carregar esta família. Ela pode ter sido excluída.</ErrorBanner>
      ) : (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={etapaTone[familia.etapa]}>{etapaFunilLabels[familia.etapa]}</Badge>
            {familia.etapa === 'visita' && familia.visita_em && (
              <span className="text-sm text-blue-900">Visita: {formatDateTime(familia.visita_em)}</span>
            )}
            {familia.etapa === 'perdido' && familia.motivo_perda && (
              <span className="text-sm text-red-800">Motivo: {familia.motivo_perda}</span>
            )}
          </div>
          <Acoes familia={familia} onErased={onClose} />
          <dl className="grid gap-4 sm:grid-cols-2">
            <Dado label="Responsável">{familia.responsavel_nome}</Dado>
            <Dado label="E-mail">
              <a className="text-primary-strong underline" href={`mailto:${familia.email}`}>
                {familia.email}
              </a>
            </Dado>
            <Dado label="Telefone">
              <a className="text-primary-strong underline" href={`tel:${familia.telefone}`}>
                {formatPhone(familia.telefone)}
              </a>{' '}
              ·{' '}
              <a
                className="text-primary-strong underline"
                href={`https://wa.me/55${familia.telefone}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                WhatsApp
              </a>
            </Dado>
            <Dado label="Nascimento da criança">{formatDate(familia.aluno_nascimento)}</Dado>
            <Dado label="Como conheceu a escola">
              {familia.origem ? origemInteressadoLabels[familia.origem] : 'Não informado'}
            </Dado>
            <Dado label="Autorização LGPD (art. 14)">
              {familia.consentimento_em
                ? `Dada em ${formatDateTime(familia.consentimento_em)}`
                : 'Família da escola (rematrícula)'}
            </Dado>
            {familia.mensagem && (
              <div className="sm:col-span-2">
                <Dado label="Mensagem da família">{familia.mensagem}</Dado>
              </div>
            )}
          </dl>
          {familia.etapa !== 'perdido' && (
            <div className="space-y-6 rounded-lg border border-gray-200 p-4">
              <div className="space-y-2">
                <h3 className="text-sm font-semibold text-gray-900">Pré-matrícula</h3>
                <PreMatriculaPainel interessadoId={familia.id} etapa={familia.etapa} />
              </div>
              {familia.pre_matricula?.enviado_em && (
                <ContratoPainel
                  interessadoId={familia.id}
                  podeEnviar={['pre_matricula', 'contrato_enviado', 'contrato_assinado'].includes(
                    familia.etapa,
                  )}
                />
              )}
            </div>
          )}
          <section aria-labelledby="linha-do-tempo" className="space-y-3">
            <h3 id="linha-do-tempo" className="font-semibold text-gray-900">
              Linha do tempo
            </h3>
            <NovoRegistro id={familia.id} />
            <ol className="space-y-3 border-l-2 border-gray-200 pl-4">
              {familia.eventos.map((evento) => (
                <li key={evento.id}>
                  <p className="text-sm text-gray-900">{evento.texto}</p>
                  <p className="text-xs text-gray-500">
                    {formatDateTime(evento.criado_em)} · {evento.autor ?? 'Sistema'}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}
