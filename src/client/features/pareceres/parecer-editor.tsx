import { useState } from 'react';
import { CheckCircle2, Send, Save, Globe } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  camposExperiencia,
  PARECER_LIMITS,
  type CampoCodigo,
  type Parecer,
} from '../../../shared/pareceres.schemas';
import { Button } from '../../components/button';
import { ConfirmAction } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/field';
import { LeaveGuard } from '../../components/leave-guard';
import { ParecerStatusChip } from '../../domain/parecer-parts';
import { useAdvanceParecer, useSaveParecer } from '../../domain/pareceres.api';
import { isNoConnection, useIsOnline } from '../../lib/offline/online';
import { useDeviceDraft } from '../../lib/offline/use-device-draft';
import { ParecerDraftNote, UNSENT } from './parecer-draft-note';
import { ParecerFotosField } from './parecer-fotos-field';

type Campos = Partial<Record<CampoCodigo, string>>;
type Written = { texto: string; campos: Campos };

const sameCampos = (a: Campos, b: Campos) =>
  camposExperiencia.every((campo) => (a[campo.codigo] ?? '').trim() === (b[campo.codigo] ?? '').trim());

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * One child's parecer of a period: the general text and one field per campo de experiência. The
 * teacher saves (explicitly; leaving with unsaved text asks first) and sends it for review; the
 * coordination reviews and publishes once what is on screen is saved. The parent keys this component
 * by the parecer's version, so a save or another person's change starts it from the stored text.
 * What is typed and not saved is kept on the device as a draft (a phone without signal, a reload, the
 * app closed) and comes back when this child's parecer of this period opens again.
 */
