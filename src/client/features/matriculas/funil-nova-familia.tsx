/**
 * 'Nova família': a family the secretaria receives at the desk or on the phone enters the funnel as the
 * site's do (the same fields), the guardian's consent for the child's data confirmed by the secretary.
 */
import toast from 'react-hot-toast';
import {
  interesseBalcaoSchema,
  origemInteressadoLabels,
  type InteresseBalcaoInput,
} from '../../../shared/matriculas.schemas';
import { FormModal } from '../../components/form-modal';
import { FormCheckbox, FormInput, FormMasked, FormSelect, FormTextArea } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useNovaFamilia } from './funil.api';

export function NovaFamiliaModal({
  ano,
  onClose,
  onCreated,
}: {
  /** The year the board shows, the form's first choice. */
  ano: number;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const criar = useNovaFamilia();
  const thisYear = new Date().getFullYear();
  const form = useSchemaForm(interesseBalcaoSchema, {
    responsavel_nome: '',
    email: '',
    telefone: '',
    aluno_nome: '',
    aluno_nascimento: '',
    serie: '',
    // The board may show a past year; a family is written down for this year at the earliest.
    ano_letivo: Math.max(ano, thisYear),
    origem: null,
    mensagem: '',
    consentimento: false as unknown as true,
  } satisfies InteresseBalcaoInput);
  return (
    <FormModal
      title="Nova família"
      description="Uma família atendida na escola ou por telefone entra no funil como as que chegam pelo site."
      formId="nova-familia-form"
      submitLabel="Incluir no funil"
      form={form}
      onClose={onClose}
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.submit(async (values) => {
        const result = await criar.mutateAsync(values);
        toast.success(result.message ?? 'Família incluída no funil.');
        onCreated(result.data.id);
      })}
    >
      <FormInput name="responsavel_nome" label="Nome do responsável" required autoComplete="off" />
      <FormInput name="email" label="E-mail" type="email" required autoComplete="off" />
      <FormMasked name="telefone" mask="phone" label="Telefone ou WhatsApp" required />
      <FormInput name="aluno_nome" label="Nome da criança" required autoComplete="off" />
      <FormInput name="aluno_nascimento" label="Data de nascimento" type="date" required />
      <FormInput name="serie" label="Série desejada" required placeholder="Ex.: 1º ano" />
      <FormSelect
        name="ano_letivo"
        label="Ano letivo"
        options={Object.fromEntries(
          [thisYear, thisYear + 1, thisYear + 2].map((year) => [String(year), String(year)]),
        )}
        required
      />
      <FormSelect
        name="origem"
        label="Como conheceu a escola"
        empty="Não informado"
        emptyAsNull
        options={origemInteressadoLabels}
      />
      <div className="sm:col-span-2">
        <FormTextArea name="mensagem" label="Observações" rows={2} />
      </div>
      <div className="sm:col-span-2">
        <FormCheckbox
          name="consentimento"
          label="O responsável autorizou a escola a usar os dados da criança para o contato e a matrícula (LGPD, art. 14)."
        />
      </div>
    </FormModal>
  );
}
