import { Pause, Play } from 'lucide-react';

/** Marks the 'Pausar' button, whose focus must not count as the carousel's own pause-on-focus. */
export const ROTATION_TOGGLE = 'rotation-toggle';

/** True when focus entering the carousel landed on its 'Pausar'/'Continuar' button. */
export const isRotationToggle = (target: EventTarget) =>
  target instanceof HTMLElement && target.dataset.control === ROTATION_TOGGLE;

/**
 * Below a carousel: 'Pausar'/'Continuar' (visible, WCAG 2.2.2) when it turns by itself, and a dot per
 * item. Focusing 'Continuar' does not pause it again: the carousel pauses on focus, and the visitor who
 * asked to continue would otherwise see nothing happen until they tabbed away.
 */
export function CarouselControls({
  count,
  index,
  go,
  dotLabel,
  rotation,
}: {
  count: number;
  index: number;
  go: (next: number) => void;
  dotLabel: (position: number) => string;
  rotation: { rotates: boolean; stopped: boolean; toggle: () => void };
}) {
  if (count < 2) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center justify-center gap-1">
      {rotation.rotates && (
        <button
          type="button"
          data-control={ROTATION_TOGGLE}
          onClick={rotation.toggle}
          className="mr-2 inline-flex min-h-6 items-center gap-1 rounded-lg px-2 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary dark:text-gray-200 dark:hover:bg-gray-800"
        >
          {rotation.stopped ? (
            <Play className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Pause className="h-4 w-4" aria-hidden="true" />
          )}
          {rotation.stopped ? 'Continuar' : 'Pausar'}
        </button>
      )}
      {Array.from({ length: count }, (_, dot) => (
        <button
          key={dot}
          type="button"
          onClick={() => go(dot)}
          aria-label={dotLabel(dot + 1)}
          aria-current={dot === index ? 'true' : undefined}
          className="flex h-6 w-6 items-center justify-center"
        >
          <span
            className={`block h-2.5 rounded-full transition-all ${dot === index ? 'w-6 bg-primary-strong' : 'w-2.5 bg-gray-400'}`}
          />
        </button>
      ))}
    </div>
  );
}