export function ParecerEditor({
  aluno,
  periodoId,
  parecer,
  canReview,
}: {
  aluno: { id: string; nome: string };
  periodoId: string;
  parecer: Parecer | null;
  canReview: boolean;
}) {
  const [texto, setTexto] = useState(parecer?.texto ?? '');
  const [campos, setCampos] = useState<Campos>(parecer?.campos ?? {});
  const save = useSaveParecer();
  const advance = useAdvanceParecer();
  const [publishing, setPublishing] = useState(false);
  const isSaved = (value: Written) =>
    value.texto.trim() === (parecer?.texto ?? '').trim() && sameCampos(value.campos, parecer?.campos ?? {});
  const dirty = !isSaved({ texto, campos });
  const draft = useDeviceDraft<Written>({
    key: `parecer:${aluno.id}:${periodoId}`,
    value: { texto, campos },
    isSaved,
    base: parecer?.version ?? 0,
    onRestore: (value) => {
      setTexto(value.texto);
      setCampos(value.campos);
    },
  });
  const online = useIsOnline();
  /** The last save found no connection (cleared by the next attempt). */
  const [unsent, setUnsent] = useState(false);
  const written = texto.trim() !== '' || Object.values(campos).some((value) => value.trim() !== '');

  const submit = (enviar: boolean) => {
    const trimmed = Object.fromEntries(
      Object.entries(campos).map(([key, value]) => [key, value.trim()]),
    ) as Campos;
    const sent: Written = { texto, campos };
    setUnsent(false);
    // On the device before it leaves: a save that fails (or a closed app) keeps the text.
    void draft.flush().then(() =>
      save
        .mutateAsync({
          alunoId: aluno.id,
          periodoId,
          body: { texto, campos: trimmed, enviar, ...(parecer ? { version: parecer.version } : {}) },
        })
        .then(
          (result) => {
            toast.success(result.message ?? 'Parecer salvo.');
            return draft.saved(sent);
          },
          (error: unknown) => {
            if (isNoConnection(error)) {
              setUnsent(true);
              toast.error(UNSENT);
            } else toast.error(errorText(error, 'Erro ao salvar o parecer.'));
          },
        ),
    );
  };
  const review = () => {
    if (!parecer) return;
    advance.mutate(
      { parecer, step: 'revisar' },
      {
        onSuccess: (result) => toast.success(result.message ?? 'Feito.'),
        onError: (error) => toast.error(errorText(error, 'Erro ao atualizar o parecer.')),
      },
    );
  };
  const busy = save.isPending || advance.isPending;
  const titleId = `parecer-${aluno.id}`;
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-gray-200 bg-white p-4">
      <LeaveGuard
        when={dirty}
        title="Parecer não salvo"
        message={`O parecer de ${aluno.nome} tem mudanças não salvas. Sair assim mesmo?`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} tabIndex={-1} className="text-base font-semibold text-gray-900 focus:outline-none">
          {aluno.nome}
        </h2>
        <ParecerStatusChip parecer={parecer} />
      </div>
      {parecer && parecer.status !== 'rascunho' && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {parecer.status === 'publicado'
            ? 'Publicado para a família. Salvar uma mudança devolve o parecer a rascunho: a família deixa de vê-lo até a coordenação publicá-lo de novo.'
            : 'Revisado pela coordenação. Salvar uma mudança devolve o parecer a rascunho, para nova revisão.'}
        </p>
      )}
      <ParecerDraftNote kept={draft.kept && dirty} stale={draft.stale} unsent={unsent} online={online} />
      <TextAreaField
        label="Parecer geral"
        rows={4}
        maxLength={PARECER_LIMITS.textoMax}
        value={texto}
        onChange={(event) => setTexto(event.target.value)}
        hint="Como a criança chegou, o que conquistou no período e como a escola a acompanha."
      />
      {camposExperiencia.map((campo) => (
        <TextAreaField
          key={campo.codigo}
          label={campo.nome}
          rows={3}
          maxLength={PARECER_LIMITS.campoMax}
          value={campos[campo.codigo] ?? ''}
          onChange={(event) => setCampos((current) => ({ ...current, [campo.codigo]: event.target.value }))}
        />
      ))}
      <ParecerFotosField parecer={parecer} />
      {/* Kept in reach at the bottom of the screen: on a phone the five campos are a long scroll. */}
      <div className="sticky bottom-0 -mx-4 flex flex-wrap gap-2 border-t border-gray-200 bg-white px-4 py-3">
        <Button
          className="min-h-11"
          loading={save.isPending}
          disabled={!dirty}
          aria-disabled={busy}
          onClick={() => submit(false)}
        >
          <Save className="h-4 w-4" aria-hidden /> Salvar
        </Button>
        {(!parecer || parecer.status === 'rascunho') && (
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={!written || (!dirty && parecer?.enviado_em != null)}
            aria-disabled={busy}
            onClick={() => submit(true)}
          >
            <Send className="h-4 w-4" aria-hidden /> Enviar para revisão
          </Button>
        )}
        {canReview && parecer?.status === 'rascunho' && (
          <Button
            variant="secondary"
            className="min-h-11"
            disabled={dirty || !written}
            aria-disabled={busy}
            onClick={review}
          >
            <CheckCircle2 className="h-4 w-4" aria-hidden /> Marcar como revisado
          </Button>
        )}
        {canReview && parecer?.status === 'revisado' && (
          <Button
            className="min-h-11"
            disabled={dirty}
            aria-disabled={busy}
            onClick={() => setPublishing(true)}
          >
            <Globe className="h-4 w-4" aria-hidden /> Publicar para a família
          </Button>
        )}
      </div>
      {publishing && parecer && (
        <ConfirmAction
          title="Publicar o parecer para a família?"
          message={`O parecer de ${aluno.nome} (${parecer.periodo.nome}) passa a aparecer para a família no portal, com as fotos, e os responsáveis são avisados de que ele foi publicado. Uma mudança salva depois o devolve a rascunho, e a família deixa de vê-lo até nova publicação.`}
          confirmLabel="Publicar"
          danger={false}
          action={() => advance.mutateAsync({ parecer, step: 'publicar' })}
          success="Parecer publicado para a família."
          failure="Erro ao publicar o parecer."
          onClose={() => setPublishing(false)}
        />
      )}
      {canReview && dirty && parecer && parecer.status !== 'publicado' && (
        <p className="text-xs text-gray-600">Salve as mudanças antes de revisar ou publicar.</p>
      )}
    </section>
  );
}
