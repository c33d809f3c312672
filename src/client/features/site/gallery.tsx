import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { GALLERY_ADVANCE_MS } from '../../../shared/content.constants';
import type { Photo } from '../../../shared/content.schemas';
import { CarouselControls, isRotationToggle } from './carousel-controls';
import { useAutoAdvance } from './use-auto-advance';

const arrowButton =
  'absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';

function Lightbox({
  photos,
  index,
  onMove,
  onClose,
}: {
  photos: Photo[];
  index: number;
  onMove: (next: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const photo = photos[index]!;

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    dialogRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
    };
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onMove(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      onMove(index + 1);
    } else if (event.key === 'Tab') {
      // Focus stays inside the lightbox while it is open.
      const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button') ?? []);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  return (
    // The lightbox is a modal dialog that keeps Tab inside it and closes on Escape (WAI-ARIA dialog).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label={`Foto ${index + 1} de ${photos.length}: ${photo.titulo}`}
      className="fixed inset-0 z-50 flex flex-col items-center justify-center bg-black/95 p-4 text-white"
      onKeyDown={handleKeyDown}
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Fechar"
        className="absolute top-4 right-4 rounded-full bg-white/10 p-2 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
      >
        <X className="h-6 w-6" aria-hidden="true" />
      </button>
      <p className="absolute top-5 left-5 text-sm" aria-live="polite">
        {index + 1} / {photos.length}
      </p>
      <div className="relative flex w-full max-w-5xl items-center justify-center">
        <img
          src={photo.url}
          alt={photo.titulo}
          className="max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
        />
        {photos.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => onMove(index - 1)}
              aria-label="Foto anterior"
              className={`${arrowButton} left-2`}
            >
              <ChevronLeft className="h-6 w-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => onMove(index + 1)}
              aria-label="Próxima foto"
              className={`${arrowButton} right-2`}
            >
              <ChevronRight className="h-6 w-6" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <div className="mt-4 max-w-3xl text-center">
        <p className="text-lg font-semibold">{photo.titulo}</p>
        {photo.descricao && <p className="mt-1 text-gray-300">{photo.descricao}</p>}
      </div>
    </div>
  );
}

/** Spec 'Gallery': carousel, dots, counter, 5-column thumbnails, lightbox. */
export function Gallery({ photos }: { photos: Photo[] }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [lightbox, setLightbox] = useState(false);
  const { index, go, live, ...rotation } = useAutoAdvance(
    photos.length,
    GALLERY_ADVANCE_MS,
    hovered || focused || lightbox,
  );
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const photo = photos[index];
  if (!photo) return null;

  function open(at: number, opener: HTMLButtonElement) {
    openerRef.current = opener;
    go(at);
    setLightbox(true);
  }

  function close() {
    setLightbox(false);
    // Focus goes back to what opened the lightbox.
    requestAnimationFrame(() => openerRef.current?.focus());
  }

  return (
    <div
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocused(!isRotationToggle(event.target))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div
        className="relative overflow-hidden rounded-2xl bg-gray-200 shadow-lg dark:bg-gray-800"
        role="region"
        aria-roledescription="carrossel"
        aria-label="Fotos da escola"
      >
        <button
          type="button"
          className="block w-full"
          onClick={(event) => open(index, event.currentTarget)}
          aria-label={`Ampliar foto: ${photo.titulo}`}
        >
          <img
            src={photo.url}
            alt={photo.titulo}
            width="960"
            height="600"
            loading="lazy"
            decoding="async"
            className="aspect-[16/10] w-full object-cover"
          />
        </button>
        <div className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-5 text-white">
          <p className="text-lg font-semibold">{photo.titulo}</p>
          {photo.descricao && <p className="text-sm text-gray-100">{photo.descricao}</p>}
        </div>
        <p
          className="absolute top-3 right-3 rounded-full bg-black/70 px-3 py-1 text-sm text-white"
          aria-live={live}
        >
          {index + 1} / {photos.length}
        </p>
        {photos.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Foto anterior"
              className={`${arrowButton} left-3`}
            >
              <ChevronLeft className="h-6 w-6" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Próxima foto"
              className={`${arrowButton} right-3`}
            >
              <ChevronRight className="h-6 w-6" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      <CarouselControls
        count={photos.length}
        index={index}
        go={go}
        dotLabel={(position) => `Ir para a foto ${position}`}
        rotation={rotation}
      />
      <ul className="mt-4 grid grid-cols-5 gap-2">
        {photos.map((item, thumb) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={(event) => open(thumb, event.currentTarget)}
              aria-label={`Abrir foto ${thumb + 1}: ${item.titulo}`}
              className={`block w-full overflow-hidden rounded-lg bg-gray-200 ring-offset-2 focus-visible:ring-2 focus-visible:ring-primary-strong ${thumb === index ? 'ring-2 ring-primary-strong' : ''}`}
            >
              <img
                src={item.url}
                alt=""
                width="192"
                height="120"
                loading="lazy"
                decoding="async"
                className="aspect-[16/10] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      {lightbox && <Lightbox photos={photos} index={index} onMove={go} onClose={close} />}
    </div>
  );
}
