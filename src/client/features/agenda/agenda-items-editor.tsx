import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import {
  AGENDA_LIMITS,
  evacuacaoLabels,
  evacuacoes,
  humorLabels,
  humores,
  precisaTrazerDa,
  refeicaoAvaliacaoLabels,
  refeicaoAvaliacoes,
  usaFralda,
  type AgendaItens,
} from '../../../shared/agenda.schemas';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/field';
import { Choice, Section } from './agenda-parts';

export const timeInput =
  'min-h-11 rounded-lg border border-gray-300 px-2 text-sm focus-visible:outline-2 focus-visible:outline-primary';

/** The list with the item at `index` changed by `patch`. */
const patchAt = <T,>(list: readonly T[], index: number, patch: Partial<T>): T[] =>
  list.map((one, i) => (i === index ? { ...one, ...patch } : one));

/** The list without the item at `index`. */
const removeAt = <T,>(list: readonly T[], index: number): T[] => list.filter((_one, i) => i !== index);

/** The two times of a nap, as the teacher says them. */
const sonoTimes = [
  { key: 'inicio', label: 'Dormiu às' },
  { key: 'fim', label: 'e acordou às' },
] as const;

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" aria-label={label} onClick={onClick}>
      <X className="h-4 w-4" aria-hidden />
    </Button>
  );
}

/**
 * The agenda's items for the whole class, a child or the template, as fit the class's age: diapers only
 * in the creche (`usaFralda`). `editMeals`: the template names the meals; the day only rates them.
 */
export function AgendaItemsEditor({
  turma,
  value,
  onChange,
  editMeals = false,
}: {
  turma: { nivel: string; serie: string };
  value: AgendaItens;
  onChange: (next: AgendaItens) => void;
  editMeals?: boolean;
}) {
  const sugestoes = precisaTrazerDa(turma);
  // A count saved before (or by an older template) stays on screen, so it can be cleared.
  const fralda = usaFralda(turma) || value.trocas_fralda !== null;
  const set = <K extends keyof AgendaItens>(key: K, item: AgendaItens[K]) =>
    onChange({ ...value, [key]: item });
  const [outro, setOutro] = useState('');
  const toggleTrazer = (item: string) =>
    set(
      'precisa_trazer',
      value.precisa_trazer.includes(item)
        ? value.precisa_trazer.filter((one) => one !== item)
        : [...value.precisa_trazer, item].slice(0, AGENDA_LIMITS.trazer),
    );
  const extras = value.precisa_trazer.filter((item) => !sugestoes.includes(item));
  return (
    <div className="space-y-3">
      <Section title="Alimentação">
        {value.refeicoes.length === 0 && <p className="text-sm text-gray-600">Nenhuma refeição no modelo.</p>}
        {value.refeicoes.map((refeicao, index) => (
          <div key={index} className="space-y-1">
            {editMeals ? (
              <div className="flex gap-2">
                <input
                  aria-label={`Nome da refeição ${String(index + 1)}`}
                  className={`${timeInput} flex-1`}
                  value={refeicao.refeicao}
                  maxLength={40}
                  onChange={(event) =>
                    set('refeicoes', patchAt(value.refeicoes, index, { refeicao: event.target.value }))
                  }
                />
                <RemoveButton
                  label={`Remover ${refeicao.refeicao}`}
                  onClick={() => set('refeicoes', removeAt(value.refeicoes, index))}
                />
              </div>
            ) : (
              <p className="text-sm font-medium text-gray-800">{refeicao.refeicao}</p>
            )}
            <Choice
              label={refeicao.refeicao}
              options={refeicaoAvaliacoes}
              labels={refeicaoAvaliacaoLabels}
              value={refeicao.avaliacao}
              onChange={(avaliacao) =>
                avaliacao && set('refeicoes', patchAt(value.refeicoes, index, { avaliacao }))
              }
            />
          </div>
        ))}
        {editMeals && value.refeicoes.length < AGENDA_LIMITS.refeicoes && (
          <Button
            variant="secondary"
            onClick={() => set('refeicoes', [...value.refeicoes, { refeicao: '', avaliacao: 'comeu_bem' }])}
          >
            <Plus className="h-4 w-4" aria-hidden /> Adicionar refeição
          </Button>
        )}
      </Section>
      <Section title="Sono">
        {value.sono.map((sono, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2 text-sm">
            {sonoTimes.map(({ key, label }) => (
              <label key={key} className="flex items-center gap-1">
                {label}
                <input
                  type="time"
                  className={timeInput}
                  value={sono[key]}
                  onChange={(event) => set('sono', patchAt(value.sono, index, { [key]: event.target.value }))}
                />
              </label>
            ))}
            <RemoveButton
              label="Remover este sono"
              onClick={() => set('sono', removeAt(value.sono, index))}
            />
          </div>
        ))}
        {value.sono.length < AGENDA_LIMITS.sonos && (
          <Button
            variant="secondary"
            onClick={() => set('sono', [...value.sono, { inicio: '13:00', fim: '14:30' }])}
          >
            <Plus className="h-4 w-4" aria-hidden /> Registrar sono
          </Button>
        )}
      </Section>
      <Section title="Evacuação e higiene">
        <Choice
          label="Evacuação"
          options={evacuacoes}
          labels={evacuacaoLabels}
          value={value.evacuacao}
          allowNone
          onChange={(evacuacao) => set('evacuacao', evacuacao)}
        />
        {fralda && (
          <label className="flex items-center gap-2 text-sm text-gray-800">
            Trocas de fralda
            <input
              type="number"
              min={0}
              max={20}
              inputMode="numeric"
              className={`${timeInput} w-20`}
              value={value.trocas_fralda ?? ''}
              onChange={(event) =>
                set('trocas_fralda', event.target.value === '' ? null : Number(event.target.value))
              }
            />
          </label>
        )}
      </Section>
      <Section title="Humor">
        <Choice
          label="Humor"
          options={humores}
          labels={humorLabels}
          value={value.humor}
          allowNone
          onChange={(humor) => set('humor', humor)}
        />
      </Section>
      <Section title="Precisa trazer">
        <div role="group" aria-label="Precisa trazer" className="flex flex-wrap gap-2">
          {[...sugestoes, ...extras].map((item) => (
            <button
              key={item}
              type="button"
              aria-pressed={value.precisa_trazer.includes(item)}
              onClick={() => toggleTrazer(item)}
              className={`min-h-11 rounded-full border px-3 text-sm font-medium ${value.precisa_trazer.includes(item) ? 'border-amber-500 bg-amber-100 text-amber-900' : 'border-gray-300 bg-white text-gray-800'}`}
            >
              {item}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <input
            aria-label="Outro item para trazer"
            placeholder="Outro item"
            maxLength={60}
            className={`${timeInput} flex-1`}
            value={outro}
            onChange={(event) => setOutro(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={outro.trim() === ''}
            onClick={() => {
              toggleTrazer(outro.trim());
              setOutro('');
            }}
          >
            Adicionar
          </Button>
        </div>
      </Section>
      <TextAreaField
        label="Recados"
        rows={3}
        maxLength={AGENDA_LIMITS.recados}
        value={value.recados ?? ''}
        onChange={(event) => set('recados', event.target.value === '' ? null : event.target.value)}
      />
    </div>
  );
}
