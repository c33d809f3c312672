/** The boletim itself: the periods' notice, the table (or cards), the frequency and the situation. */
import { Fragment } from 'react';
import { formatDate, formatPercent } from '../../shared/format';
import { situacaoLabels } from '../../shared/averages';
import { absencesText, annualAverageLabel, type ReportCard } from '../../shared/report-card.schemas';
import type { CurrentUser } from '../../shared/auth.schemas';
import { can, permissionsOf } from '../../shared/permissions';
import { Badge } from '../components/feedback';
import { ScrollArea } from '../components/scroll-area';
import { EmptyCard, FinalRecoveryNote, RecoveryNote, SituacaoBadge } from './report-card-parts';
import { CouncilNotes, MedioSummary, SubjectCards, subjectGroups } from './report-card-subjects';
import { formatHours } from '../../shared/ensino-medio';

export function ReportCardBody({
  card: data,
  me,
  wide,
}: {
  card: ReportCard;
  me: CurrentUser | null | undefined;
  wide: boolean;
}) {
  const nothingPublished = data.somente_publicados && !data.periodos.some((period) => period.publicado);
  // A finished year the family saw nothing of: no table of dashes reading 'Cursando' for a year over.
  if (nothingPublished && data.ano_encerrado && data.periodos.length > 0)
    return (
      <p className="text-sm text-gray-700">
        A escola não publicou nenhum período de {data.ano}. Para o histórico escolar desse ano, fale com a
        secretaria.
      </p>
    );
  return (
    <>
      {data.somente_publicados &&
        data.periodos.length > 0 &&
        (!nothingPublished ? (
          <p className="text-xs text-gray-600">Aparecem os períodos que a escola já publicou.</p>
        ) : (
          <p className="text-sm text-gray-700">
            Nenhum período publicado ainda: as notas do {data.periodos[0]!.nome} aparecem aqui quando a escola
            publicá-lo.
          </p>
        ))}
      {data.periodos.length === 0 || data.disciplinas.length === 0 ? (
        <EmptyCard
          card={data}
          admin={can(permissionsOf(me), 'academics.manage')}
          guardian={me?.nivel === 'responsavel'}
        />
      ) : !wide ? (
        <SubjectCards card={data} />
      ) : (
        <ScrollArea label={`Boletim de ${data.aluno.nome}`} className="rounded-lg border border-gray-200">
          {/* Fits the student's modal: period headers break into two lines, the recuperação reads
              'rec. 5,4' under the grade, and a conselho decision's reason goes below the table, so the
              Situação column is not pushed out of sight. */}
          <table className="w-full text-sm">
            <caption className="sr-only">
              Boletim de {data.aluno.nome} em {data.ano}: média por período,{' '}
              {annualAverageLabel(data, data.disciplinas).toLowerCase()}, faltas e situação
            </caption>
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="sticky left-0 bg-gray-50 px-3 py-2 text-left">
                  Disciplina
                </th>
                {data.periodos.map((period) => (
                  <th key={period.numero} scope="col" className="px-1.5 py-2 text-center font-semibold">
                    {period.nome}
                  </th>
                ))}
                <th scope="col" className="px-1.5 py-2 text-center">
                  {annualAverageLabel(data, data.disciplinas)}
                </th>
                <th scope="col" className="px-1.5 py-2 text-center">
                  Faltas
                </th>
                <th scope="col" className="px-1.5 py-2 text-center">
                  Frequência
                </th>
                <th scope="col" className="px-2 py-2 text-left">
                  Situação
                </th>
              </tr>
            </thead>
            <tbody>
              {subjectGroups(data).map((group) => (
                <Fragment key={group.titulo}>
                  {group.titulo !== '' && (
                    <tr className="border-t border-gray-200 bg-indigo-50">
                      <th
                        scope="rowgroup"
                        colSpan={data.periodos.length + 5}
                        className="px-3 py-1.5 text-left text-xs font-semibold text-indigo-900"
                      >
                        {group.titulo} · {formatHours(group.carga_horaria)}
                      </th>
                    </tr>
                  )}
                  {group.itens.map((subject) => (
                    <tr key={subject.disciplina} className="border-t border-gray-100 align-top">
                      <th
                        scope="row"
                        className="sticky left-0 bg-white px-3 py-2 text-left font-medium text-gray-900"
                      >
                        {subject.disciplina}
                      </th>
                      {data.periodos.map((period) => {
                        const own = subject.periodos.find((item) => item.numero === period.numero);
                        return (
                          <td key={period.numero} className="px-1.5 py-2 text-center whitespace-nowrap">
                            {own?.media_texto ?? '—'}
                            <RecoveryNote period={own} />
                          </td>
                        );
                      })}
                      <td className="px-1.5 py-2 text-center font-semibold">
                        {subject.media_anual_texto ?? '—'}
                        <FinalRecoveryNote subject={subject} />
                      </td>
                      <td className="px-1.5 py-2 text-center">{subject.faltas ?? '—'}</td>
                      <td className="px-1.5 py-2 text-center whitespace-nowrap">
                        {subject.frequencia === null ? '—' : formatPercent(subject.frequencia)}
                      </td>
                      <td className="w-40 min-w-36 px-2 py-2">
                        <SituacaoBadge
                          situacao={subject.situacao}
                          conselho={subject.conselho !== null}
                          trocadoEm={subject.itinerario_trocado_em}
                          turmaDeixadaEm={subject.turma_deixada_em}
                          wrap
                        />
                        {subject.conselho && subject.situacao_calculada && (
                          <span className="mt-1 block text-xs text-gray-600">
                            Pelas regras: {situacaoLabels[subject.situacao_calculada]}.
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
      {data.transferido_em && (
        <p className="rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900">
          Transferido em {formatDate(data.transferido_em)}: as notas e a frequência vão até a saída.
        </p>
      )}
      <CouncilNotes card={data} />
      {data.ensino_medio && <MedioSummary card={data} />}
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        <span>
          Frequência geral:{' '}
          <strong>
            {data.frequencia.frequencia === null ? '—' : formatPercent(data.frequencia.frequencia)}
          </strong>{' '}
          ({data.frequencia.aulas_dadas === 0 ? 'nenhuma chamada registrada' : absencesText(data.frequencia)})
        </span>
        <span className="flex items-center gap-1">
          Situação final:{' '}
          {data.transferido_em ? (
            <Badge tone="yellow">Transferido</Badge>
          ) : (
            <SituacaoBadge situacao={data.situacao} conselho={data.conselho !== null} />
          )}
        </span>
      </div>
      {data.disciplinas.some((subject) => subject.periodos.some((period) => period.recuperacao_texto)) && (
        <p className="text-xs text-gray-600" data-testid="legenda-recuperacao">
          rec.: nota da prova de recuperação do período; antes: a nota do período sem ela. A nota de cima é a
          que vale depois da recuperação.
        </p>
      )}
      {data.frequencia.por_dia && (
        <p className="text-xs text-gray-600">
          Chamada diária: as faltas são contadas por dia letivo, não por disciplina.
        </p>
      )}
      {data.ciclo_sem_reprovacao && (
        <p className="text-xs text-gray-600" data-testid="legenda-ciclo">
          Ciclo de alfabetização: neste ano não há reprovação por nota. A recuperação continua, e a frequência
          mínima também vale.
        </p>
      )}
      {data.conselho && (
        <p className="text-xs text-gray-600">
          Decisão do Conselho de Classe
          {data.situacao_calculada ? ` (pelas regras: ${situacaoLabels[data.situacao_calculada]})` : ''}:{' '}
          {data.conselho.motivo}
        </p>
      )}
    </>
  );
}
