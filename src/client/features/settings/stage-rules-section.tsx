import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import type { AcademicSettings } from '../../../shared/academic-settings.schemas.js';
import {
  formatGradeNumber,
  regraRecuperacaoFinalLabels,
  regraRecuperacaoLabels,
  scaleMaxTenths,
} from '../../../shared/averages';
import {
  avaliacaoLabels,
  baseLegalFrequencia,
  etapaLabels,
  etapas,
  isInfantilEtapa,
  limiteConselhoLegal,
  stageRuleIssues,
  stageRulesInputSchema,
  type Etapa,
} from '../../../shared/stage-rules';
import { Button } from '../../components/button';
import { Badge } from '../../components/feedback';
import { Form, FormInput, FormSelect } from '../../components/form-fields';
import { useSaveAcademicSettings } from '../../domain/academic-settings';
import { useSchemaForm } from '../../lib/use-schema-form';

const fields = [
  'frequencia_minima',
  'limite_conselho',
  'media_aprovacao',
  'recuperacao',
  'recuperacao_final',
  'media_recuperacao_final',
  'ciclo_sem_reprovacao_ate',
] as const;

/** The ciclo de alfabetização's choices (Fundamental I only, ADR 0125): up to which ano no one fails by grade. */
const cicloOptions = { '1': 'Até o 1º ano', '2': 'Até o 2º ano', '3': 'Até o 3º ano' };

