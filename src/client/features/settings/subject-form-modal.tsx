import toast from 'react-hot-toast';
import { z } from 'zod';
import { classNiveis, ofNivel } from '../../../shared/classes.schemas';
import {
  areaLabelsMedio,
  areas,
  componenteStages,
  componentesBncc,
  hasChosenStages,
  subjectNameSchema,
  type Disciplina,
} from '../../../shared/disciplinas.schemas';
import { formatList } from '../../../shared/format';
import { FormCheckboxGroup, FormInput, FormSelect } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSaveDisciplina } from '../../domain/disciplinas.api';
import { componenteInepDe, componentesInep, rotuloDe } from '../../../shared/censo.codigos';
import { useSaveCensoDisciplina } from './censo-disciplinas.api';

const subjectFormSchema = z.object({
  nome: subjectNameSchema,
  area: z.enum(areas, { error: 'Escolha a área do conhecimento' }),
  componente_bncc: z.enum(componentesBncc).nullable(),
  /** The stages a subject of the school's own is offered at (ADR 0132). */
  etapas: z.array(z.enum(classNiveis)).min(1, 'Escolha ao menos uma etapa'),
  /** Censo Escolar: INEP's componente when it is not the BNCC componente's (null: that one). */
  codigo_inep: z.string().nullable(),
});

/** Each área with its Ensino Médio name beside it when it differs ('Linguagens (EM: … e suas Tecnologias)'). */
const areaOptions = Object.fromEntries(
  areas.map((area) => [
    area,
    areaLabelsMedio[area] === area ? area : `${area} (no Ensino Médio: ${areaLabelsMedio[area]})`,
  ]),
);
const componenteOptions = Object.fromEntries(componentesBncc.map((item) => [item, item]));

/**
 * 'Nova disciplina' and 'Editar disciplina': name, área, BNCC component and, for a subject of the
 * school's own, the stages it is offered at (a rename keeps the history); for census managers (`censo`: the subject's current INEP code, or null) the INEP componente too.
 */
export function SubjectFormModal({
  subject,
  censo,
  onClose,
}: {
  subject: Disciplina | null;
  censo?: { codigoInep: string | null } | undefined;
  onClose: () => void;
}) {
  const save = useSaveDisciplina();
  const saveCenso = useSaveCensoDisciplina();
  const form = useSchemaForm(subjectFormSchema, {
    nome: subject?.nome ?? '',
    area: subject?.area ?? 'Linguagens',
    componente_bncc: subject?.componente_bncc ?? null,
    etapas: subject?.etapas ?? [...classNiveis],
    codigo_inep: censo?.codigoInep ?? null,
  });
  const pelaBncc = rotuloDe(
    componentesInep,
    componenteInepDe({ codigoInep: null, componenteBncc: form.watch('componente_bncc') }),
  );
  const renaming = subject !== null && form.watch('nome').trim() !== subject.nome;
  const componente = form.watch('componente_bncc');
  const area = form.watch('area');
  const ownStages = hasChosenStages({ area, componente_bncc: componente });
  const etapas = form.watch('etapas');
  // Unticking a stage keeps the subject where a class of it already has it (ADR 0132).
  const leaving =
    subject && hasChosenStages(subject) ? subject.etapas.filter((etapa) => !etapas.includes(etapa)) : [];
  return (
    <FormModal
      title={subject ? `Editar disciplina — ${subject.nome}` : 'Nova disciplina'}
      formId="subject-form"
      submitLabel={subject ? 'Salvar disciplina' : 'Adicionar disciplina'}
      size="md"
      form={form}
      onClose={onClose}
      onSubmit={form.submit(async ({ codigo_inep: codigoInep, ...values }) => {
        const result = await save.mutateAsync({
          id: subject?.id ?? null,
          input: subject ? { ...values, version: subject.version } : values,
        });
        if (censo && codigoInep !== censo.codigoInep) {
          await saveCenso.mutateAsync({ id: result.data.id, codigoInep });
        }
        // A longer message says where the subject stays though a stage was unticked: time to read it.
        toast.success(result.message ?? 'Disciplina salva.', leaving.length > 0 ? { duration: 8000 } : {});
        onClose();
      })}
    >
      <FormInput name="nome" label="Nome" required maxLength={60} autoComplete="off" />
      {renaming && (
        <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
          O novo nome vale para as turmas, notas e chamadas dos anos letivos em aberto e para os professores.
          Os anos letivos já encerrados guardam o nome com que a disciplina foi dada.
        </p>
      )}
      <FormSelect name="area" label="Área do conhecimento" options={areaOptions} required />
      <FormSelect
        name="componente_bncc"
        label="Componente curricular da BNCC"
        empty="Nenhum (parte diversificada, itinerário)"
        emptyAsNull
        options={componenteOptions}
      />
      {ownStages ? (
        <FormCheckboxGroup
          name="etapas"
          legend="Etapas em que é oferecida"
          options={classNiveis}
          columns={2}
        />
      ) : (
        <p className="text-sm text-gray-700" data-testid="etapas-bncc">
          Etapas em que é oferecida:{' '}
          {formatList([...(componente ? componenteStages[componente] : ['Ensino Médio'])])}
          {componente ? ', pela BNCC.' : ' (itinerário formativo).'}
        </p>
      )}
      {ownStages && leaving.length > 0 && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          As turmas {formatList(leaving.map(ofNivel))} que já têm {subject?.nome} na grade continuam com ela;
          as outras deixam de oferecê-la.
        </p>
      )}
      {censo && (
        <FormSelect
          name="codigo_inep"
          label="Componente curricular do INEP (Censo Escolar)"
          empty={pelaBncc ? `Pelo componente da BNCC: ${pelaBncc}` : 'Nenhum'}
          emptyAsNull
          hint="O código que o arquivo do Educacenso leva para esta disciplina nas turmas."
        >
          {componentesInep.map(([codigo, rotulo]) => (
            <option key={codigo} value={codigo}>
              {rotulo}
            </option>
          ))}
        </FormSelect>
      )}
    </FormModal>
  );
}
