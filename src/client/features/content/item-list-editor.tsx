/** Editing a list of items with fields (photos, testimonials, features, links): add, edit, reorder, remove. */
import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { Pencil, Plus } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button, IconButton } from '../../components/button';
import { FormInput, FormSelect, FormTextArea } from '../../components/form-fields';
import { FormModal } from '../../components/form-modal';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FormImageField } from '../../domain/media-library';
import type { SaveValue } from './field-editors';
import { box, iconOptions, move, ReorderButtons, textOf } from './list-editor-parts';

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
