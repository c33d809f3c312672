import { useFormContext } from 'react-hook-form';
import type { CatalogoInfra } from '../../../shared/censo.schemas';

type Item = CatalogoInfra['grupos'][number]['campos'][number];
const campo = (chave: string) => `infraestrutura.${chave}`;

/** An indicator: an exclusive one ('Não há…', 'Nenhum…') unchecks the others of its conjunto, and back. */
function Indicador({ item, irmaos }: { item: Item; irmaos: readonly Item[] }) {
  const { register, setValue } = useFormContext();
  const field = register(campo(item.chave), {
    onChange: (event: { target: { checked: boolean } }) => {
      if (!event.target.checked) return;
      for (const outro of irmaos) {
        if (outro.chave === item.chave || outro.formato !== 'indicador') continue;
        if (item.exclusivo || outro.exclusivo) setValue(campo(outro.chave), false, { shouldDirty: true });
      }
    },
  });
  return (
    <label className="flex items-start gap-2 py-1 text-sm text-gray-800">
      <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-300" {...field} />
      <span className={item.exclusivo ? 'italic' : undefined}>{item.descricao}</span>
    </label>
  );
}

const asQuantidade = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
const asCodigo = (value: unknown) => (value === '' ? undefined : value);

function Quantidade({ item }: { item: Item }) {
  const { register } = useFormContext();
  const id = `infra-${item.chave}`;
  return (
    <div className="flex items-center justify-between gap-3 py-1">
      <label htmlFor={id} className="text-sm text-gray-800">
        {item.descricao}
      </label>
      <input
        id={id}
        type="number"
        min={0}
        inputMode="numeric"
        className="w-24 shrink-0 rounded-lg border border-gray-300 px-2 py-1.5 text-right text-sm"
        {...register(campo(item.chave), { setValueAs: asQuantidade })}
      />
    </div>
  );
}

function Codigo({ item }: { item: Item }) {
  const { register } = useFormContext();
  const id = `infra-${item.chave}`;
  return (
    <div className="flex flex-col gap-1 py-1 sm:flex-row sm:items-center sm:justify-between sm:gap-3">
      <label htmlFor={id} className="text-sm text-gray-800">
        {item.descricao}
      </label>
      {item.opcoes ? (
        <select
          id={id}
          className="rounded-lg border border-gray-300 px-2 py-1.5 text-sm sm:w-48"
          {...register(campo(item.chave), { setValueAs: asCodigo })}
        >
          <option value="">Selecione</option>
          {item.opcoes.map(([codigo, rotulo]) => (
            <option key={codigo} value={codigo}>
              {rotulo}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          inputMode="numeric"
          maxLength={item.tamanho}
          className="rounded-lg border border-gray-300 px-2 py-1.5 text-sm sm:w-48"
          {...register(campo(item.chave), { setValueAs: asCodigo })}
        />
      )}
    </div>
  );
}

/** Record 10 drawn from the year's catalogue, group by group as the census groups it. */
export function EscolaInfra({ catalogo }: { catalogo: CatalogoInfra }) {
  return (
    <div className="space-y-3">
      {catalogo.grupos.map((grupo) => (
        <details
          key={grupo.nome}
          className="rounded-lg border border-gray-200 bg-white open:shadow-sm"
          data-testid={`grupo-${grupo.nome}`}
        >
          <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-gray-900">
            {grupo.nome}
          </summary>
          <fieldset className="grid gap-x-6 px-4 pb-4 md:grid-cols-2">
            <legend className="sr-only">{grupo.nome}</legend>
            {grupo.campos.map((item) => {
              if (item.formato === 'numero') return <Quantidade key={item.chave} item={item} />;
              if (item.formato === 'codigo') return <Codigo key={item.chave} item={item} />;
              const irmaos = grupo.campos.filter((outro) => outro.conjunto === item.conjunto);
              return <Indicador key={item.chave} item={item} irmaos={irmaos} />;
            })}
          </fieldset>
        </details>
      ))}
    </div>
  );
}
