import { useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, CheckCircle2, ExternalLink, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import { descricaoDoPlano, type Anuidade, type AvisoAnuidade } from '../../../shared/anuidades.schemas';
import { formatCentavos, formatDate, formatDateTime, todayIso } from '../../../shared/format';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction, ConfirmDialog } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { ApiError } from '../../lib/api-client';
import { useAvisosAnuidades } from '../../domain/anuidades-avisos.api';
import { useAnuidades, useDeleteAnuidade, useMatriculasConfig, usePublicar } from './anuidades.api';
import { AnuidadeEditor } from './anuidade-editor';
import { RematriculaConfigSection } from './anuidades-config';

/** The warnings of the law's 45 days (Lei 9.870, art. 2º). */
export function AvisosList({ avisos }: { avisos: AvisoAnuidade[] }) {
  if (avisos.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Avisos da Lei 9.870">
      {avisos.map((aviso) => (
        <li
          key={`${aviso.tipo}-${String(aviso.ano_letivo)}`}
          className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${aviso.nivel === 'alerta' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-blue-200 bg-blue-50 text-blue-900'}`}
        >
          {aviso.nivel === 'alerta' ? (
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <span>{aviso.mensagem}</span>
        </li>
      ))}
    </ul>
  );
}

/** Configurações → Matrículas: 'Anuidades e planos (Lei 9.870)' — values, plans, deadline, publication. */
export function AnuidadesCard() {
  const current = Number(todayIso().slice(0, 4));
  const [ano, setAno] = useState(current + 1);
  const anuidades = useAnuidades(ano);
  const avisos = useAvisosAnuidades();
  const config = useMatriculasConfig();
  const publicar = usePublicar();
  const excluir = useDeleteAnuidade();
  const [editing, setEditing] = useState<{ anuidade: Anuidade | null; serie: string } | null>(null);
  const [deleting, setDeleting] = useState<Anuidade | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);

  const handlePublish = async () => {
    try {
      const result = await publicar.mutateAsync(ano);
      toast.success(result.message ?? 'Publicado.');
      setConfirmPublish(false);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível publicar.');
    }
  };

  const data = anuidades.data;
  const faltando = data
    ? data.series_sugeridas.filter((serie) => !data.anuidades.some((item) => item.serie === serie))
    : [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="anuidades-titulo" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="anuidades-titulo" className="text-lg font-semibold text-gray-900">
              Anuidades e planos (Lei 9.870)
            </h2>
            <p className="text-sm text-gray-600">
              Valor anual, prazo de matrícula e planos de pagamento de cada série; publicados na página{' '}
              <a
                href="/matriculas"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary-strong underline"
              >
                /matriculas <ExternalLink className="inline h-3 w-3" aria-hidden="true" />
              </a>{' '}
              ao menos 45 dias antes do prazo.
            </p>
          </div>
          <SelectField
            label="Ano letivo"
            value={String(ano)}
            onChange={(event) => setAno(Number(event.target.value))}
          >
            {[current, current + 1, current + 2].map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </SelectField>
        </div>
        {avisos.data && <AvisosList avisos={avisos.data} />}
        {anuidades.isPending ? (
          <Spinner label="Carregando anuidades..." />
        ) : anuidades.isError || !data ? (
          <ErrorBanner>Erro ao carregar as anuidades.</ErrorBanner>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm">
              {data.publicacao ? (
                <p className="flex items-center gap-2">
                  <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
                  Publicado em {formatDateTime(data.publicacao.publicado_em)}
                  {data.publicacao.alterado_depois && (
                    <Badge tone="yellow">alterado depois: publique de novo</Badge>
                  )}
                  {!data.publicacao.com_contrato && <Badge tone="yellow">sem contrato</Badge>}
                </p>
              ) : (
                <p>Os valores de {ano} ainda não foram publicados.</p>
              )}
              <Button onClick={() => setConfirmPublish(true)} disabled={data.anuidades.length === 0}>
                {data.publicacao ? `Publicar ${String(ano)} de novo` : `Publicar ${String(ano)}`}
              </Button>
            </div>
            {data.anuidades.length === 0 ? (
              <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
                Nenhuma anuidade de {ano} cadastrada. Comece por uma série abaixo.
              </p>
            ) : (
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
                {data.anuidades.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div>
                      <p className="font-medium text-gray-900">{item.serie}</p>
                      <p className="text-sm text-gray-600">
                        {formatCentavos(item.valor_anual_centavos)} por ano · prazo{' '}
                        {formatDate(item.prazo_matricula)} ·{' '}
                        {item.planos
                          .map((plano) => `${plano.nome} (${descricaoDoPlano(plano, formatCentavos)})`)
                          .join('; ')}
                      </p>
                    </div>
                    <div className="flex gap-1">
                      <IconButton
                        label={`Editar ${item.serie}`}
                        onClick={() => setEditing({ anuidade: item, serie: item.serie })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton label={`Excluir ${item.serie}`} onClick={() => setDeleting(item)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm text-gray-600">Cadastrar a anuidade de:</span>
              {faltando.map((serie) => (
                <Button key={serie} variant="secondary" onClick={() => setEditing({ anuidade: null, serie })}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> {serie}
                </Button>
              ))}
              <Button variant="secondary" onClick={() => setEditing({ anuidade: null, serie: '' })}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Outra série
              </Button>
            </div>
            {editing && (
              <AnuidadeEditor
                ano={ano}
                anuidade={editing.anuidade}
                serie={editing.serie}
                sugeridas={data.series_sugeridas}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </section>
      {config.data ? (
        <RematriculaConfigSection key={config.data.version} config={config.data} />
      ) : config.isError ? (
        <ErrorBanner>Erro ao carregar as configurações da rematrícula online.</ErrorBanner>
      ) : null}
      <ConfirmDialog
        open={confirmPublish}
        danger={false}
        busy={publicar.isPending}
        title={`Publicar os valores de ${String(ano)}?`}
        message="Os valores anuais, os planos, o contrato vigente e as vagas por turma ficam públicos na página /matriculas a partir de agora. Alterações depois disso só aparecem quando você publicar de novo."
        confirmLabel="Publicar"
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => void handlePublish()}
      />
      {deleting && (
        <ConfirmAction
          title={`Excluir a anuidade de ${deleting.serie}?`}
          message="O valor anual e os planos desta série deixam de existir. Famílias que já escolheram um plano dela precisarão escolher outro."
          confirmLabel="Excluir"
          action={() => excluir.mutateAsync(deleting.id)}
          success="Anuidade excluída."
          failure="Não foi possível excluir."
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
