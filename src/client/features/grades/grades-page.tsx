import { BookOpenCheck, History, NotebookPen } from 'lucide-react';
import { INFANTIL_SEM_NOTAS, isInfantilSerie } from '../../../shared/classes.schemas';
import { paths } from '../../../shared/routes';
import { ButtonLink } from '../../components/button';
import { useSearchParams } from 'react-router';
import { can, permissionsOf } from '../../../shared/permissions';
import { formatDate, todayIso } from '../../../shared/format';
import { ClassReportCardsButton } from '../../domain/class-report-cards-button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { MissingCurriculum } from '../../domain/missing-curriculum';
import { NoClasses, NoSchoolYear } from '../../domain/academic-empty';
import { useCurrentUser } from '../../lib/current-user';
import { useGradePeriods, useGradeClasses } from './grades.api';
import { useGradeSubjects } from './use-grade-subjects';
import { PeriodActions } from './period-actions';
import { MyRectificationRequests, RectificationQueue } from './rectification-requests';
import { GradesOf } from './grades-of';
import { GradesProgressPanel } from './grades-progress';
import { FinalRecovery } from './final-recovery';

/** The period selector's last choice: the recuperação final, after the year's last period (ADR 0097). */
const FINAL_RECOVERY = 'recuperacao-final';

/**
 * 'Notas': pick the school year, class, subject and period, manage the avaliações and type the grades.
 * Every choice is in the URL; a past year is there to consult (its grid is read-only).
 */
