import { CalendarPlus, School } from 'lucide-react';
import { paths } from '../../shared/routes';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/feedback';

/**
 * The empty states the academic screens share (Notas, Frequência, Ano letivo, the boletim): each says
 * what is missing and what to do next — the administrator gets a link to where it is done; a teacher
 * or a family, who cannot do it, reads who does.
 */

/** The Calendário on a month of `ano` (its panel is that year's: "Abrir ano letivo …"). */
const calendarOfYear = (ano?: number) =>
  ano === undefined ? paths.calendar : `${paths.calendar}?mes=${String(ano)}-02`;

/** No school year yet (or none for `ano`). */
export function NoSchoolYear({ admin, ano }: { admin: boolean; ano?: number | undefined }) {
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
