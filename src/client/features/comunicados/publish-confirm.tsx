import { destinatariosLabels, type Publico } from '../../../shared/comunicados.schemas';
import { formatCount, formatDateTime, formatList } from '../../../shared/format';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAlcance } from './comunicados.api';
import { recebemWords, semAcessoWords } from './comunicado-reach';

/**
 * 'de toda a escola', 'da turma 1º Ano A', 'das turmas 1º Ano A e 1º Ano B': who a new notice goes to,
 * in words; `turmas` are the chosen classes' names (until they are known, their count).
 */
export function audienceWords(publico: Publico, turmas: readonly string[] = []): string {
  switch (publico.tipo) {
    case 'escola':
      return 'de toda a escola';
    case 'segmentos':
      return `de ${[...publico.segmentos, ...publico.series].join(', ')}`;
    case 'turmas':
      if (turmas.length === 0) return `de ${formatCount(publico.turmas.length, 'turma', 'turmas')}`;
      return `${turmas.length === 1 ? 'da turma' : 'das turmas'} ${formatList(turmas)}`;
    case 'alunos':
      return `de ${formatCount(publico.alunos.length, 'aluno escolhido', 'alunos escolhidos')}`;
    case 'equipe':
      return 'a equipe da escola';
  }
}

/** Who receives it in the portal and who will not see it, as the server counts them (POST …/alcance). */
function Reach({ publico, alcance }: { publico: Publico; alcance: ReturnType<typeof useAlcance> }) {
  if (alcance.isPending)
    return (
      <p role="status" className="mt-3 text-sm text-gray-600">
        Calculando quem recebe…
      </p>
    );
  if (alcance.isError)
    return (
      <p role="status" className="mt-3 text-sm text-gray-600">
        Não foi possível calcular quantas famílias recebem; o comunicado pode ser publicado assim mesmo.
      </p>
    );
  const { sem_acesso: semAcesso } = alcance.data;
  return (
    <div role="status" className="mt-3 space-y-2 text-sm">
      <p className="text-gray-800">
        Recebem no portal: <strong>{recebemWords(alcance.data, publico.tipo, publico.destinatarios)}</strong>.
      </p>
      {semAcesso.total > 0 && (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-2 text-amber-900">
          Sem acesso ao portal: <strong>{semAcessoWords(semAcesso.total, publico.destinatarios)}</strong>. Não
          verão o comunicado, a menos que a escola as avise de outra forma. Os nomes ficam nos detalhes do
          comunicado.
        </p>
      )}
    </div>
  );
}

/**
 * A new notice goes out only after this: once published it reaches every phone of its audience and its
 * audience no longer changes (removing it later does not unsend it). UX review 2026-12-03. It names the
 * classes and says how many receive it in the portal and how many families have no access to it.
 */
export function PublishConfirm({
  values,
  busy,
  onConfirm,
  onCancel,
}: {
  values: { titulo: string; publico: Publico; publicar_em: string | null } | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const alcance = useAlcance(values?.publico ?? null);
  const turmas = alcance.data?.turmas ?? [];
  const when = values?.publicar_em ? `em ${formatDateTime(values.publicar_em)}` : 'agora';
  const who =
    values && values.publico.tipo !== 'equipe'
      ? ` ${destinatariosLabels[values.publico.destinatarios].toLowerCase()} ${audienceWords(values.publico, turmas)}`
      : ` ${values ? audienceWords(values.publico) : ''}`;
  return (
    <ConfirmDialog
      open={values !== null}
      title={values?.publicar_em ? 'Agendar o comunicado?' : 'Publicar o comunicado?'}
      message={`“${values?.titulo ?? ''}” será enviado ${when} para${who}. Depois de publicado, o público não muda e quem o recebeu é avisado no portal e no celular.`}
      confirmLabel={values?.publicar_em ? 'Agendar' : 'Publicar'}
      cancelLabel="Voltar e revisar"
      danger={false}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {values && <Reach publico={values.publico} alcance={alcance} />}
    </ConfirmDialog>
  );
}
