import { destinatariosLabels, type Publico } from '../../../shared/comunicados.schemas';
import { formatCount, formatDateTime } from '../../../shared/format';
import { ConfirmDialog } from '../../components/confirm-dialog';

/** 'toda a escola', '3 turmas', 'Fundamental I, 6º ano': who a new notice goes to, in words. */
export function audienceWords(publico: Publico): string {
  switch (publico.tipo) {
    case 'escola':
      return 'toda a escola';
    case 'segmentos':
      return [...publico.segmentos, ...publico.series].join(', ');
    case 'turmas':
      return formatCount(publico.turmas.length, 'turma', 'turmas');
    case 'alunos':
      return formatCount(publico.alunos.length, 'aluno escolhido', 'alunos escolhidos');
    case 'equipe':
      return 'a equipe da escola';
  }
}

/**
 * A new notice goes out only after this: once published it reaches every phone of its audience and its
 * audience no longer changes (removing it later does not unsend it). UX review 2026-12-03.
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
  const when = values?.publicar_em ? `em ${formatDateTime(values.publicar_em)}` : 'agora';
  const who =
    values && values.publico.tipo !== 'equipe'
      ? ` ${destinatariosLabels[values.publico.destinatarios].toLowerCase()} de ${audienceWords(values.publico)}`
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
    />
  );
}
