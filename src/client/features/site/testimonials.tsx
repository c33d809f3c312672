import { useState } from 'react';
import { Quote, Star } from 'lucide-react';
import { TESTIMONIAL_ADVANCE_MS } from '../../../shared/content.constants';
import type { SiteContent } from '../../../shared/content.schemas';
import { CarouselControls, isRotationToggle } from './carousel-controls';
import { useAutoAdvance } from './use-auto-advance';

type Testimonial = SiteContent['depoimentos']['depoimentos'][number];

/** Spec 'Testimonials': one at a time, rotating every 7 s, always five stars. */
export function Testimonials({ items }: { items: Testimonial[] }) {
  const [paused, setPaused] = useState(false);
  const { index, go, live, ...rotation } = useAutoAdvance(items.length, TESTIMONIAL_ADVANCE_MS, paused);
  const item = items[index];
  if (!item) return null;
  return (
    <div
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={(event) => setPaused(!isRotationToggle(event.target))}
      onBlur={() => setPaused(false)}
      className="mx-auto max-w-3xl"
    >
      <figure className="rounded-2xl bg-white p-8 text-center shadow-lg dark:bg-gray-800" aria-live={live}>
        <Quote className="mx-auto h-10 w-10 text-primary-strong" aria-hidden="true" />
        <div className="mt-3 flex justify-center gap-1" role="img" aria-label="5 de 5 estrelas">
          {Array.from({ length: 5 }, (_, star) => (
            <Star key={star} className="h-5 w-5 fill-amber-400 text-amber-500" aria-hidden="true" />
          ))}
        </div>
        <blockquote className="mt-4 text-lg whitespace-pre-line text-gray-800 dark:text-gray-100">
          “{item.depoimento}”
        </blockquote>
        <figcaption className="mt-6 flex items-center justify-center gap-3">
          {item.foto ? (
            <img
              src={item.foto}
              alt=""
              width="56"
              height="56"
              loading="lazy"
              className="h-14 w-14 rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-14 w-14 items-center justify-center rounded-full bg-primary-strong text-xl font-bold text-white"
            >
              {item.nome.charAt(0).toUpperCase()}
            </span>
          )}
          <span className="text-left">
            <span className="block font-semibold text-gray-900 dark:text-white">{item.nome}</span>
            <span className="block text-sm text-gray-600 dark:text-gray-300">{item.cargo}</span>
          </span>
        </figcaption>
      </figure>
      <CarouselControls
        count={items.length}
        index={index}
        go={go}
        dotLabel={(position) => `Ver depoimento ${position}`}
        rotation={rotation}
      />
    </div>
  );
}
