import { useMemo } from 'react';
import { z } from 'zod';
import { Plus } from 'lucide-react';
import { Button } from '../../components/button';
import { Form, FormInput } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { SaveValue } from './field-editors';
import { move, ReorderButtons } from './list-editor-parts';
import { box } from './list-editor-parts';
export { type ItemField, ItemListEditor } from './item-list-editor';

/** A list of plain texts (the values under 'Nossos Valores'), each checked by the shared `schema`. */
export function StringListEditor({
  label,
  itemLabel,
  feminine = false,
  items,
  schema,
  onSave,
}: {
  label: string;
  itemLabel: string;
  /** The item's noun is feminine ('Nova série', 'Informe a série'). */
  feminine?: boolean;
  items: string[];
  /** One item as the server parses it (the section's own list element). */
  schema: z.ZodType<string, string>;
  onSave: SaveValue<string[]>;
}) {
  const noun = itemLabel.toLowerCase();
  const [novo, article] = feminine ? ['Nova', 'a'] : ['Novo', 'o'];
  const draftSchema = useMemo(
    () =>
      z.object({
        item: z
          .string()
          .refine((value) => value.trim() !== '', `Informe ${article} ${noun}.`)
          .pipe(schema),
      }),
    [article, noun, schema],
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
          <FormInput name="item" label={`${novo} ${noun}`} labelHidden placeholder={`${novo} ${noun}`} />
        </div>
        <Button type="submit" loading={form.formState.isSubmitting}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Adicionar
        </Button>
      </Form>
    </div>
  );
}
