import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarPlus, School } from 'lucide-react';
import { todayIso } from '../../shared/format';
import { paths } from '../../shared/routes';
import { classesStartNotice, laterOpenedYear, type OpenedYear } from '../../shared/school-year-focus';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/feedback';
import { schoolYearsQuery } from './school-years';

/**
 * The empty states the academic screens share (Notas, Frequência, Ano letivo, the boletim): each says
 * what is missing and what to do next — the administrator gets a link to where it is done; a teacher
 * or a family, who cannot do it, reads who does.
 */

/** The Calendário on a month of `ano` (its panel is that year's: "Abrir ano letivo …"). */
const calendarOfYear = (ano?: number) =>
  ano === undefined ? paths.calendar : `${paths.calendar}?mes=${String(ano)}-02`;

/**
 * No school year yet (or none for `ano`). When a later year is open, `ano` was left for it (a new
 * school preparing 2027 in December 2026): the notice says when that year's classes start — as the
 * family's Frequência does — and points to it, as the Calendário does (year-panel.tsx); it never
 * offers to open `ano`.
 */
export function NoSchoolYear({ admin, ano }: { admin: boolean; ano?: number | undefined }) {
  const years = useQuery({ ...schoolYearsQuery(), enabled: ano !== undefined });
  if (ano === undefined) return <YearToOpen admin={admin} />;
  // A moment, rather than a notice to open a year that may not be the one to open.
  if (years.isPending) return null;
  const later = laterOpenedYear(years.data ?? [], ano);
  return later ? (
    <LaterYearOpen admin={admin} ano={ano} later={later} />
  ) : (
    <YearToOpen admin={admin} ano={ano} />
  );
}

/** `ano` left unopened while `later` is open. */
function LaterYearOpen({
  admin,
  ano,
  later,
}: {
  admin: boolean;
  ano: number;
  later: OpenedYear & { inicio: string };
}) {
  return (
    <EmptyState
      icon={CalendarCheck}
      title={classesStartNotice(later, todayIso()) ?? `O ano letivo ${String(ano)} não foi aberto`}
      hint={
        admin
          ? `O ano letivo ${String(later.ano)} já está aberto no Calendário, com as datas, os bimestres e os dias letivos.`
          : `A secretaria já abriu o ano letivo ${String(later.ano)}.`
      }
      action={
        admin ? (
          <ButtonLink to={`${paths.calendar}?mes=${later.inicio.slice(0, 7)}`}>
            <CalendarCheck className="h-4 w-4" aria-hidden="true" /> Ver o ano letivo {later.ano} no
            Calendário
          </ButtonLink>
        ) : undefined
      }
    />
  );
}

/** No year at all (or none for `ano`, and none after it): where it is opened, or who opens it. */
function YearToOpen({ admin, ano }: { admin: boolean; ano?: number }) {
  const which = ano === undefined ? 'o ano letivo' : `o ano letivo ${String(ano)}`;
  return (
    <EmptyState
      icon={CalendarPlus}
      title={
        ano === undefined ? 'Nenhum ano letivo cadastrado' : `O ano letivo ${String(ano)} não foi aberto`
      }
      hint={
        admin
          ? `Abra ${which} no Calendário: as datas, os bimestres e os dias letivos. Depois vêm as turmas, a chamada e as notas.`
          : `A secretaria ainda não abriu ${which}.`
      }
      action={
        admin ? (
          <ButtonLink to={calendarOfYear(ano)}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Abrir {which} no Calendário
          </ButtonLink>
        ) : undefined
      }
    />
  );
}

/** No class to work on (of the year, or of this teacher). */
export function NoClasses({
  admin,
  title,
  teacherHint = 'Você aparece aqui nas turmas de que é responsável ou em que leciona alguma disciplina da grade. Se falta alguma, fale com a secretaria.',
}: {
  admin: boolean;
  title: string;
  teacherHint?: string;
}) {
  return (
    <EmptyState
      icon={School}
      title={title}
      hint={
        admin ? 'Cadastre as turmas em Turmas, com os alunos e a grade curricular de cada uma.' : teacherHint
      }
      action={
        admin ? (
          <ButtonLink to={paths.classes}>
            <School className="h-4 w-4" aria-hidden="true" /> Ir para Turmas
          </ButtonLink>
        ) : undefined
      }
    />
  );
}
