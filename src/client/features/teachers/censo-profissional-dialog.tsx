import toast from 'react-hot-toast';
import { censoProfissionalSchema, type CensoProfissional } from '../../../shared/censo.schemas';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveCensoProfissional } from './censo-profissionais.api';
import { CorDeficienciaResidencia, FuncaoEGestao, Identificacao } from './censo-profissional-campos';
import { Formacao } from './censo-profissional-formacao';

/** The form's starting values: the line's, without the id, display name and version. */
function valoresDe(atual: CensoProfissional | null) {
  if (!atual) return censoProfissionalSchema.parse({});
  const dados: Partial<CensoProfissional> = { ...atual };
  delete dados.id;
  delete dados.nome_exibicao;
  delete dados.version;
  // A teacher's name, CPF and e-mail are the teacher's: the form does not send them.
  return atual.professor_id ? { ...dados, nome: null, cpf: null, email: null } : dados;
}

/**
 * 'Dados do Censo' of a professional (Censo Escolar, records 30, 40 and 50): a teacher's (their line
 * from GET /api/censo/profissionais) or someone outside the teaching staff (`atual` null: a new one).
 * Nothing is required to save: what the census still needs is listed in Relatórios → Censo Escolar.
 */
export function CensoProfissionalDialog({
  atual,
  onClose,
}: {
  atual: CensoProfissional | null;
  onClose: () => void;
}) {
  const save = useSaveCensoProfissional();
  const form = useSchemaForm(censoProfissionalSchema, valoresDe(atual));
  const professor = atual?.professor_id != null;
  const titulo = atual ? `Dados do Censo — ${atual.nome_exibicao}` : 'Novo profissional (gestor ou outro)';
  return (
    <FormModal
      title={titulo}
      description="Dados que o Censo Escolar (INEP) pede. Pode salvar incompleto: a lista de pendências do Censo diz o que falta."
      formId="censo-profissional-form"
      submitLabel="Salvar dados do Censo"
      form={form}
      size="xl"
      onClose={onClose}
      onSubmit={form.submit(
        async (dados) => {
          const result = await save.mutateAsync({ atual, dados });
          toast.success(result.message ?? 'Dados do Censo salvos.');
          onClose();
        },
        (message) => toast.error(message),
      )}
    >
      <Identificacao professor={professor} />
      <CorDeficienciaResidencia />
      <Formacao />
      <FuncaoEGestao professor={professor} />
    </FormModal>
  );
}
