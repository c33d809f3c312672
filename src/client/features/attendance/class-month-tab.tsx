import { useState } from 'react';
import { CalendarRange } from 'lucide-react';
import { frequenciaModoLabels } from '../../../shared/curriculum.schemas';
import { compareClasses } from '../../../shared/classes.schemas';
import { dayKindLabels } from '../../../shared/calendar';
import { formatPercent, todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { paths } from '../../../shared/routes';
import { NoClasses } from '../../domain/academic-empty';
import { ButtonLink } from '../../components/button';
import { EmptyState, ErrorBanner, Spinner } from '../../components/feedback';
import { useCurrentUser } from '../../lib/current-user';
import { InputField, SelectField } from '../../components/field';
import { useClassMonth, useRollClasses } from './attendance.api';
import { StudentGrid, StudentRowHeader } from './student-grid';
import { useSharedClass } from './shared-class';

/** The class's month: students × days, the diary page a secretary prints or checks. */
export function ClassMonthTab() {
  const classes = useRollClasses();
  // The school's order, as the diary and Notas list them (the roll's list puts today's pending first).
  const ordered = classes.data ? [...classes.data].sort(compareClasses) : undefined;
  const { data: me } = useCurrentUser();
  const admin = can(permissionsOf(me), 'academics.manage');
  const [turmaId, setTurmaId] = useSharedClass();
  const [mes, setMes] = useState(() => todayIso().slice(0, 7));
  // The class shared with the other tabs, when it is one of this tab's; else the first.
  const chosen = ordered?.find((turma) => turma.id === turmaId)?.id ?? ordered?.[0]?.id ?? '';
  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-[16rem_12rem]">
        <SelectField label="Turma" value={chosen} onChange={(event) => setTurmaId(event.target.value)}>
          {ordered?.map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.nome}
            </option>
          ))}
        </SelectField>
        <InputField
          label="Mês"
          type="month"
          value={mes}
          onChange={(event) => {
            if (event.target.value) setMes(event.target.value);
          }}
        />
      </div>
      {classes.isError ? (
        <ErrorBanner>Erro ao carregar as turmas.</ErrorBanner>
      ) : chosen ? (
        <MonthGrid turmaId={chosen} mes={mes} admin={admin} />
      ) : classes.isPending ? (
        <Spinner />
      ) : (
        <NoClasses admin={admin} title={admin ? 'Nenhuma turma ativa' : 'Nenhuma turma sua'} />
      )}
    </div>
  );
}

/** A day that is not a school day: its column is grey, its number still read at 4.5:1 (WCAG 1.4.3). */
const offDayHeader = 'bg-gray-200 text-gray-600';

function MonthGrid({ turmaId, mes, admin }: { turmaId: string; mes: string; admin: boolean }) {
  const month = useClassMonth(turmaId, mes);
  if (month.isPending) return <Spinner />;
  if (month.isError) return <ErrorBanner>{month.error.message || 'Erro ao carregar o mês.'}</ErrorBanner>;
  const { dias, alunos, turma } = month.data;
  if (alunos.length === 0)
    return (
      <EmptyState
        icon={CalendarRange}
        title="Nenhum aluno na turma neste mês"
        hint={
          admin
            ? 'Os alunos entram na turma em Turmas → Ver Alunos (ou no cadastro do aluno).'
            : 'A secretaria enturma os alunos.'
        }
        action={
          admin ? (
            <ButtonLink variant="secondary" to={paths.classes}>
              Ir para Turmas
            </ButtonLink>
          ) : undefined
        }
      />
    );
  return (
    <div>
      <p className="mb-2 text-sm text-gray-600">
        {frequenciaModoLabels[turma.frequencia_modo]}. Em cada dia:{' '}
        <strong className="text-green-600">•</strong> presente, <strong className="text-red-700">F</strong>{' '}
        falta (ou o número de faltas nas aulas do dia); em branco, sem chamada. Colunas cinza não são dias
        letivos.
        {turma.frequencia_minima !== null &&
          ` Frequência em vermelho: abaixo de ${formatPercent(turma.frequencia_minima)}, o mínimo da etapa.`}
      </p>
      <StudentGrid
        caption={`Frequência de ${turma.nome} no mês`}
        head={
          <>
            {dias.map((dia) => (
              <th
                key={dia.data}
                scope="col"
                title={dayKindLabels[dia.tipo]}
                className={`px-1 py-2 text-center text-xs font-medium ${dia.letivo ? 'text-gray-700' : offDayHeader}`}
              >
                {Number(dia.data.slice(8))}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium text-gray-700">
              Faltas
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium text-gray-700">
              Freq.
            </th>
          </>
        }
      >
        {alunos.map((aluno) => (
          <tr key={aluno.id}>
            <StudentRowHeader nome={aluno.nome} />
            {aluno.faltas.map((faltas, index) => {
              const dia = dias[index];
              return (
                <td
                  key={dia?.data ?? index}
                  className={`px-1 text-center ${dia?.letivo ? '' : 'bg-gray-100'} ${faltas ? 'font-bold text-red-700' : 'text-green-600'}`}
                >
                  {faltas === null
                    ? ''
                    : faltas === 0
                      ? '•'
                      : faltas === 1 && (dia?.chamadas ?? 1) <= 1
                        ? 'F'
                        : faltas}
                </td>
              );
            })}
            <td className="px-3 text-right">{aluno.total_faltas}</td>
            <td
              className={`px-3 text-right font-medium whitespace-nowrap ${aluno.abaixo_minimo ? 'text-red-700' : 'text-gray-900'}`}
            >
              {formatPercent(aluno.frequencia)}
              {/* Red alone says nothing to a screen reader, and the line is the stage's (60 % in pré-escola). */}
              {aluno.abaixo_minimo && turma.frequencia_minima !== null && (
                <span className="sr-only">
                  , abaixo do mínimo de {formatPercent(turma.frequencia_minima)}
                </span>
              )}
            </td>
          </tr>
        ))}
      </StudentGrid>
    </div>
  );
}
