import {
  importColumnsOf,
  mappingSchemaOf,
  type ImportFileColumns,
  type ImportKind,
} from '../../shared/importacao.kinds';
import { SelectField } from '../components/field';

/** The mapping's problems as the server words them (a required field without column, a column twice). */
export function mappingProblems(kind: ImportKind, mapping: Record<string, string>): string[] {
  const parsed = mappingSchemaOf(importColumnsOf[kind]).safeParse(JSON.stringify(mapping));
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

/**
 * 'De qual coluna vem cada campo': every field of the import with a choice among the file's columns,
 * the suggestion (same name, accents and case aside) already chosen. A column chosen for another field
 * says so in its option.
 */
export function ImportMapping({
  columns,
  mapping,
  onChange,
}: {
  columns: ImportFileColumns;
  mapping: Record<string, string>;
  onChange: (mapping: Record<string, string>) => void;
}) {
  const fieldOfColumn = new Map(
    Object.entries(mapping).map(([campo, coluna]) => [
      coluna,
      columns.campos.find((field) => field.campo === campo)?.rotulo ?? campo,
    ]),
  );
  const mapped = Object.values(mapping).filter((coluna) => coluna !== '').length;
  return (
    <section className="space-y-3" aria-label="Colunas da planilha">
      <div className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
        <p className="font-medium">A primeira linha da planilha não é a do modelo.</p>
        <p>
          Escolha de qual coluna vem cada campo. Já sugerimos as colunas com o mesmo nome; os campos com * são
          obrigatórios e as colunas sem campo ficam de fora. ({mapped} de {columns.colunas.length} colunas
          usadas.)
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        {columns.campos.map((field) => {
          const chosen = mapping[field.campo] ?? '';
          return (
            <SelectField
              key={field.campo}
              label={field.rotulo}
              required={field.obrigatorio}
              hint={field.dica || undefined}
              value={chosen}
              onChange={(event) => onChange({ ...mapping, [field.campo]: event.target.value })}
            >
              <option value="">{field.obrigatorio ? 'Escolha a coluna…' : '— não importar —'}</option>
              {columns.colunas.map((coluna) => {
                const usedBy = fieldOfColumn.get(coluna);
                return (
                  <option key={coluna} value={coluna}>
                    {usedBy && coluna !== chosen ? `${coluna} (já em ${usedBy})` : coluna}
                  </option>
                );
              })}
            </SelectField>
          );
        })}
      </div>
    </section>
  );
}
