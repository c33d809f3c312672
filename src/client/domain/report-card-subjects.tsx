/** The boletim on a phone, one card per subject, and the conselho de classe's notes below it. */
import { formatPercent } from '../../shared/format';
import { situacaoLabels } from '../../shared/averages';
import { annualAverageLabel, type ReportCard } from '../../shared/report-card.schemas';
import { RecoveryNote, SituacaoBadge } from './report-card-parts';
import { cargaHorariaText, formatHours, groupByArea, type SubjectGroup } from '../../shared/ensino-medio';
import { Heading } from '../components/heading';

type Subject = ReportCard['disciplinas'][number];

/** Ensino Médio: the subjects by área, then the itinerário; elsewhere one untitled group. */
export function subjectGroups(card: ReportCard): SubjectGroup<Subject>[] {
  if (!card.ensino_medio)
    return [{ titulo: '', parte: 'formacao_geral_basica', itens: card.disciplinas, carga_horaria: 0 }];
  return groupByArea(card.disciplinas);
}

/** Below a Médio boletim: the student's itinerário and the year's carga horária per part. */
export function MedioSummary({ card }: { card: ReportCard }) {
  return (
    <p className="text-sm text-gray-700">
      {card.itinerario
        ? `Itinerário formativo: ${card.itinerario.nome}${card.itinerario.tecnico ? ' (técnico)' : ''}. `
        : 'Itinerário formativo ainda não escolhido. '}
      {cargaHorariaText(groupByArea(card.disciplinas))}.
    </p>
  );
}

/** The conselho de classe's reasons per subject, below the table or the cards (they are long). */
export function CouncilNotes({ card }: { card: ReportCard }) {
  const decided = card.disciplinas.filter((subject) => subject.conselho);
  if (decided.length === 0) return null;
  return (
    <ul className="space-y-1 text-xs text-gray-600">
      {decided.map((subject) => (
        <li key={subject.disciplina}>
          <span className="font-medium text-gray-800">{subject.disciplina}</span> — decisão do Conselho de
          Classe: {subject.conselho!.motivo}
        </li>
      ))}
    </ul>
  );
}
/** '1º bimestre' → '1º bim.' for the phone card's narrow columns. */
const shortPeriod = (nome: string) =>
  nome.replace('bimestre', 'bim.').replace('trimestre', 'trim.').replace('semestre', 'sem.');
const periodGrid: Record<number, string> = {
  1: 'grid-cols-1',
  2: 'grid-cols-2',
  3: 'grid-cols-3',
  4: 'grid-cols-4',
};
/**
 * The boletim on a phone: a card per subject — its periods side by side (grade over 'rec.'), then the
 * annual average and the absences on one line — so nothing breaks mid-label at 390 px.
 */
export function SubjectCards({ card }: { card: ReportCard }) {
  return (
    <ul
      aria-label={`Boletim de ${card.aluno.nome} em ${String(card.ano)}, por disciplina`}
      className="space-y-3"
    >
      {subjectGroups(card).flatMap((group) => [
        ...(group.titulo === ''
          ? []
          : [
              <li key={`grupo-${group.titulo}`} className="pt-1">
                <Heading level={4} className="text-xs font-semibold text-indigo-900">
                  {group.titulo} · {formatHours(group.carga_horaria)}
                </Heading>
              </li>,
            ]),
        ...group.itens.map((subject) => (
          <li key={subject.disciplina} className="rounded-lg border border-gray-200 bg-white p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
              <Heading level={4} className="font-semibold text-gray-900">
                {subject.disciplina}
              </Heading>
              <SituacaoBadge
                situacao={subject.situacao}
                conselho={subject.conselho !== null}
                trocadoEm={subject.itinerario_trocado_em}
                turmaDeixadaEm={subject.turma_deixada_em}
                wrap
              />
            </div>
            <dl
              className={`mt-2 grid ${periodGrid[card.periodos.length] ?? 'grid-cols-4'} gap-1 rounded-md bg-gray-50 p-2 text-center`}
            >
              {card.periodos.map((period) => {
                const own = subject.periodos.find((item) => item.numero === period.numero);
                return (
                  <div key={period.numero}>
                    <dt className="text-xs text-gray-600">
                      <abbr title={period.nome} className="no-underline">
                        {shortPeriod(period.nome)}
                      </abbr>
                    </dt>
                    <dd className="font-medium text-gray-900">
                      {own?.media_texto ?? '—'}
                      <RecoveryNote period={own} />
                    </dd>
                  </div>
                );
              })}
            </dl>
            <dl className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1">
              <div className="flex gap-1">
                <dt className="text-gray-600">{annualAverageLabel(card, [subject])}</dt>
                <dd className="font-semibold text-gray-900">{subject.media_anual_texto ?? '—'}</dd>
              </div>
              {subject.recuperacao_final_texto !== null && (
                <div className="flex gap-1">
                  <dt className="text-gray-600">Recuperação final</dt>
                  <dd className="text-gray-900">
                    {subject.recuperacao_final_texto} (média final {subject.media_final_texto ?? '—'})
                  </dd>
                </div>
              )}
              {subject.faltas !== null && (
                <div className="flex gap-1">
                  <dt className="text-gray-600">Faltas</dt>
                  <dd className="text-gray-900">
                    {subject.faltas}
                    {subject.frequencia === null ? '' : ` (${formatPercent(subject.frequencia)})`}
                  </dd>
                </div>
              )}
            </dl>
            {subject.conselho && subject.situacao_calculada && (
              <p className="mt-2 text-xs text-gray-600">
                Pelas regras: {situacaoLabels[subject.situacao_calculada]}.
              </p>
            )}
          </li>
        )),
      ])}
    </ul>
  );
}
