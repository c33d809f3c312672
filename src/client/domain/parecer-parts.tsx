import { useState } from 'react';
import { Download, NotebookPen } from 'lucide-react';
import toast from 'react-hot-toast';
import {
  camposExperiencia,
  parecerStatusLabels,
  type Parecer,
  type ParecerStatus,
} from '../../shared/pareceres.schemas';
import { Badge, type BadgeTone, EmptyState, ErrorBanner, Spinner } from '../components/feedback';
import { Button } from '../components/button';
import { downloadDevelopmentReport, usePareceres } from './pareceres.api';
import { Heading } from '../components/heading';

const tones: Record<ParecerStatus, BadgeTone> = { rascunho: 'gray', revisado: 'blue', publicado: 'green' };

/** A parecer's status as a chip ('Enviado para revisão' is a draft the teacher handed over). */
export function ParecerStatusChip({ parecer }: { parecer: Pick<Parecer, 'status' | 'enviado_em'> | null }) {
  if (!parecer) return <Badge tone="yellow">Sem parecer</Badge>;
  if (parecer.status === 'rascunho' && parecer.enviado_em) return <Badge tone="purple">Para revisão</Badge>;
  return <Badge tone={tones[parecer.status]}>{parecerStatusLabels[parecer.status]}</Badge>;
}

/**
 * The photos of the child's work in a parecer, served by the portal only to who reaches the parecer.
 * `remove` adds a button per photo (the writer's editor).
 */
export function ParecerFotos({
  parecer,
  remove,
}: {
  parecer: Parecer;
  remove?: ((fotoId: string) => void) | undefined;
}) {
  if (parecer.fotos.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Fotos do trabalho da criança">
      {parecer.fotos.map((foto, index) => (
        <li key={foto.id} className="relative overflow-hidden rounded-lg border border-gray-200 bg-gray-50">
          <img
            src={foto.url}
            width={foto.largura}
            height={foto.altura}
            loading="lazy"
            alt={`Trabalho de ${parecer.aluno.nome}, foto ${String(index + 1)} de ${String(parecer.fotos.length)}`}
            className="aspect-[4/3] h-auto w-full object-cover"
          />
          {remove && (
            <button
              type="button"
              onClick={() => remove(foto.id)}
              className="absolute top-1 right-1 min-h-9 rounded-md bg-white/90 px-2 text-xs font-medium text-red-700 shadow"
            >
              Excluir foto {index + 1}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The text of a parecer, general text first, then each campo de experiência written, then its photos. */
export function ParecerText({ parecer }: { parecer: Parecer }) {
  return (
    <div className="space-y-3 text-sm text-gray-800">
      {parecer.texto && <p className="whitespace-pre-line">{parecer.texto}</p>}
      {camposExperiencia.map((campo) =>
        parecer.campos[campo.codigo] ? (
          <div key={campo.codigo}>
            <Heading level={5} className="font-semibold text-gray-900">
              {campo.nome}
            </Heading>
            <p className="whitespace-pre-line">{parecer.campos[campo.codigo]}</p>
          </div>
        ) : null,
      )}
      <ParecerFotos parecer={parecer} />
    </div>
  );
}

export function DownloadReportButton({ alunoId, periodoId }: { alunoId: string; periodoId?: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadDevelopmentReport(alunoId, periodoId)
      .catch((error: unknown) =>
        toast.error(error instanceof Error && error.message ? error.message : 'Erro ao baixar o relatório.'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button variant="secondary" className="min-h-11" loading={busy} onClick={download}>
      <Download className="h-4 w-4" aria-hidden /> Relatório de desenvolvimento (PDF)
    </Button>
  );
}

/**
 * A child of Educação Infantil on their card: the pareceres descritivos instead of a boletim (the family
 * sees only the published ones), each period with its PDF.
 */
export function ChildPareceres({
  alunoId,
  ano,
  closed = false,
}: {
  alunoId: string;
  /** Only the pareceres of that school year (a past year of Educação Infantil, from the boletim). */
  ano?: number | undefined;
  /** The year is over: nothing more is coming, so the empty state promises nothing. */
  closed?: boolean;
}) {
  const list = usePareceres({ aluno_id: alunoId });
  const titleId = `pareceres-${alunoId}`;
  const shown = list.data?.filter((parecer) => ano === undefined || parecer.periodo.ano === ano) ?? [];
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <Heading level={3} id={titleId} className="text-sm font-semibold text-gray-800">
        Pareceres descritivos{ano === undefined ? '' : ` de ${String(ano)}`}
      </Heading>
      {list.isPending ? (
        <Spinner label="Carregando pareceres..." />
      ) : list.isError ? (
        <ErrorBanner>{list.error.message || 'Erro ao carregar os pareceres.'}</ErrorBanner>
      ) : shown.length === 0 ? (
        closed ? (
          <EmptyState
            icon={NotebookPen}
            title={`Nenhum parecer${ano === undefined ? '' : ` de ${String(ano)}`} publicado`}
            hint="Na Educação Infantil não há notas: se precisar do relatório de desenvolvimento desse ano, fale com a secretaria."
          />
        ) : (
          <EmptyState
            icon={NotebookPen}
            title="Nenhum parecer publicado ainda"
            hint="Na Educação Infantil não há notas: a escola publica um parecer descritivo por período."
          />
        )
      ) : (
        shown.map((parecer) => (
          <article key={parecer.id} className="rounded-lg border border-gray-200 p-4">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <Heading level={4} className="font-semibold text-gray-900">
                {parecer.periodo.nome} de {parecer.periodo.ano}{' '}
                <span className="ml-1 align-middle">
                  <ParecerStatusChip parecer={parecer} />
                </span>
              </Heading>
              <DownloadReportButton alunoId={alunoId} periodoId={parecer.periodo_id} />
            </div>
            <ParecerText parecer={parecer} />
          </article>
        ))
      )}
    </section>
  );
}
