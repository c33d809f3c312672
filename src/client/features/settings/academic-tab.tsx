import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  escalaLabels,
  formatGradeNumber,
  regraMediaAnualLabels,
  regraRecuperacaoFinalLabels,
  regraRecuperacaoLabels,
} from '../../../shared/averages';
import {
  academicGeneralValuesSchema,
  type AcademicSettings,
} from '../../../shared/academic-settings.schemas.js';
import { Button } from '../../components/button';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { Form, FormInput, FormSelect } from '../../components/form-fields';
import { useAcademicSettings, useSaveAcademicSettings } from '../../domain/academic-settings';
import { useSchemaForm } from '../../lib/use-schema-form';
import { StageRulesSection } from './stage-rules-section';
import { SubjectsSection } from './subjects-section';
import { StudentAccountsSection } from './student-accounts-section';

/** As the boletim writes it: 6 → '6,0', 7.5 → '7,5' (one decimal, comma). */
const decimalText = (value: number) => formatGradeNumber(value);

/** The form holds decimals as typed ('6,0') and the period weights as '2; 3; 2; 3'. */
const academicFormSchema = z
  .object({
    escala: z.string(),
    conceitos: z.object({ A: z.string(), B: z.string(), C: z.string(), D: z.string(), E: z.string() }),
    recuperacao: z.string(),
    media_anual: z.string(),
    pesos_periodos: z.string(),
    media_aprovacao: z.string(),
    recuperacao_final: z.string(),
    media_recuperacao_final: z.string(),
  })
  .transform(
    ({ pesos_periodos, media_recuperacao_final, ...values }) =>
      ({
        ...values,
        // Blank: the passing average itself.
        media_recuperacao_final: media_recuperacao_final.trim() === '' ? null : media_recuperacao_final,
        pesos_periodos:
          values.media_anual === 'pesos'
            ? pesos_periodos
                .split(/[;\s]+/)
                .filter(Boolean)
                .map((weight) => (/^\d+$/.test(weight) ? Number(weight) : Number.NaN))
            : [],
      }) as unknown as z.input<typeof academicGeneralValuesSchema>,
  )
  // The school-wide rules only: the rules per stage have their own form (stage-rules-section.tsx).
  .pipe(academicGeneralValuesSchema);

/**
 * Configurações → Acadêmico: how grades are given and averaged (saved with its version), and the school's
 * subjects.
 */
export function AcademicTab() {
  const settings = useAcademicSettings();
  return (
    <div className="space-y-6">
      {settings.isPending ? (
        <Spinner />
      ) : settings.isError ? (
        <ErrorBanner>Erro ao carregar as regras acadêmicas.</ErrorBanner>
      ) : (
        <>
          <AcademicForm key={settings.data.version} settings={settings.data} />
          <StageRulesSection key={`etapas-${String(settings.data.version)}`} settings={settings.data} />
        </>
      )}
      <SubjectsSection />
      <StudentAccountsSection />
    </div>
  );
}

function AcademicForm({ settings }: { settings: AcademicSettings }) {
  const save = useSaveAcademicSettings();
  const form = useSchemaForm(academicFormSchema, {
    escala: settings.escala,
    conceitos: {
      A: decimalText(settings.conceitos.A),
      B: decimalText(settings.conceitos.B),
      C: decimalText(settings.conceitos.C),
      D: decimalText(settings.conceitos.D),
      E: decimalText(settings.conceitos.E),
    },
    recuperacao: settings.recuperacao,
    media_anual: settings.media_anual,
    pesos_periodos: settings.pesos_periodos.join('; '),
    media_aprovacao: decimalText(settings.media_aprovacao),
    recuperacao_final: settings.recuperacao_final,
    media_recuperacao_final:
      settings.media_recuperacao_final === null ? '' : decimalText(settings.media_recuperacao_final),
  });
  const escala = form.watch('escala');
  const mediaAnual = form.watch('media_anual');
  return (
    <Form
      form={form}
      onSubmit={form.submit(async (values) => {
        const result = await save.mutateAsync({ ...values, version: settings.version });
        toast.success(result.message ?? 'Regras acadêmicas salvas com sucesso');
      })}
    >
      <p className="text-sm text-gray-600">
        Valem para todas as turmas dos anos letivos em aberto: a média do período é a média ponderada das
        avaliações, arredondada a uma casa decimal. Um ano letivo encerrado guarda as regras do dia do
        encerramento (boletins, resultados e histórico dele não mudam).
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <FormSelect name="escala" label="Escala de notas" options={escalaLabels} />
        <FormInput
          name="media_aprovacao"
          label="Média para aprovação"
          inputMode="decimal"
          required
          hint={
            escala === '0-100' ? 'Na escala de 0 a 100 (ex.: 60)' : 'Ex.: 6,0 (conceitos: valor de 0 a 10)'
          }
        />
        <FormSelect name="recuperacao" label="Recuperação do período" options={regraRecuperacaoLabels} />
        <FormSelect name="media_anual" label="Média anual" options={regraMediaAnualLabels} />
        <FormSelect
          name="recuperacao_final"
          label="Recuperação final (depois do último período)"
          options={regraRecuperacaoFinalLabels}
        />
        <FormInput
          name="media_recuperacao_final"
          label="Média exigida depois da recuperação final"
          inputMode="decimal"
          hint="Em branco: a própria média para aprovação. Muitas escolas usam 5,0 (com média 6,0 ou 7,0)."
        />
        {mediaAnual === 'pesos' && (
          <FormInput
            name="pesos_periodos"
            label="Peso de cada período"
            hint="Um número inteiro de 1 a 10 para cada período do ano letivo, na ordem, separados por ponto e vírgula (4 bimestres: ex.: 2; 2; 3; 3)"
          />
        )}
      </div>
      {escala === 'conceitos' && (
        <fieldset className="rounded-lg border border-gray-200 p-4">
          <legend className="px-1 text-sm font-medium text-gray-900">Valor de cada conceito (0 a 10)</legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(['A', 'B', 'C', 'D', 'E'] as const).map((concept) => (
              <FormInput key={concept} name={`conceitos.${concept}`} label={concept} inputMode="decimal" />
            ))}
          </div>
        </fieldset>
      )}
      <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
        Reprovação por falta: abaixo de 75 % de frequência (LDB art. 24, VI), ou do mínimo de cada etapa
        (Regras por etapa). A lei não permite desligá-la; a escola pode exigir mais.
      </p>
      <div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar regras acadêmicas
        </Button>
      </div>
    </Form>
  );
}
