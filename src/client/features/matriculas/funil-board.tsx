/**
 * The funnel as a board: a column per stage. On a desktop a card is dragged to another column; on any
 * screen (and by keyboard or screen reader) its 'Mover para…' menu does the same.
 */
import { CalendarClock } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import {
  etapaFunilLabels,
  etapasFunil,
  type EtapaFunil,
  type Interessado,
} from '../../../shared/matriculas.schemas';
import { DAY_MS } from '../../../shared/calendar';
import { formatDateTime } from '../../../shared/format';
import { heldChoice } from '../../lib/held-field';
import { useMoveTo } from './funil-dialogs';

const DRAG_TYPE = 'application/x-interessado';

export function diasDesde(iso: string): string {
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / DAY_MS);
  return days <= 0 ? 'hoje' : days === 1 ? 'há 1 dia' : `há ${String(days)} dias`;
}

export function MoverPara({
  familia,
  onMove,
  held = false,
}: {
  familia: Interessado;
  onMove: (familia: Interessado, etapa: EtapaFunil) => void;
  /** Its move is on its way: the menu keeps the focus (not disabled) and takes no other (held-field.ts). */
  held?: boolean;
}) {
  const id = `mover-${familia.id}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        Mover {familia.aluno_nome} para outra etapa
      </label>
      <select
        id={id}
        value=""
        {...heldChoice(held, (event) => {
          if (event.target.value) onMove(familia, event.target.value as EtapaFunil);
        })}
        className="min-h-9 w-full rounded-md border border-gray-300 bg-white px-2 py-1 text-xs text-gray-700 aria-disabled:opacity-60"
      >
        <option value="">Mover para…</option>
        {etapasFunil
          .filter((etapa) => etapa !== familia.etapa)
          .map((etapa) => (
            <option key={etapa} value={etapa}>
              {etapaFunilLabels[etapa]}
            </option>
          ))}
      </select>
    </div>
  );
}

function Card({
  familia,
  onOpen,
  onMove,
  moving,
}: {
  familia: Interessado;
  onOpen: (id: string) => void;
  onMove: (familia: Interessado, etapa: EtapaFunil) => void;
  moving: boolean;
}) {
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, familia.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      className="cursor-grab rounded-lg border border-gray-200 bg-white p-3 shadow-sm active:cursor-grabbing"
    >
      <button
        type="button"
        onClick={() => onOpen(familia.id)}
        className="block w-full text-left focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="block font-medium text-gray-900">{familia.aluno_nome}</span>
        <span className="block text-xs text-gray-600">
          {familia.serie} · {familia.ano_letivo}
        </span>
        <span className="block text-xs text-gray-600">{familia.responsavel_nome}</span>
        {familia.etapa === 'visita' && familia.visita_em && <VisitaEm visitaEm={familia.visita_em} />}
        {familia.etapa === 'perdido' && familia.motivo_perda && (
          <span className="mt-1 block text-xs text-red-800">{familia.motivo_perda}</span>
        )}
        <span className="mt-1 block text-xs text-gray-500">Nesta etapa {diasDesde(familia.etapa_em)}</span>
      </button>
      <div className="mt-2">
        <MoverPara familia={familia} onMove={onMove} held={moving} />
      </div>
    </li>
  );
}

/** The visit's day and time; one already past reads so, for the secretaria to record how it went. */
function VisitaEm({ visitaEm }: { visitaEm: string }) {
  const passou = new Date(visitaEm).getTime() < Date.now();
  return (
    <span
      className={`mt-1 flex items-center gap-1 text-xs ${passou ? 'font-medium text-amber-800' : 'text-blue-800'}`}
    >
      <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" />
      {formatDateTime(visitaEm)}
      {passou && ' · já passou: registre como foi'}
    </span>
  );
}

/**
 * Every stage and its count in one row above the board, which is wider than most screens: a tap brings
 * that column into view, so no stage is out of sight without a sign of it.
 */
function Etapas({ familias }: { familias: Interessado[] }) {
  return (
    <nav aria-label="Etapas do funil" className="mb-3 flex flex-wrap gap-2">
      {etapasFunil.map((etapa) => (
        <button
          key={etapa}
          type="button"
          className="inline-flex min-h-9 items-center gap-2 rounded-full border border-gray-300 bg-white px-3 text-xs font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary"
          onClick={() =>
            document
              .getElementById(`coluna-${etapa}`)
              ?.closest('section')
              ?.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' })
          }
        >
          {etapaFunilLabels[etapa]}
          <span className="rounded-full bg-gray-100 px-1.5 text-gray-700">
            {familias.filter((familia) => familia.etapa === etapa).length}
          </span>
        </button>
      ))}
    </nav>
  );
}

export function FunilBoard({ familias, onOpen }: { familias: Interessado[]; onOpen: (id: string) => void }) {
  const { move, dialog, moving } = useMoveTo();
  const [over, setOver] = useState<EtapaFunil | null>(null);
  const handleDrop = (etapa: EtapaFunil) => (event: DragEvent) => {
    event.preventDefault();
    setOver(null);
    const id = event.dataTransfer.getData(DRAG_TYPE);
    const familia = familias.find((item) => item.id === id);
    if (familia) move(familia, etapa);
  };
  return (
    <>
      <Etapas familias={familias} />
      {/* w-0 min-w-full: the board scrolls inside the page instead of widening it; relative keeps the cards' hidden labels inside too. */}
      <div className="relative w-0 min-w-full overflow-x-auto pb-4">
        <div className="flex min-w-max gap-3">
          {etapasFunil.map((etapa) => {
            const items = familias.filter((familia) => familia.etapa === etapa);
            return (
              <section
                key={etapa}
                aria-labelledby={`coluna-${etapa}`}
                onDragOver={(event) => {
                  if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  setOver(etapa);
                }}
                onDragLeave={() => setOver((current) => (current === etapa ? null : current))}
                onDrop={handleDrop(etapa)}
                className={`flex w-64 shrink-0 flex-col rounded-xl p-2 ${over === etapa ? 'bg-blue-100 ring-2 ring-blue-400' : etapa === 'perdido' ? 'bg-red-50' : etapa === 'matriculado' ? 'bg-green-50' : 'bg-gray-100'}`}
              >
                <h2
                  id={`coluna-${etapa}`}
                  className="flex items-center justify-between px-1 py-2 text-sm font-semibold text-gray-800"
                >
                  {etapaFunilLabels[etapa]}
                  <span className="rounded-full bg-white px-2 text-xs text-gray-700">{items.length}</span>
                </h2>
                {items.length === 0 ? (
                  <p className="px-1 py-4 text-center text-xs text-gray-500">Nenhuma família</p>
                ) : (
                  <ul className="space-y-2">
                    {items.map((familia) => (
                      <Card
                        key={familia.id}
                        familia={familia}
                        onOpen={onOpen}
                        onMove={move}
                        moving={moving === familia.id}
                      />
                    ))}
                  </ul>
                )}
              </section>
            );
          })}
        </div>
      </div>
      {dialog}
    </>
  );
}