export function GradesPage() {
  const { data: me } = useCurrentUser();
  const admin = can(permissionsOf(me), 'academics.manage');
  const teacher = me?.nivel === 'professor';
  const [params, setParams] = useSearchParams();
  const years = useGradePeriods();
  const today = todayIso();
  const current =
    years.data?.find((item) => item.inicio <= today && today <= item.fim) ??
    years.data?.[years.data.length - 1];
  const year = years.data?.find((item) => String(item.ano) === params.get('ano')) ?? current;
  const past = year !== undefined && current !== undefined && year.ano < current.ano;
  const classes = useGradeClasses(year?.ano);
  const periods = year?.periodos ?? [];
  const currentPeriod =
    periods.find((item) => item.inicio <= today && today <= item.fim) ??
    (past ? periods[periods.length - 1] : periods[0]);
  const turmaParam = params.get('turma');
  // Unasked, a class with grades: the school's order puts Educação Infantil (pareceres, no grades) first.
  const turmaId =
    (turmaParam && classes.data?.some((turma) => turma.id === turmaParam) ? turmaParam : null) ??
    (classes.data?.find((turma) => !isInfantilSerie(turma.serie)) ?? classes.data?.[0])?.id ??
    '';
  const turma = classes.data?.find((item) => item.id === turmaId);
  // The subjects this user may open in the class; a teacher starts on one they teach.
  const subjects = useGradeSubjects(turmaId, turma?.serie, me);
  const subjectOptions = subjects.options;
  const disciplinaParam = params.get('disciplina');
  const disciplina =
    (disciplinaParam && subjectOptions.includes(disciplinaParam) ? disciplinaParam : null) ??
    subjects.initial ??
    '';
  const periodoParam = params.get('periodo');
  const finalChosen = periodoParam === FINAL_RECOVERY;
  const periodoId =
    (periodoParam && periods.some((period) => period.id === periodoParam) ? periodoParam : null) ??
    currentPeriod?.id ??
    '';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (currentParams) => {
        const next = new URLSearchParams(currentParams);
        for (const [key, value] of Object.entries(changes))
          if (value === null) next.delete(key);
          else next.set(key, value);
        return next;
      },
      { preventScrollReset: true, replace: true },
    );

  return (
    <div>
      <PageHeader
        title="Notas"
        subtitle={admin ? 'Avaliações e notas de todas as turmas' : 'Avaliações e notas das suas turmas'}
      />
      {admin && (
        <RectificationQueue
          onOpen={(place) => {
            const ano = years.data?.find((item) =>
              item.periodos.some((period) => period.id === place.periodo),
            )?.ano;
            update({ ...place, ano: ano === undefined ? null : String(ano) });
          }}
        />
      )}
      {teacher && <MyRectificationRequests />}
      {admin && periodoId && !past && (
        <GradesProgressPanel
          periodoId={periodoId}
          onOpen={(line) => update({ turma: line.turma_id, disciplina: line.disciplina })}
        />
      )}
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[9rem_1fr_1fr_1.5fr]">
        <SelectField
          label="Ano letivo"
          value={year ? String(year.ano) : ''}
          onChange={(event) => update({ ano: event.target.value, turma: null, periodo: null })}
        >
          {(years.data?.length ?? 0) === 0 && <option value="">Nenhum ano letivo</option>}
          {[...(years.data ?? [])]
            .sort((a, b) => b.ano - a.ano)
            .map((item) => (
              <option key={item.id} value={String(item.ano)}>
                {item.ano}
                {item.ano === current?.ano ? ' (atual)' : ''}
              </option>
            ))}
        </SelectField>
        <SelectField
          label="Turma"
          value={turmaId}
          onChange={(event) => update({ turma: event.target.value })}
        >
          {classes.data?.length === 0 && <option value="">Nenhuma turma</option>}
          {classes.data?.map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.nome}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Disciplina"
          value={disciplina}
          onChange={(event) => update({ disciplina: event.target.value })}
        >
          {subjectOptions.length === 0 && <option value="">Nenhuma disciplina</option>}
          {subjectOptions.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Período"
          value={finalChosen ? FINAL_RECOVERY : periodoId}
          onChange={(event) => update({ periodo: event.target.value })}
        >
          {periods.length === 0 && <option value="">Nenhum período</option>}
          {periods.map((period) => (
            <option key={period.id} value={period.id}>
              {period.nome} ({formatDate(period.inicio)} a {formatDate(period.fim)})
            </option>
          ))}
          {periods.length > 0 && <option value={FINAL_RECOVERY}>Recuperação final</option>}
        </SelectField>
      </div>
      {past && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700"
        >
          <History className="h-4 w-4 shrink-0" aria-hidden />
          Consultando o ano letivo {year.ano}.{' '}
          <button
            type="button"
            className="font-medium text-primary-strong underline"
            onClick={() => update({ ano: null, turma: null, periodo: null })}
          >
            Voltar ao ano atual
          </button>
        </p>
      )}
      {classes.isError || years.isError ? (
        <ErrorBanner>Erro ao carregar as turmas ou os períodos.</ErrorBanner>
      ) : years.isPending || (year !== undefined && classes.isPending) || subjects.pending ? (
        <Spinner />
      ) : !year ? (
        <NoSchoolYear admin={admin} />
      ) : !turmaId && past ? (
        <EmptyState icon={BookOpenCheck} title="Nenhuma turma neste ano" />
      ) : !turmaId ? (
        <NoClasses
          admin={admin}
          title={admin ? `Nenhuma turma em ${String(year.ano)}` : `Nenhuma turma sua em ${String(year.ano)}`}
        />
      ) : !periodoId ? (
        <EmptyState
          icon={BookOpenCheck}
          title={`O ano letivo ${String(year.ano)} não tem períodos`}
          hint={
            admin
              ? 'Edite o ano letivo no Calendário para dividi-lo em períodos.'
              : 'A secretaria precisa dividir o ano letivo em períodos.'
          }
        />
      ) : subjects.infantil ? (
        <EmptyState
          icon={NotebookPen}
          title={INFANTIL_SEM_NOTAS}
          action={
            <ButtonLink to={`${paths.pareceres}?turma=${turmaId}`} className="min-h-11">
              Abrir os pareceres da turma
            </ButtonLink>
          }
        />
      ) : subjects.noGrade ? (
        <MissingCurriculum
          turma={{ id: turmaId, nome: subjects.turmaNome ?? turma?.nome ?? '' }}
          pendencia="sem_disciplinas"
          para="notas"
        />
      ) : subjects.noneOpen ? (
        <EmptyState
          icon={BookOpenCheck}
          title={turma ? `Nenhuma disciplina sua em ${turma.nome}` : 'Nenhuma disciplina sua nesta turma'}
          hint="A secretaria indica o professor de cada disciplina na grade curricular (Turmas → Grade curricular)."
        />
      ) : finalChosen ? (
        <FinalRecovery turmaId={turmaId} disciplina={disciplina} />
      ) : (
        <>
          {admin && (
            <div className="mb-4 flex justify-end">
              <ClassReportCardsButton turmaId={turmaId} />
            </div>
          )}
          {admin && <PeriodActions periodoId={periodoId} turmaId={turmaId} />}
          <GradesOf turmaId={turmaId} disciplina={disciplina} periodoId={periodoId} admin={admin} />
        </>
      )}
    </div>
  );
}
