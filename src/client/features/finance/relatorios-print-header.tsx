import { formatDateTime } from '../../../shared/format';
import { useSiteContent } from '../../domain/site-content-store';

/** 'Gerado em 15/09/2026 às 14:32' (the school's time zone, as every date of the portal). */
export function generatedAtLabel(at: Date): string {
  const [date = '', time = ''] = formatDateTime(at).split(' ');
  return `Gerado em ${date} às ${time}`;
}

/**
 * The printed report's head, on paper only (the screen has the portal's): the school, the report and
 * when its figures were generated — 'Atualizado hoje' means that day.
 */
export function PrintHeader({ title, generatedAt }: { title: string; generatedAt: Date | null }) {
  const school = useSiteContent().configuracoes.nome_escola;
  return (
    <header className="hidden text-center text-gray-900 print:block" data-testid="relatorio-cabecalho">
      <p className="text-lg font-bold">{school}</p>
      <p className="text-base font-bold uppercase">{title}</p>
      {generatedAt && <p className="text-sm">{generatedAtLabel(generatedAt)}</p>}
    </header>
  );
}
