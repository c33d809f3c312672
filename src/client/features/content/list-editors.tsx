import { useId, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button, IconButton } from '../../components/button';
import { Modal } from '../../components/modal';
import { iconNames } from '../../../shared/content.constants';
import { ImagePicker, type SaveValue } from './field-editors';

const box = 'rounded-xl border border-gray-200 bg-white p-4';
const inputClass =
  'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm focus:border-primary focus:ring-2 focus:ring-primary/25 focus:outline-none';

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

/** A list of plain texts (the values under 'Nossos Valores'). */
export function StringListEditor({
  label,
  itemLabel,
  items,
  onSave,
}: {
  label: string;
  itemLabel: string;
  items: string[];
  onSave: SaveValue<string[]>;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = (next: string[]) => onSave(next).catch(() => undefined);
  async function add() {
    if (draft.trim() === '') {
      setError(`Informe o ${itemLabel.toLowerCase()}.`);
      return;
    }
    setError(null);
    await onSave([...items, draft.trim()])
      .then(() => setDraft(''))
      .catch(() => undefined);
  }
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
      <div className="mt-3 flex gap-2">
        <label htmlFor={id} className="sr-only">
          Novo {itemLabel.toLowerCase()}
        </label>
        <input
          id={id}
          value={draft}
          placeholder={`Novo ${itemLabel.toLowerCase()}`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add();
          }}
          className={inputClass}
        />
        <Button onClick={() => void add()}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Adicionar
        </Button>
      </div>
      {error && (
        <p className="mt-1 text-sm text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export interface ItemField {
  key: string;
  label: string;
  kind: 'text' | 'textarea' | 'image' | 'icon';
  /** Message when left empty; without it the field is optional. */
  required?: string;
}

type Item = Record<string, unknown>;

function ItemForm({
  title,
  fields,
  initial,
  onClose,
  onSubmit,
  extra,
}: {
  title: string;
  fields: ItemField[];
  initial: Item;
  onClose: () => void;
  onSubmit: (item: Item) => Promise<unknown>;
  extra?: ((item: Item) => ReactNode) | undefined;
}) {
  const [item, setItem] = useState<Item>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const formId = useId();

  async function submit() {
    const found: Record<string, string> = {};
    for (const field of fields) {
      const value = item[field.key];
      if (field.required && (typeof value !== 'string' || value.trim() === ''))
        found[field.key] = field.required;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(item);
      onClose();
    } catch {
      // The toast told what was wrong; the form stays open.
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      busy={saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Salvar
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {fields.map((field) => {
          const id = `${formId}-${field.key}`;
          const value = typeof item[field.key] === 'string' ? (item[field.key] as string) : '';
          const error = errors[field.key];
          const set = (next: string) => setItem((current) => ({ ...current, [field.key]: next }));
          return (
            <div key={field.key} className="space-y-1">
              <label htmlFor={id} className="block text-sm font-medium text-gray-700">
                {field.label}
                {field.required && <span className="text-red-600"> *</span>}
              </label>
              {field.kind === 'textarea' ? (
                <textarea
                  id={id}
                  rows={4}
                  value={value}
                  onChange={(event) => set(event.target.value)}
                  className={inputClass}
                  aria-invalid={error ? true : undefined}
                />
              ) : field.kind === 'icon' ? (
                <select
                  id={id}
                  value={value}
                  onChange={(event) => set(event.target.value)}
                  className={inputClass}
                >
                  {iconNames.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              ) : field.kind === 'image' ? (
                <div className="flex flex-wrap items-center gap-3">
                  {value && <img src={value} alt="Prévia" className="h-16 w-24 rounded-lg object-cover" />}
                  <input
                    id={id}
                    value={value}
                    placeholder="/media/... ou https://..."
                    onChange={(event) => set(event.target.value)}
                    className={`${inputClass} max-w-xs`}
                    aria-invalid={error ? true : undefined}
                  />
                  <ImagePicker label="Enviar imagem" onUploaded={(url) => set(url)} />
                </div>
              ) : (
                <input
                  id={id}
                  value={value}
                  onChange={(event) => set(event.target.value)}
                  className={inputClass}
                  aria-invalid={error ? true : undefined}
                />
              )}
              {error && (
                <p className="text-sm text-red-600" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        {extra?.(item)}
      </form>
    </Modal>
  );
}

/** Lists of records (photos, services, testimonials, links): add, edit, remove and reorder, saved at once. */
export function ItemListEditor({
  label,
  itemLabel,
  items,
  fields,
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
          initial={editing.item}
          extra={formExtra}
          onClose={() => setEditing(null)}
          onSubmit={(item) =>
            onSave(
              editing.index === null
                ? [...items, item]
                : items.map((current, position) => (position === editing.index ? item : current)),
            )
          }
        />
      )}
    </div>
  );
}
