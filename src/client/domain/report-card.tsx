import { useState } from 'react';
import { Download, Gavel } from 'lucide-react';
import toast from 'react-hot-toast';
import { can, permissionsOf } from '../../shared/permissions';
import { useCurrentUser } from '../lib/current-user';
import { useMediaQuery } from '../lib/use-media-query';
import { useUrlParams } from '../lib/use-list-state';
import { downloadReportCard, useReportCard, useSchoolYearNumbers } from './report-card.api';
import { CouncilDialog } from './council-dialog';
import { SelectField } from '../components/field';
import { Button } from '../components/button';
import { ErrorBanner, Spinner } from '../components/feedback';
import { InfantilYear } from './report-card-parts';
import { ReportCardBody } from './report-card-body';
import { Heading } from '../components/heading';

/** The boletim's year in the URL (`?ano=2025`): a year of four digits, anything else is the default year. */
export function yearParamOf(value: string | null): number | undefined {
  return value !== null && /^\d{4}$/.test(value) ? Number(value) : undefined;
}

/**
 * The boletim: subjects × periods with the averages (and the recuperação), absences, frequency and the
 * final situation; a conselho de classe decision shows as such. Guardians get only published periods.
 * The year picked is in the URL (`?ano=`), so a reload, Back or a shared link keep it; without it the
 * server answers the student's current year.
 */
export function ReportCardView({ alunoId }: { alunoId: string }) {
  const [params, updateParams] = useUrlParams();
  const ano = yearParamOf(params.get('ano'));
  const card = useReportCard(alunoId, ano);
  const years = useSchoolYearNumbers();
  const { data: me } = useCurrentUser();
  const [downloading, setDownloading] = useState(false);
  const [council, setCouncil] = useState(false);
  // Below 640 px a table of 9 columns does not fit: one card per subject instead.
  const wide = useMediaQuery('(min-width: 640px)');
  if (card.isPending) return <Spinner label="Carregando boletim..." />;
  if (card.isError) return <ErrorBanner>{card.error.message || 'Erro ao carregar o boletim.'}</ErrorBanner>;
  const data = card.data;
  // Past years stay reachable: the school's years, and the one shown even if it is not listed.
  const yearOptions = [...new Set([...(years.data ?? []), data.ano])].sort((a, b) => b - a);
  const titleId = `boletim-${alunoId}`;
  const infantil = data.educacao_infantil;
  const download = () => {
    setDownloading(true);
    downloadReportCard(alunoId, data.ano)
      .catch((error: unknown) =>
        toast.error(error instanceof Error && error.message ? error.message : 'Erro ao baixar o boletim.'),
      )
      .finally(() => setDownloading(false));
  };
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading level={3} id={titleId} className="text-sm font-semibold text-gray-800">
          {infantil ? `Educação Infantil em ${String(data.ano)}` : `Boletim ${String(data.ano)}`}
          {data.turma ? ` — ${data.turma.nome}` : ''}
        </Heading>
        <div className="flex flex-wrap items-end gap-2">
          {yearOptions.length > 1 && (
            <SelectField
              label="Ano do boletim"
              value={data.ano}
              onChange={(event) => updateParams({ ano: event.target.value })}
            >
              {yearOptions.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </SelectField>
          )}
          {!infantil && can(permissionsOf(me), 'academics.manage') && data.disciplinas.length > 0 && (
            <Button variant="secondary" className="min-h-11" onClick={() => setCouncil(true)}>
              <Gavel className="h-4 w-4" aria-hidden /> Conselho de classe
            </Button>
          )}
          {!infantil && (
            <Button variant="secondary" className="min-h-11" loading={downloading} onClick={download}>
              <Download className="h-4 w-4" aria-hidden /> Baixar PDF
            </Button>
          )}
        </div>
      </div>
      {infantil ? <InfantilYear card={data} /> : <ReportCardBody card={data} me={me} wide={wide} />}
      {council && <CouncilDialog card={data} onClose={() => setCouncil(false)} />}
    </section>
  );
}
