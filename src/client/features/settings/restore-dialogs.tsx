/** The restore's dialogs: the other installation's key, when the file is encrypted under it, and the confirmation. */
import { restoreKeyInputSchema, type RestorePlan } from '../../../shared/settings.schemas';
import { Button } from '../../components/button';
import { Form, FormInput } from '../../components/form-fields';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { PlanDetails } from './backup-details';

/** The server refused the file because another installation encrypted it (ADR 0104): its key is asked. */
export function needsSourceKey(error: unknown): boolean {
  return error instanceof ApiError && error.details.some((detail) => detail.path === 'chave_backup');
}

interface RestoreKeyPromptProps {
  open: boolean;
  /** The key, as 64 lower-case hexadecimal characters (spaces and dashes taken out). */
  onConfirm: (chave: string) => Promise<void>;
  onClose: () => void;
}

export function RestoreKeyPrompt(props: RestoreKeyPromptProps) {
  // Mounted only while open: each file starts with an empty field.
  return props.open ? <RestoreKeyDialog {...props} /> : null;
}

function RestoreKeyDialog({ onConfirm, onClose }: RestoreKeyPromptProps) {
  const form = useSchemaForm(restoreKeyInputSchema, { chave_backup: '' });
  const busy = form.formState.isSubmitting;
  return (
    <Modal
      open
      onClose={onClose}
      busy={busy}
      title="Backup de outra instalação"
      description="Este backup foi cifrado por outra instalação (outro servidor). Para abri-lo, digite a chave de backup dela: a que foi mostrada em Configurações → Backup no servidor antigo e guardada, por exemplo, impressa."
    >
      <Form form={form} onSubmit={form.submit(async ({ chave_backup }) => onConfirm(chave_backup))}>
        <FormInput
          name="chave_backup"
          label="Chave de backup da instalação de origem"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          hint="64 caracteres (números e letras de A a F); espaços e traços podem ficar."
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
            Cancelar
          </Button>
          <Button type="submit" loading={busy}>
            Analisar backup
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

interface RestoreConfirmModalProps {
  plan: RestorePlan | null;
  busy: boolean;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  onApply: () => void;
  onClose: () => void;
}

/** What the file brings, and 'Restaurar agora' (a file this installation did not sign: after the confirmation). */
export function RestoreConfirmModal({
  plan,
  busy,
  confirmed,
  onConfirmedChange,
  onApply,
  onClose,
}: RestoreConfirmModalProps) {
  return (
    <Modal
      open={plan !== null}
      onClose={onClose}
      busy={busy}
      title="Confirmar restauração"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} aria-disabled={busy}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={plan?.origem.confirmacao_necessaria === true && !confirmed}
            onClick={onApply}
          >
            Restaurar agora
          </Button>
        </>
      }
    >
      {plan && <PlanDetails plan={plan} confirmed={confirmed} onConfirmedChange={onConfirmedChange} />}
    </Modal>
  );
}
