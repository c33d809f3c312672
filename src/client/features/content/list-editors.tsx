import { useId, useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button, IconButton } from '../../components/button';
import { Form, FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { iconNames } from '../../../shared/content.constants';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormImageField } from '../../domain/media-library';
import type { SaveValue } from './field-editors';

const box = 'rounded-xl border border-gray-200 bg-white p-4';
const iconOptions = Object.fromEntries(iconNames.map((name) => [name, name]));
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

function ReorderButtons({
  index,
  count,
  label,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  label: string;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  return (
    <span className="flex shrink-0 gap-1">
      <IconButton label={`Mover ${label} para cima`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton
        label={`Mover ${label} para baixo`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="h-4 w-4" aria-hidden="true" />
      </IconButton>
      <IconButton label={`Remover ${label}`} onClick={onRemove}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
      </IconButton>
    </span>
  );
}

/** A list of plain texts (the values under 'Nossos Valores'), each checked by the shared `schema`. */
export function StringListEditor({
  label,
  itemLabel,
  items,
  schema,
  onSave,
}: {
  label: string;
  itemLabel: string;
  items: string[];
  /** One item as the server parses it (the section's own list element). */
  schema: z.ZodType<string, string>;
  onSave: SaveValue<string[]>;
}) {
  const noun = itemLabel.toLowerCase();
  const draftSchema = useMemo(
    () =>
      z.object({
        item: z
          .string()
          .refine((value) => value.trim() !== '', `Informe o ${noun}.`)
          .pipe(schema),
      }),
    [noun, schema],
  );
  const form = useSchemaForm(draftSchema, { item: '' });
  const save = (next: string[]) => onSave(next).catch(() => undefined);
  const add = form.handleSubmit(async ({ item }) => {
    try {
      await onSave([...items, item]);
      form.reset({ item: '' });
    } catch {
      // The toast told what was wrong; the text stays to be fixed.
    }
  });
  return (
    <div className={box}>
      <p className="text-sm font-medium text-gray-700">{label}</p>
      <ul className="mt-2 space-y-2">
        {items.map((item, index) => (
          <li
            key={`${item}-${index}`}
            className="flex items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2"
          >
            <span className="min-w-0 break-words">{item}</span>
            <ReorderButtons
              index={index}
              count={items.length}
              label={`${itemLabel} ${item}`}
              onMove={(to) => void save(move(items, index, to))}
              onRemove={() => void save(items.filter((_, position) => position !== index))}
            />
          </li>
        ))}
      </ul>
      <Form form={form} onSubmit={add} className="mt-3 flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <FormInput name="item" label={`Novo ${noun}`} labelHidden placeholder={`Novo ${noun}`} />
        </div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Adicionar
        </Button>
      </Form>
    </div>
  );
}

export interface ItemField {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'image' | 'icon';
  /** Marks the field required; the message is the item schema's. */
  required?: boolean;
}

type Item = Record<string, unknown>;
/** One item of a list as the server parses it (the shared `…Schema` of the section's list element). */
export type ItemSchema = z.ZodObject;

function ItemFieldInput({ field }: { field: ItemField }) {
  const { key: name, label, required } = field;
  switch (field.kind) {
    case 'textarea':
      return <FormTextArea name={name} label={label} required={required} rows={4} />;
    case 'icon':
      return <FormSelect name={name} label={label} options={iconOptions} />;
    case 'image':
      return <FormImageField name={name} label={label} required={required} />;
    case 'text':
      return <FormInput name={name} label={label} required={required} />;
  }
}

function ItemForm({
  title,
  fields,
  schema,
  initial,
  onClose,
  onSubmit,
  extra,
}: {
  title: string;
  fields: ItemField[];
  schema: ItemSchema;
  initial: Item;
  onClose: () => void;
  onSubmit: (item: Item) => Promise<unknown>;
  extra?: ((item: Item) => ReactNode) | undefined;
}) {
  const formId = useId();
  const keys = fields.map((field) => field.key);
  // The form checks the fields it shows; the item's other keys (a photo's id) pass through unchanged.
  const form = useSchemaForm(
    schema.pick(Object.fromEntries(keys.map((key) => [key, true])) as Record<string, true>),
    Object.fromEntries(keys.map((key) => [key, textOf(initial[key])])),
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit({ ...initial, ...values });
      onClose();
    } catch (error) {
      // The toast told what was wrong and the form stays open; a field's error also goes under it.
      applyServerErrors(error, form.setError, keys);
    }
  });
  return (
    <FormModal
      title={title}
      formId={formId}
      submitLabel="Salvar"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      size="md"
    >
      {fields.map((field) => (
        <ItemFieldInput key={field.key} field={field} />
      ))}
      {extra?.({ ...initial, ...form.watch() })}
    </FormModal>
  );
}

/** The server's field errors of item `index` (`fotos.3.titulo`), named as the item form names them. */
function errorsOfItem(error: unknown, index: number): unknown {
  if (!(error instanceof ApiError)) return error;
  const marker = `.${String(index)}.`;
  const details = error.details.flatMap((detail) => {
    const at = detail.path.indexOf(marker);
    return at === -1 ? [] : [{ ...detail, path: detail.path.slice(at + marker.length) }];
  });
  return new ApiError(error.status, error.code, error.message, details, error.headers);
}

/** Lists of records (photos, services, testimonials, links): add, edit, remove and reorder, saved at once. */
export function ItemListEditor({
  label,
  itemLabel,
  items,
  fields,
  schema,
  newItem,
  summary,
  max,
  maxMessage,
  onSave,
  rowExtra,
  formExtra,
}: {
  label: string;
  itemLabel: string;
  items: Item[];
  fields: ItemField[];
  schema: ItemSchema;
  newItem: () => Item;
  summary: (item: Item) => string;
  max?: number;
  maxMessage?: string;
  onSave: SaveValue<Item[]>;
  /** Something more on each row (the gallery's 'Alunos na foto'). */
  rowExtra?: (item: Item) => ReactNode;
  /** Something more under the item form's fields, given the item as edited so far. */
  formExtra?: (item: Item) => ReactNode;
}) {
  const [editing, setEditing] = useState<{ index: number | null; item: Item } | null>(null);
  const save = (next: Item[]) => onSave(next).catch(() => undefined);
  const imageField = fields.find((field) => field.kind === 'image');

  function startAdd() {
    if (max !== undefined && items.length >= max) {
      toast.error(maxMessage ?? `Máximo de ${max} itens.`);
      return;
    }
    setEditing({ index: null, item: newItem() });
  }

  return (
    <div className={box}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-gray-700">
          {label} <span className="text-gray-500">({items.length})</span>
        </p>
        <Button onClick={startAdd}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Adicionar {itemLabel.toLowerCase()}
        </Button>
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">
          Nenhum item. A seção não aparece no site enquanto estiver vazia.
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {items.map((item, index) => {
            const name = summary(item);
            const image = imageField ? item[imageField.key] : undefined;
            return (
              <li
                key={`${name}-${index}`}
                className="flex items-center gap-3 rounded-lg bg-gray-50 px-3 py-2"
              >
                {typeof image === 'string' && image !== '' && (
                  <img src={image} alt="" className="h-10 w-14 shrink-0 rounded object-cover" />
                )}
                <span className="min-w-0 flex-1 truncate">{name}</span>
                {rowExtra?.(item)}
                <IconButton
                  label={`Editar ${itemLabel.toLowerCase()} ${name}`}
                  onClick={() => setEditing({ index, item })}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </IconButton>
                <ReorderButtons
                  index={index}
                  count={items.length}
                  label={`${itemLabel.toLowerCase()} ${name}`}
                  onMove={(to) => void save(move(items, index, to))}
                  onRemove={() => void save(items.filter((_, position) => position !== index))}
                />
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <ItemForm
          title={
            editing.index === null
              ? `Adicionar ${itemLabel.toLowerCase()}`
              : `Editar ${itemLabel.toLowerCase()}`
          }
          fields={fields}
          schema={schema}
          initial={editing.item}
          extra={formExtra}
          onClose={() => setEditing(null)}
          onSubmit={(item) =>
            onSave(
              editing.index === null
                ? [...items, item]
                : items.map((current, position) => (position === editing.index ? item : current)),
            ).catch((error: unknown) => {
              throw errorsOfItem(error, editing.index ?? items.length);
            })
          }
        />
      )}
    </div>
  );
}
