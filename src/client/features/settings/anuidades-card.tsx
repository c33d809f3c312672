import { useState } from 'react';
import toast from 'react-hot-toast';
import { AlertTriangle, CheckCircle2, ExternalLink, Info, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  MAX_PARCELAS,
  MENSAGEM_INADIMPLENCIA_PADRAO,
  parcelaPadrao,
  problemasDosPlanos,
  totalDoPlano,
  type Anuidade,
  type AvisoAnuidade,
  type MatriculasConfig,
} from '../../../shared/anuidades.schemas';
import { formatCentavos, formatDate, formatDateTime, todayIso } from '../../../shared/format';
import { centavosToDecimal, parseReais } from '../../../shared/money';
import { Button, IconButton } from '../../components/button';
import { ConfirmAction, ConfirmDialog } from '../../components/confirm-dialog';
import { Badge, ErrorBanner, Spinner } from '../../components/feedback';
import { InputField, SelectField, TextAreaField } from '../../components/field';
import { MaskedInput } from '../../components/masked-input';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { applyMask } from '../../lib/masks';
import {
  useAnuidades,
  useAvisosAnuidades,
  useDeleteAnuidade,
  useMatriculasConfig,
  usePublicar,
  useSaveAnuidade,
  useSaveMatriculasConfig,
} from './anuidades.api';
import { Toggle } from './toggle';

const toText = (centavos: number) => applyMask('money', centavosToDecimal(centavos).replace('.', ','));
const toCentavos = (text: string) => parseReais(text) ?? 0;

