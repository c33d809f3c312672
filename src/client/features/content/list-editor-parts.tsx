/** What both list editors share: the reorder buttons and move, the field box style, icon options and item text. */
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { IconButton } from '../../components/button';
import { iconNames } from '../../../shared/content.constants';

export function move<T>(items: T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
export function ReorderButtons({
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

export const box = 'rounded-xl border border-gray-200 bg-white p-4';
export const iconOptions = Object.fromEntries(iconNames.map((name) => [name, name]));
export const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
