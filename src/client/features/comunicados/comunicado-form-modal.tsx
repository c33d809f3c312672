import { Paperclip, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  COMUNICADO_LIMITS,
  comunicadoFieldsSchema,
  publicoTipoLabels,
  type Anexo,
  type Comunicado,
  type PublicoTipo,
} from '../../../shared/comunicados.schemas';
import { formatCount } from '../../../shared/format';
import { IconButton } from '../../components/button';
import { FormCheckbox, FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { ApiError } from '../../lib/api-client';
import { useSchemaForm } from '../../lib/use-schema-form';
import { uploadAnexo, useAlunoBusca, usePublicoOpcoes, useSaveComunicado } from './comunicados.api';

/** `datetime-local` text (the school's clock on this device) ↔ the API's ISO instant. */
const localDateTime = z
  .string()
  .trim()
  .transform((value, context) => {
    if (value === '') return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) {
      context.addIssue({ code: 'custom', message: 'Data e hora inválidas' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const formSchema = comunicadoFieldsSchema
  .extend({ publicar_em: localDateTime, expira_em: localDateTime })
  .superRefine((input, context) => {
    if (input.expira_em && input.expira_em <= (input.publicar_em ?? new Date().toISOString()))
      context.addIssue({
        code: 'custom',
        path: ['expira_em'],
        message: 'A expiração deve ser depois da publicação',
      });
  });

function toLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether a family confirmed some version: the server keeps every text from then on. */
function confirmedBefore(comunicado: Comunicado): boolean {
  return comunicado.versao_texto > 1 || (comunicado.contagem?.cientes ?? 0) > 0;
}

/** A list of checkboxes filling an array of ids (classes, séries). */
function ChoiceList({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
}) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const selected = new Set((field.value as string[] | undefined) ?? []);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-gray-700">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-gray-600">Nenhuma opção disponível.</p>
      ) : (
        <div className="grid max-h-48 grid-cols-1 gap-2 overflow-y-auto sm:grid-cols-2">
          {options.map((option) => (
            <label key={option.value} className="flex items-center gap-2 text-sm text-gray-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-gray-300"
                checked={selected.has(option.value)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.target.checked) next.add(option.value);
                  else next.delete(option.value);
                  field.onChange([...next]);
                }}
              />
              {option.label}
            </label>
          ))}
        </div>
      )}
      {fieldState.error?.message && <p className="mt-1 text-sm text-red-700">{fieldState.error.message}</p>}
    </fieldset>
  );
}

