/** The landing page's contact section. */
import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import type { SiteContent } from '../../../shared/content.schemas';
import { MAP_PLACEHOLDER, mapEmbedSrc } from './map';
import { sectionTitle } from './landing-sections';

export function Contact({ contato }: { contato: SiteContent['contato'] }) {
  const mapSrc = mapEmbedSrc(contato);
  const instagram = contato.instagram.replace(/^@/, '');
  const rows = [
    contato.endereco && { icon: MapPin, label: 'Endereço', content: <span>{contato.endereco}</span> },
    contato.telefone && {
      icon: Phone,
      label: 'Telefone',
      content: <a href={`tel:${contato.telefone.replace(/[^\d+]/g, '')}`}>{contato.telefone}</a>,
    },
    contato.whatsapp && {
      icon: MessageCircle,
      label: 'WhatsApp',
      content: (
        <a
          href={`https://wa.me/55${contato.whatsapp.replace(/\D/g, '')}`}
          rel="noopener noreferrer"
          target="_blank"
        >
          {contato.whatsapp}
        </a>
      ),
    },
    contato.email && {
      icon: Mail,
      label: 'E-mail',
      content: <a href={`mailto:${contato.email}`}>{contato.email}</a>,
    },
    contato.horario_funcionamento && {
      icon: Clock,
      label: 'Horário de funcionamento',
      content: <span>{contato.horario_funcionamento}</span>,
    },
  ].filter((row) => typeof row === 'object');
  return (
    <section id="contato" className="scroll-mt-20 bg-white py-20 dark:bg-gray-900">
      <div className="mx-auto max-w-7xl px-4">
        <h2 className={`${sectionTitle} text-center`}>{contato.titulo}</h2>
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <div>
            <ul className="space-y-5">
              {rows.map((row) => {
                const Icon = row.icon;
                return (
                  <li key={row.label} className="flex gap-4">
                    <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-primary-strong text-white">
                      <Icon className="h-5 w-5" aria-hidden="true" />
                    </span>
                    <div>
                      <p className="font-semibold text-gray-900 dark:text-white">{row.label}</p>
                      <div className="text-gray-700 dark:text-gray-300 [&_a]:underline [&_a]:underline-offset-2">
                        {row.content}
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
            {(contato.facebook || instagram) && (
              <div className="mt-8 flex flex-wrap gap-3">
                {contato.facebook && (
                  <a
                    href={contato.facebook}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="rounded-lg bg-primary-strong px-4 py-2 font-medium text-white hover:brightness-110"
                  >
                    Facebook
                  </a>
                )}
                {instagram && (
                  <a
                    href={`https://www.instagram.com/${encodeURIComponent(instagram)}`}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="rounded-lg bg-secondary-strong px-4 py-2 font-medium text-white hover:brightness-110"
                  >
                    Instagram @{instagram}
                  </a>
                )}
              </div>
            )}
          </div>
          <div className="min-h-80 overflow-hidden rounded-2xl bg-gray-100 shadow-md dark:bg-gray-800">
            {mapSrc ? (
              <iframe
                title={`Mapa: ${contato.endereco || 'localização da escola'}`}
                src={mapSrc}
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
                className="h-full min-h-80 w-full border-0"
              />
            ) : (
              <p className="flex h-full min-h-80 items-center justify-center p-8 text-center text-gray-700 dark:text-gray-300">
                {MAP_PLACEHOLDER}
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