/** A number as typed ('7,5'): blank is null (no minimum, or the school's average). */
const numberText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** The form holds what is typed; the shared schema and the law's checks (stageRuleIssues) parse it. */
function stageFormSchema(maxGrade: number) {
  const text = z.object(Object.fromEntries(fields.map((field) => [field, z.string()])));
  return z
    .object({ etapas: z.object(Object.fromEntries(etapas.map((etapa) => [etapa, text]))) })
    .transform(({ etapas: typed }) => ({
      etapas: Object.fromEntries(
        etapas.map((etapa) => {
          const own = typed[etapa] as Record<(typeof fields)[number], string>;
          const blank = (value: string) => (value.trim() === '' ? null : value.trim());
          return [
            etapa,
            {
              frequencia_minima: blank(own.frequencia_minima),
              limite_conselho: blank(own.limite_conselho),
              ...(isInfantilEtapa(etapa)
                ? {}
                : {
                    media_aprovacao: blank(own.media_aprovacao),
                    recuperacao: blank(own.recuperacao),
                    recuperacao_final: blank(own.recuperacao_final),
                    media_recuperacao_final: blank(own.media_recuperacao_final),
                  }),
              ...(etapa === 'fundamental_1'
                ? { ciclo_sem_reprovacao_ate: blank(own.ciclo_sem_reprovacao_ate) }
                : {}),
            },
          ];
        }),
      ) as unknown as z.input<typeof stageRulesInputSchema>,
    }))
    .pipe(
      z.object({ etapas: stageRulesInputSchema }).superRefine((value, context) => {
        for (const etapa of etapas) {
          const own = value.etapas[etapa];
          if (own)
            for (const issue of stageRuleIssues(etapa, own, maxGrade))
              context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      }),
    );
}

/**
 * Configurações → Acadêmico → Regras por etapa: one card per stage with its evaluation (fixed by law or
 * by the product), minimum attendance, Conselho Tutelar line, and, where there are grades, its passing
 * average and recuperação (blank: the school's). Saved with the settings' version; the law's floors
 * are checked here and on the server alike.
 */
export function StageRulesSection({ settings }: { settings: AcademicSettings }) {
  const save = useSaveAcademicSettings();
  const maxGrade = scaleMaxTenths(settings.escala) / 10;
  const schema = useMemo(() => stageFormSchema(maxGrade), [maxGrade]);
  const form = useSchemaForm(schema, {
    etapas: Object.fromEntries(
      etapas.map((etapa) => {
        const own = settings.etapas[etapa];
        return [
          etapa,
          {
            frequencia_minima: numberText(own.frequencia_minima),
            limite_conselho: numberText(own.limite_conselho),
            media_aprovacao: numberText(own.media_aprovacao),
            recuperacao: own.recuperacao ?? '',
            recuperacao_final: own.recuperacao_final ?? '',
            media_recuperacao_final: numberText(own.media_recuperacao_final),
            ciclo_sem_reprovacao_ate: numberText(own.ciclo_sem_reprovacao_ate),
          },
        ];
      }),
    ),
  });
  return (
    <section aria-labelledby="regras-etapa-titulo" className="space-y-4 border-t border-gray-200 pt-6">
      <div>
        <h2 id="regras-etapa-titulo" className="text-lg font-semibold text-gray-900">
          Regras por etapa
        </h2>
        <p className="text-sm text-gray-600">
          Cada turma segue as regras da sua etapa: frequência, alertas, Conselho Tutelar, boletim e
          encerramento do ano. A escola pode ser mais exigente que a lei, nunca menos. Valem para os anos
          letivos em aberto; um ano encerrado guarda as regras do dia do encerramento.
        </p>
      </div>
      <Form
        form={form}
        label="Regras por etapa"
        onSubmit={form.submit(async (values) => {
          const { version, ...rest } = settings;
          const general: Record<string, unknown> = { ...rest };
          delete general.updated_at;
          const result = await save.mutateAsync({
            ...(general as Omit<AcademicSettings, 'version' | 'updated_at'>),
            // The law's: no school switches it off (academic-settings.schemas.ts).
            frequencia_minima: true,
            etapas: values.etapas,
            version,
          });
          toast.success(result.message ?? 'Regras por etapa salvas com sucesso');
        })}
      >
        <div className="grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3">
          {etapas.map((etapa) => (
            <StageCard key={etapa} etapa={etapa} schoolAverage={settings.media_aprovacao} />
          ))}
        </div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Salvar regras por etapa
        </Button>
      </Form>
    </section>
  );
}

function StageCard({ etapa, schoolAverage }: { etapa: Etapa; schoolAverage: number }) {
  const infantil = isInfantilEtapa(etapa);
  const line = limiteConselhoLegal[etapa];
  const name = (field: (typeof fields)[number]) => `etapas.${etapa}.${field}`;
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-gray-200 p-4">
      <legend className="px-1 text-sm font-semibold text-gray-900">{etapaLabels[etapa]}</legend>
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
        Avaliação:{' '}
        <Badge tone={infantil ? 'blue' : 'gray'}>{avaliacaoLabels[infantil ? 'parecer' : 'notas']}</Badge>
        <span className="text-xs text-gray-500">
          {infantil ? 'Fixa: sem notas nem retenção (LDB art. 31).' : 'Notas na escala da escola.'}
        </span>
      </p>
      <FormInput
        name={name('frequencia_minima')}
        label="Frequência mínima (%)"
        inputMode="decimal"
        hint={
          etapa === 'creche'
            ? `${baseLegalFrequencia[etapa]} Em branco: sem mínimo.`
            : baseLegalFrequencia[etapa]
        }
      />
      <FormInput
        name={name('limite_conselho')}
        label="Avisar o Conselho Tutelar acima de (% de faltas)"
        inputMode="decimal"
        hint={
          line === null
            ? 'Sem limite na lei para a creche. Em branco: sem aviso.'
            : `Lei 13.803/2019: 30 % das faltas permitidas = ${numberText(line)} % das aulas previstas no ano. Pode ser menor.`
        }
      />
      {!infantil && (
        <>
          <FormInput
            name={name('media_aprovacao')}
            label="Média da etapa para aprovar"
            inputMode="decimal"
            hint={`Em branco: a da escola (${formatGradeNumber(schoolAverage)}).`}
          />
          <FormSelect
            name={name('recuperacao')}
            label="Recuperação da etapa"
            options={regraRecuperacaoLabels}
            empty="A da escola"
          />
          <FormSelect
            name={name('recuperacao_final')}
            label="Recuperação final da etapa"
            options={regraRecuperacaoFinalLabels}
            empty="A da escola"
          />
          <FormInput
            name={name('media_recuperacao_final')}
            label="Média da etapa depois da recuperação final"
            inputMode="decimal"
            hint="Em branco: a da escola (ou a média para aprovar)."
          />
        </>
      )}
      {etapa === 'fundamental_1' && (
        <FormSelect
          name={name('ciclo_sem_reprovacao_ate')}
          label="Ciclo de alfabetização: sem reprovação por nota"
          options={cicloOptions}
          empty="Não: pode reprovar por nota em todos os anos"
          hint="Res. CNE/CEB 7/2010, art. 30, e o regimento da escola. A reprovação por falta continua valendo."
        />
      )}
    </fieldset>
  );
}