/** The warnings of the law's 45 days (Lei 9.870, art. 2º). */
export function AvisosList({ avisos }: { avisos: AvisoAnuidade[] }) {
  if (avisos.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Avisos da Lei 9.870">
      {avisos.map((aviso) => (
        <li
          key={`${aviso.tipo}-${String(aviso.ano_letivo)}`}
          className={`flex gap-2 rounded-lg border px-3 py-2 text-sm ${aviso.nivel === 'alerta' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-blue-200 bg-blue-50 text-blue-900'}`}
        >
          {aviso.nivel === 'alerta' ? (
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          ) : (
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          <span>{aviso.mensagem}</span>
        </li>
      ))}
    </ul>
  );
}

interface PlanoDraft {
  id?: string | undefined;
  nome: string;
  parcelas: string;
  valor: string;
  taxa: string;
  padrao: boolean;
}

interface Draft {
  serie: string;
  valorAnual: string;
  prazo: string;
  planos: PlanoDraft[];
  version?: number | undefined;
}

const planoNumbers = (plano: PlanoDraft, valorAnual: number) => {
  const parcelas = Number(plano.parcelas);
  const taxa = toCentavos(plano.taxa);
  const valor =
    plano.padrao && Number.isInteger(parcelas) && parcelas >= 1
      ? parcelaPadrao(valorAnual, taxa, parcelas)
      : toCentavos(plano.valor);
  return {
    nome: plano.nome,
    parcelas,
    valor_parcela_centavos: valor,
    taxa_matricula_centavos: taxa,
    padrao: plano.padrao,
  };
};

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
function AnuidadeEditor({
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
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
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
          {draft.planos.map((plano, index) => {
            const numbers = planos[index]!;
            const total = Number.isInteger(numbers.parcelas) ? totalDoPlano(numbers) : 0;
            const acima = valorAnual > 0 && total > valorAnual;
            const at = (field: string) => errorAt(`planos.${String(index)}.${field}`);
            return (
              <div
                key={plano.id ?? `novo-${String(index)}`}
                className="rounded-lg border border-gray-200 p-3"
              >
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1.4fr_1.4fr_auto] sm:items-start">
                  <InputField
                    label="Nome do plano"
                    value={plano.nome}
                    error={at('nome')}
                    onChange={(event) => setPlano(index, { nome: event.target.value })}
                  />
                  <InputField
                    label="Parcelas"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_PARCELAS}
                    value={plano.parcelas}
                    error={at('parcelas')}
                    onChange={(event) => setPlano(index, { parcelas: event.target.value })}
                  />
                  {plano.padrao ? (
                    <InputField
                      label="Valor da parcela (R$)"
                      value={valorAnual > 0 ? toText(numbers.valor_parcela_centavos) : ''}
                      readOnly
                      hint="Calculado: parcelas iguais."
                      error={at('valor_parcela_centavos')}
                    />
                  ) : (
                    <MaskedInput
                      mask="money"
                      label="Valor da parcela (R$)"
                      value={plano.valor}
                      error={at('valor_parcela_centavos')}
                      onValueChange={(value) => setPlano(index, { valor: value })}
                    />
                  )}
                  <MaskedInput
                    mask="money"
                    label="Taxa de matrícula (R$)"
                    value={plano.taxa}
                    error={at('taxa_matricula_centavos')}
                    hint="Conta no valor anual."
                    onValueChange={(value) => setPlano(index, { taxa: value })}
                  />
                  <div className="flex items-end gap-1 sm:pt-6">
                    <IconButton
                      label={`Remover o plano ${plano.nome || String(index + 1)}`}
                      disabled={draft.planos.length === 1}
                      onClick={() =>
                        setDraft({ ...draft, planos: draft.planos.filter((_item, at2) => at2 !== index) })
                      }
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                    </IconButton>
                  </div>
                </div>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                  <label className="inline-flex items-center gap-2">
                    <input
                      type="radio"
                      name="plano-padrao"
                      checked={plano.padrao}
                      onChange={() => setPlano(index, { padrao: true })}
                    />
                    Plano padrão (parcelas iguais)
                  </label>
                  <p aria-live="polite" className={acima ? 'font-semibold text-red-700' : 'text-gray-700'}>
                    Total {formatCentavos(total)}
                    {valorAnual > 0 && <> de {formatCentavos(valorAnual)} da anuidade</>}
                    {acima && ' — acima do valor anual'}
                  </p>
                </div>
              </div>
            );
          })}
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

function ConfigSection({ config }: { config: MatriculasConfig }) {
  const [recusar, setRecusar] = useState(config.recusar_inadimplentes);
  const [mensagem, setMensagem] = useState(config.mensagem_inadimplencia);
  const [aplica, setAplica] = useState(config.rematricula_aplica);
  const save = useSaveMatriculasConfig();
  const handleSave = async () => {
    try {
      const result = await save.mutateAsync({
        recusar_inadimplentes: recusar,
        mensagem_inadimplencia: mensagem,
        rematricula_aplica: aplica,
        version: config.version,
      });
      toast.success(result.message ?? 'Configurações salvas.');
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível salvar.');
    }
  };
  return (
    <section aria-labelledby="rematricula-config" className="space-y-3">
      <h3 id="rematricula-config" className="font-semibold text-gray-900">
        Rematrícula online
      </h3>
      <Toggle
        label="Recusar a rematrícula de famílias inadimplentes (Lei 9.870, art. 5º)"
        hint="A família recebe o link, vê a mensagem abaixo e não consegue concluir até regularizar. Documentos nunca são retidos por débito (art. 6º)."
        checked={recusar}
        onChange={setRecusar}
      />
      <TextAreaField
        label="Mensagem para a família inadimplente"
        rows={4}
        value={mensagem}
        maxLength={1000}
        onChange={(event) => setMensagem(event.target.value)}
        hint={
          <button
            type="button"
            className="underline"
            onClick={() => setMensagem(MENSAGEM_INADIMPLENCIA_PADRAO)}
          >
            Restaurar o texto padrão
          </button>
        }
      />
      <SelectField
        label="Na rematrícula de fim de ano, aplicar"
        value={aplica}
        onChange={(event) => setAplica(event.target.value as MatriculasConfig['rematricula_aplica'])}
        hint="Com “apenas quem assinou”, os alunos cuja família não assinou o contrato na rematrícula online ficam como “Não rematriculado” na proposta (a secretaria ainda pode mudar um a um)."
      >
        <option value="todos">Todos os alunos (como antes)</option>
        <option value="assinados">Apenas quem assinou o contrato online</option>
      </SelectField>
      <div className="flex justify-end">
        <Button onClick={() => void handleSave()} loading={save.isPending}>
          Salvar rematrícula online
        </Button>
      </div>
    </section>
  );
}

/** Configurações → Matrículas: 'Anuidades e planos (Lei 9.870)' — values, plans, deadline, publication. */
export function AnuidadesCard() {
  const current = Number(todayIso().slice(0, 4));
  const [ano, setAno] = useState(current + 1);
  const anuidades = useAnuidades(ano);
  const avisos = useAvisosAnuidades();
  const config = useMatriculasConfig();
  const publicar = usePublicar();
  const excluir = useDeleteAnuidade();
  const [editing, setEditing] = useState<{ anuidade: Anuidade | null; serie: string } | null>(null);
  const [deleting, setDeleting] = useState<Anuidade | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);

  const handlePublish = async () => {
    try {
      const result = await publicar.mutateAsync(ano);
      toast.success(result.message ?? 'Publicado.');
      setConfirmPublish(false);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : 'Não foi possível publicar.');
    }
  };

  const data = anuidades.data;
  const faltando = data
    ? data.series_sugeridas.filter((serie) => !data.anuidades.some((item) => item.serie === serie))
    : [];
  return (
    <div className="space-y-8">
      <section aria-labelledby="anuidades-titulo" className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="anuidades-titulo" className="text-lg font-semibold text-gray-900">
              Anuidades e planos (Lei 9.870)
            </h2>
            <p className="text-sm text-gray-600">
              Valor anual, prazo de matrícula e planos de pagamento de cada série; publicados na página{' '}
              <a
                href="/matriculas"
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary-strong underline"
              >
                /matriculas <ExternalLink className="inline h-3 w-3" aria-hidden="true" />
              </a>{' '}
              ao menos 45 dias antes do prazo.
            </p>
          </div>
          <SelectField
            label="Ano letivo"
            value={String(ano)}
            onChange={(event) => setAno(Number(event.target.value))}
          >
            {[current, current + 1, current + 2].map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </SelectField>
        </div>
        {avisos.data && <AvisosList avisos={avisos.data} />}
        {anuidades.isPending ? (
          <Spinner label="Carregando anuidades..." />
        ) : anuidades.isError || !data ? (
          <ErrorBanner>Erro ao carregar as anuidades.</ErrorBanner>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm">
              {data.publicacao ? (
                <p className="flex items-center gap-2">
                  <CheckCircle2 className="h-4 w-4 text-green-700" aria-hidden="true" />
                  Publicado em {formatDateTime(data.publicacao.publicado_em)}
                  {data.publicacao.alterado_depois && (
                    <Badge tone="yellow">alterado depois: publique de novo</Badge>
                  )}
                  {!data.publicacao.com_contrato && <Badge tone="yellow">sem contrato</Badge>}
                </p>
              ) : (
                <p>Os valores de {ano} ainda não foram publicados.</p>
              )}
              <Button onClick={() => setConfirmPublish(true)} disabled={data.anuidades.length === 0}>
                Publicar {ano}
              </Button>
            </div>
            {data.anuidades.length === 0 ? (
              <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
                Nenhuma anuidade de {ano} cadastrada. Comece por uma série abaixo.
              </p>
            ) : (
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
                {data.anuidades.map((item) => (
                  <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                    <div>
                      <p className="font-medium text-gray-900">{item.serie}</p>
                      <p className="text-sm text-gray-600">
                        {formatCentavos(item.valor_anual_centavos)} por ano · prazo{' '}
                        {formatDate(item.prazo_matricula)} ·{' '}
                        {item.planos
                          .map(
                            (plano) =>
                              `${plano.nome} (${String(plano.parcelas)}× ${formatCentavos(plano.valor_parcela_centavos)})`,
                          )
                          .join('; ')}
                      </p>
                    </div>
                    <div className="flex gap-1">
                      <IconButton
                        label={`Editar ${item.serie}`}
                        onClick={() => setEditing({ anuidade: item, serie: item.serie })}
                      >
                        <Pencil className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                      <IconButton label={`Excluir ${item.serie}`} onClick={() => setDeleting(item)}>
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </IconButton>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            <div className="flex flex-wrap gap-2">
              {faltando.map((serie) => (
                <Button key={serie} variant="secondary" onClick={() => setEditing({ anuidade: null, serie })}>
                  <Plus className="h-4 w-4" aria-hidden="true" /> {serie}
                </Button>
              ))}
              <Button variant="secondary" onClick={() => setEditing({ anuidade: null, serie: '' })}>
                <Plus className="h-4 w-4" aria-hidden="true" /> Outra série
              </Button>
            </div>
            {editing && (
              <AnuidadeEditor
                ano={ano}
                anuidade={editing.anuidade}
                serie={editing.serie}
                sugeridas={data.series_sugeridas}
                onClose={() => setEditing(null)}
              />
            )}
          </>
        )}
      </section>
      {config.data ? (
        <ConfigSection key={config.data.version} config={config.data} />
      ) : config.isError ? (
        <ErrorBanner>Erro ao carregar as configurações da rematrícula online.</ErrorBanner>
      ) : null}
      <ConfirmDialog
        open={confirmPublish}
        danger={false}
        busy={publicar.isPending}
        title={`Publicar os valores de ${String(ano)}?`}
        message="Os valores anuais, os planos, o contrato vigente e as vagas por turma ficam públicos na página /matriculas a partir de agora. Alterações depois disso só aparecem quando você publicar de novo."
        confirmLabel="Publicar"
        onCancel={() => setConfirmPublish(false)}
        onConfirm={() => void handlePublish()}
      />
      {deleting && (
        <ConfirmAction
          title={`Excluir a anuidade de ${deleting.serie}?`}
          message="O valor anual e os planos desta série deixam de existir. Famílias que já escolheram um plano dela precisarão escolher outro."
          confirmLabel="Excluir"
          action={() => excluir.mutateAsync(deleting.id)}
          success="Anuidade excluída."
          failure="Não foi possível excluir."
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
