import { useState } from 'react';
import toast from 'react-hot-toast';
import { Plus } from 'lucide-react';
import { problemasDosPlanos, type Anuidade } from '../../../shared/anuidades.schemas';
import { Button } from '../../components/button';
import { InputField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useSaveAnuidade } from './anuidades.api';
import { PlanoRow, planoNumbers, toCentavos, toText, type PlanoDraft } from './anuidade-plano';

interface Draft {
  serie: string;
  valorAnual: string;
  prazo: string;
  planos: PlanoDraft[];
  version?: number | undefined;
}

function draftOf(anuidade: Anuidade | null, serie = ''): Draft {
  if (!anuidade)
    return {
      serie,
      valorAnual: '',
      prazo: '',
      planos: [{ nome: 'Padrão (12 parcelas)', parcelas: '12', valor: '', taxa: '', padrao: true }],
    };
  return {
    serie: anuidade.serie,
    valorAnual: toText(anuidade.valor_anual_centavos),
    prazo: anuidade.prazo_matricula,
    planos: anuidade.planos.map((plano) => ({
      id: plano.id,
      nome: plano.nome,
      parcelas: String(plano.parcelas),
      valor: toText(plano.valor_parcela_centavos),
      taxa: toText(plano.taxa_matricula_centavos),
      padrao: plano.padrao,
    })),
    version: anuidade.version,
  };
}

/** The editor of one série's anuidade: the plans with their live total against the annual value. */
export function AnuidadeEditor({
  ano,
  anuidade,
  serie,
  sugeridas,
  onClose,
}: {
  ano: number;
  anuidade: Anuidade | null;
  serie: string;
  sugeridas: string[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(anuidade, serie));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const save = useSaveAnuidade();
  const valorAnual = toCentavos(draft.valorAnual);
  const planos = draft.planos.map((plano) => planoNumbers(plano, valorAnual));
  const problemas = valorAnual > 0 ? problemasDosPlanos(valorAnual, planos) : [];
  const errorAt = (path: string) =>
    problemas.find((problem) => problem.path === path)?.message ?? serverErrors[path];
  const setPlano = (index: number, patch: Partial<PlanoDraft>) =>
    setDraft((current) => ({
      ...current,
      planos: current.planos.map((plano, at) =>
        at === index ? { ...plano, ...patch } : patch.padrao ? { ...plano, padrao: false } : plano,
      ),
    }));
  const handleSave = async () => {
    setServerErrors({});
    try {
      const result = await save.mutateAsync({
        ano_letivo: ano,
        serie: draft.serie,
        valor_anual_centavos: valorAnual,
        prazo_matricula: draft.prazo,
        planos: planos.map((plano, index) => ({
          ...(draft.planos[index]?.id ? { id: draft.planos[index].id } : {}),
          ...plano,
        })),
        ...(draft.version === undefined ? {} : { version: draft.version }),
      });
      toast.success(result.message ?? 'Anuidade salva.');
      onClose();
    } catch (error) {
      if (error instanceof ApiError) {
        setServerErrors(Object.fromEntries(error.details.map((item) => [item.path, item.message])));
        toast.error(error.message);
      } else toast.error('Não foi possível salvar a anuidade.');
    }
  };
  return (
    <Modal
      open
      size="xl"
      onClose={onClose}
      busy={save.isPending}
      title={anuidade ? `Anuidade ${String(ano)} — ${anuidade.serie}` : `Nova anuidade ${String(ano)}`}
      description="O valor anual pode ser dividido em até 12 parcelas iguais; a taxa de matrícula faz parte dele, e nenhum plano pode passar do valor anual (Lei 9.870, art. 1º, §5º)."
      footer={
        <>
          {/* On a phone the plan at fault may be scrolled away: say why 'Salvar' is off. */}
          {problemas.length > 0 && (
            <p className="mr-auto self-center text-sm text-red-600">
              Corrija os planos indicados em vermelho.
            </p>
          )}
          <Button variant="secondary" onClick={onClose} aria-disabled={save.isPending}>
            Cancelar
          </Button>
          <Button onClick={() => void handleSave()} loading={save.isPending} disabled={problemas.length > 0}>
            Salvar anuidade
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label="Série"
            required
            list="anuidade-series"
            value={draft.serie}
            disabled={anuidade !== null}
            error={serverErrors.serie}
            onChange={(event) => setDraft({ ...draft, serie: event.target.value })}
          />
          <datalist id="anuidade-series">
            {sugeridas.map((item) => (
              <option key={item} value={item} />
            ))}
          </datalist>
          <MaskedInput
            mask="money"
            label="Valor anual (R$)"
            required
            value={draft.valorAnual}
            error={serverErrors.valor_anual_centavos}
            onValueChange={(value) => setDraft({ ...draft, valorAnual: value })}
          />
          <InputField
            label="Prazo de matrícula"
            type="date"
            required
            value={draft.prazo}
            error={serverErrors.prazo_matricula}
            hint="A publicação deve sair 45 dias antes."
            onChange={(event) => setDraft({ ...draft, prazo: event.target.value })}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-gray-900">Planos de pagamento</legend>
          {errorAt('planos') && (
            <p role="alert" className="text-sm text-red-600">
              {errorAt('planos')}
            </p>
          )}
          {draft.planos.map((plano, index) => (
            <PlanoRow
              key={plano.id ?? `novo-${String(index)}`}
              plano={plano}
              index={index}
              numbers={planos[index]!}
              valorAnual={valorAnual}
              single={draft.planos.length === 1}
              errorAt={errorAt}
              onChange={(patch) => setPlano(index, patch)}
              onRemove={() =>
                setDraft({ ...draft, planos: draft.planos.filter((_item, at) => at !== index) })
              }
            />
          ))}
          <Button
            variant="secondary"
            disabled={draft.planos.length >= 12}
            onClick={() =>
              setDraft({
                ...draft,
                planos: [...draft.planos, { nome: '', parcelas: '1', valor: '', taxa: '', padrao: false }],
              })
            }
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Adicionar plano alternativo
          </Button>
        </fieldset>
      </div>
    </Modal>
  );
}