function StudentPicker({ initial }: { initial: { id: string; nome: string }[] }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'publico.alunos', control });
  const [q, setQ] = useState('');
  const [names, setNames] = useState(() => new Map(initial.map((item) => [item.id, item.nome])));
  const found = useAlunoBusca(q);
  const ids = (field.value as string[] | undefined) ?? [];
  return (
    <div>
      <label className="block text-sm font-medium text-gray-700" htmlFor="busca-aluno">
        Alunos (as famílias recebem)
      </label>
      <input
        id="busca-aluno"
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        placeholder="Digite ao menos 2 letras do nome"
        value={q}
        onChange={(event) => setQ(event.target.value)}
      />
      {found.data && q.trim().length >= 2 && (
        <ul className="mt-1 max-h-40 overflow-y-auto rounded-lg border border-gray-200">
          {found.data.length === 0 && (
            <li className="px-3 py-2 text-sm text-gray-600">Nenhum aluno encontrado.</li>
          )}
          {found.data.map((aluno) => (
            <li key={aluno.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-gray-50 disabled:text-gray-400"
                disabled={ids.includes(aluno.id)}
                onClick={() => {
                  setNames(new Map(names).set(aluno.id, aluno.nome));
                  field.onChange([...ids, aluno.id]);
                }}
              >
                {aluno.nome} {aluno.turma && <span className="text-gray-500">· {aluno.turma}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {ids.map((id) => (
          <span
            key={id}
            className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-1 pr-1 pl-3 text-sm"
          >
            {names.get(id) ?? 'Aluno'}
            <IconButton
              label={`Remover ${names.get(id) ?? 'aluno'}`}
              onClick={() => field.onChange(ids.filter((item) => item !== id))}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </IconButton>
          </span>
        ))}
      </div>
      {fieldState.error?.message && <p className="mt-1 text-sm text-red-700">{fieldState.error.message}</p>}
    </div>
  );
}

function AudienceFields({
  tipos,
  alunosIniciais,
}: {
  tipos: PublicoTipo[];
  alunosIniciais: { id: string; nome: string }[];
}) {
  const opcoes = usePublicoOpcoes(true);
  const tipo = useWatch({ name: 'publico.tipo' }) as PublicoTipo;
  const options = Object.fromEntries(tipos.map((item) => [item, publicoTipoLabels[item]]));
  return (
    <div className="space-y-3 rounded-lg border border-gray-200 p-3">
      <FormSelect name="publico.tipo" label="Para quem" options={options} />
      {tipo === 'segmentos' && opcoes.data && (
        <>
          <ChoiceList
            name="publico.segmentos"
            legend="Segmentos"
            options={opcoes.data.segmentos.map((value) => ({ value, label: value }))}
          />
          <ChoiceList
            name="publico.series"
            legend="Séries"
            options={opcoes.data.series.map((value) => ({ value, label: value }))}
          />
        </>
      )}
      {tipo === 'turmas' && opcoes.data && (
        <ChoiceList
          name="publico.turmas"
          legend="Turmas"
          options={opcoes.data.turmas.map((turma) => ({
            value: turma.id,
            label: `${turma.nome} (${formatCount(turma.alunos, 'aluno', 'alunos')})`,
          }))}
        />
      )}
      {tipo === 'alunos' && <StudentPicker initial={alunosIniciais} />}
      {opcoes.isPending && tipo !== 'escola' && tipo !== 'equipe' && (
        <p className="text-sm text-gray-600">Carregando opções…</p>
      )}
    </div>
  );
}

function AttachmentsField({ anexos, setAnexos }: { anexos: Anexo[]; setAnexos: (next: Anexo[]) => void }) {
  const [sending, setSending] = useState(false);
  const { setValue } = useFormContext();
  const update = (next: Anexo[]) => {
    setAnexos(next);
    setValue(
      'anexos',
      next.map((item) => item.id),
    );
  };
  return (
    <div>
      <p className="text-sm font-medium text-gray-700">Anexos (PDF ou imagem, até 10 MB cada, no máximo 5)</p>
      <ul className="mt-2 space-y-1">
        {anexos.map((anexo) => (
          <li key={anexo.id} className="flex items-center gap-2 text-sm">
            <Paperclip className="h-4 w-4 text-gray-500" aria-hidden="true" />
            <span className="flex-1 truncate">{anexo.nome}</span>
            <IconButton
              label={`Remover ${anexo.nome}`}
              onClick={() => update(anexos.filter((item) => item.id !== anexo.id))}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      {anexos.length < COMUNICADO_LIMITS.anexosMax && (
        <label className="mt-2 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50">
          <Paperclip className="h-4 w-4" aria-hidden="true" />
          {sending ? 'Enviando…' : 'Anexar arquivo'}
          <input
            type="file"
            className="sr-only"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            disabled={sending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (file.size > COMUNICADO_LIMITS.anexoMaxBytes) {
                toast.error('Cada anexo deve ter no máximo 10 MB.');
                return;
              }
              setSending(true);
              uploadAnexo(file)
                .then((saved) => update([...anexos, saved]))
                .catch((error: unknown) =>
                  toast.error(error instanceof ApiError ? error.message : 'Não foi possível enviar o anexo.'),
                )
                .finally(() => setSending(false));
            }}
          />
        </label>
      )}
    </div>
  );
}

/** 'Novo comunicado' and 'Editar comunicado'. */
export function ComunicadoFormModal({
  comunicado,
  tipos,
  onClose,
}: {
  comunicado: Comunicado | null;
  tipos: PublicoTipo[];
  onClose: () => void;
}) {
  const save = useSaveComunicado();
  const [anexos, setAnexos] = useState<Anexo[]>(comunicado?.anexos ?? []);
  const published = Boolean(comunicado?.publicado_em);
  const form = useSchemaForm(formSchema, {
    titulo: comunicado?.titulo ?? '',
    corpo: comunicado?.corpo ?? '',
    publico: comunicado?.publico ?? {
      tipo: tipos[0] ?? 'turmas',
      segmentos: [],
      series: [],
      turmas: [],
      alunos: [],
    },
    exige_ciente: comunicado?.exige_ciente ?? false,
    publicar_em: published ? '' : toLocal(comunicado?.publicar_em ?? null),
    expira_em: toLocal(comunicado?.expira_em ?? null),
    anexos: (comunicado?.anexos ?? []).map((item) => item.id),
  });
  return (
    <FormModal
      title={comunicado ? 'Editar comunicado' : 'Novo comunicado'}
      formId="comunicado-form"
      submitLabel={comunicado ? 'Salvar' : 'Publicar'}
      form={form}
      onClose={onClose}
      onSubmit={form.submit(
        async (values) => {
          const result = await save.mutateAsync({
            id: comunicado?.id ?? null,
            input: { ...values, ...(comunicado ? { version: comunicado.version } : {}) },
          });
          toast.success(result.message ?? 'Comunicado salvo');
          onClose();
        },
        (message) => toast.error(message),
      )}
    >
      {comunicado && confirmedBefore(comunicado) && (
        <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Famílias já deram ciente neste comunicado. Mudar o título, a mensagem, os anexos ou a exigência de
          ciente cria a <strong>versão {comunicado.versao_texto + 1}</strong>: o texto atual fica guardado,
          quem confirmou é avisado e precisa confirmar de novo. Mudar só a expiração não cria versão.
        </p>
      )}
      <FormInput name="titulo" label="Título" required maxLength={COMUNICADO_LIMITS.tituloMax} />
      <FormTextArea
        name="corpo"
        label="Mensagem"
        rows={7}
        hint="Formatação: **negrito**, linhas começando com “- ” viram lista, [texto](https://endereço) vira link."
      />
      {published ? (
        <p className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700">
          Publicado para: <strong>{comunicado?.publico_descricao}</strong>. O público de um comunicado
          publicado não muda.
        </p>
      ) : (
        <AudienceFields tipos={tipos} alunosIniciais={comunicado?.alunos_escolhidos ?? []} />
      )}
      <FormCheckbox name="exige_ciente" label="Exige ciente (a família confirma a leitura)" />
      <div className="grid gap-4 sm:grid-cols-2">
        {!published && (
          <FormInput name="publicar_em" label="Publicar em (vazio: agora)" type="datetime-local" />
        )}
        <FormInput name="expira_em" label="Expira em (opcional)" type="datetime-local" />
      </div>
      <AttachmentsField anexos={anexos} setAnexos={setAnexos} />
    </FormModal>
  );
}
