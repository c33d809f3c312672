import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { CheckCircle2, Download, Loader2, TriangleAlert } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { CensoTarefa } from '../../../shared/censo-tarefas.schemas';
import type { EtapaCenso } from '../../../shared/censo.schemas';
import { can, permissionsOf } from '../../../shared/permissions';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorBanner, ProgressBar } from '../../components/feedback';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/current-user';
import { keyRoots } from '../../lib/query-keys';
import { baixarDaTarefa, emCurso, useIniciarTarefa, useUltimaTarefa } from './censo-tarefas.api';

/** A task that ended longer ago than this is no news any more. */
const RECENTE_MS = 10 * 60_000;

/**
 * 'Montando o arquivo: 12.000 de 100.000 linhas': a progress bar and a polite live region, so a screen
 * reader hears the steps; then the outcome.
 */
function Progresso({ tarefa }: { tarefa: CensoTarefa }) {
  const rodando = emCurso(tarefa);
  const percentual =
    tarefa.status === 'concluida'
      ? 100
      : tarefa.total > 0
        ? Math.round((tarefa.feitos / tarefa.total) * 100)
        : 0;
  const comPendencias = tarefa.status === 'concluida' && (tarefa.pendencias_total ?? 0) > 0;
  return (
    <div className="space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3" data-testid="tarefa-censo">
      <p className="text-sm font-medium text-blue-950">Arquivo do Censo</p>
      <ProgressBar label="Progresso do arquivo do Censo" percent={percentual} valueText={tarefa.mensagem} />
      <p className="flex items-start gap-1.5 text-sm text-blue-950" aria-live="polite" role="status">
        {rodando ? (
          <Loader2 className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden="true" />
        ) : comPendencias ? (
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-hidden="true" />
        )}
        {tarefa.mensagem}
      </p>
      {rodando && (
        <p className="text-xs text-blue-900">
          Numa escola grande leva alguns minutos. Pode fechar ou recarregar esta tela: o arquivo continua
          sendo montado no servidor e o progresso aparece aqui de novo.
        </p>
      )}
    </div>
  );
}

/**
 * The stage's file: built in the background (a task), then downloaded; with pendências only the Direção
 * may download it anyway, behind a confirmation that says it is audited.
 */
export function PainelArquivo({
  ano,
  etapa,
  pendencias,
}: {
  ano: number;
  etapa: EtapaCenso;
  pendencias: number;
}) {
  const { data: me } = useCurrentUser();
  const direcao = can(permissionsOf(me), 'settings.manage');
  const queryClient = useQueryClient();
  const { ultima } = useUltimaTarefa(ano, etapa);
  const iniciar = useIniciarTarefa(ano, etapa);
  const [confirmar, setConfirmar] = useState(false);
  const [baixando, setBaixando] = useState(false);
  // The task this screen started, and whether its file goes out even with pendências.
  const [pedido, setPedido] = useState<{ id: string; forcar: boolean } | null>(null);

  const baixar = async (tarefa: CensoTarefa, forcar: boolean) => {
    setBaixando(true);
    try {
      await baixarDaTarefa(tarefa, forcar);
      toast.success('Arquivo baixado. Envie-o na opção Migração do Educacenso.');
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : 'Não foi possível baixar o arquivo.',
      );
    } finally {
      setBaixando(false);
    }
  };

  // When the task this screen started ends: the file goes out (or the reason it does not is shown).
  useEffect(() => {
    const atual = pedido;
    if (!ultima || !atual || ultima.id !== atual.id || emCurso(ultima)) return;
    setPedido(null);
    // What the file found may differ from the list read before: read it again.
    void queryClient.invalidateQueries({ queryKey: [...keyRoots.censo, 'pendencias', ano] });
    if (ultima.status !== 'concluida') return;
    if ((ultima.pendencias_total ?? 0) === 0 || atual.forcar) void baixar(ultima, atual.forcar);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ultima, pedido]);

  const montar = (forcar: boolean) =>
    iniciar.mutate(undefined, {
      onSuccess: ({ data }) => {
        setPedido({ id: data.id, forcar });
      },
      onError: (error) =>
        toast.error(
          error instanceof ApiError && error.message ? error.message : 'Não foi possível montar o arquivo.',
        ),
      onSettled: () => setConfirmar(false),
    });

  const rodando = emCurso(ultima);
  const recente =
    ultima &&
    (rodando || Date.now() - new Date(ultima.concluido_em ?? ultima.criado_em).getTime() < RECENTE_MS);
  const ocupado = rodando || iniciar.isPending || baixando;
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button
          onClick={() => montar(false)}
          disabled={pendencias > 0}
          aria-disabled={ocupado}
          loading={iniciar.isPending && !confirmar}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Montar e baixar o arquivo
        </Button>
        {pendencias > 0 && (
          <p className="text-sm text-gray-600">Resolva as pendências abaixo para baixar o arquivo.</p>
        )}
        {pendencias > 0 && direcao && (
          <Button variant="secondary" onClick={() => setConfirmar(true)} aria-disabled={ocupado}>
            <TriangleAlert className="h-4 w-4" aria-hidden="true" /> Baixar mesmo assim
          </Button>
        )}
      </div>
      {ultima && recente && ultima.status === 'falhou' && (
        <ErrorBanner>O arquivo do Censo não foi montado: {ultima.mensagem}</ErrorBanner>
      )}
      {ultima && recente && ultima.status !== 'falhou' && <Progresso tarefa={ultima} />}
      {ultima && recente && ultima.status === 'concluida' && ultima.arquivo && !pedido && (
        <Button
          variant="secondary"
          onClick={() => void baixar(ultima, (ultima.pendencias_total ?? 0) > 0)}
          disabled={(ultima.pendencias_total ?? 0) > 0 && !direcao}
          aria-disabled={ocupado}
          loading={baixando}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Baixar de novo o arquivo montado
        </Button>
      )}
      <ConfirmDialog
        open={confirmar}
        title="Baixar o arquivo com pendências?"
        message={`O arquivo tem ${String(pendencias)} ${pendencias === 1 ? 'pendência' : 'pendências'} e o INEP pode rejeitar os registros afetados. Este download fica registrado na auditoria com o seu nome.`}
        confirmLabel="Baixar mesmo assim"
        busy={iniciar.isPending}
        onCancel={() => setConfirmar(false)}
        onConfirm={() => montar(true)}
      />
    </div>
  );
}
