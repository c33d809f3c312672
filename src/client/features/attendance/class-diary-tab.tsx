import { useState } from 'react';
import { type ClassDiaryQuery } from '../../../shared/diario.schemas';
import { todayIso } from '../../../shared/format';
import { can, permissionsOf } from '../../../shared/permissions';
import { NoClasses } from '../../domain/academic-empty';
import { useSchoolYears } from '../../domain/school-years';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { InputField, SelectField } from '../../components/field';
import { useCurrentUser } from '../../lib/current-user';
import { useClassDiary, useDiaryClasses } from './attendance.api';
import { DiaryGradesSection } from './class-diary-grades';
import { DiaryLessons } from './class-diary-lessons';
import { useSharedClass } from './shared-class';

const MONTH = 'mes';

/**
 * 'Diário de classe' (ADR 0078, 0080): per class and subject (or the daily roll), the lessons given in a
 * period or month with what each taught, those without content marked, and the avaliações with their
 * notas; the printable diary (PDF). The coordination and the secretaria read every class (read-only);
 * a teacher, his classes and subjects (the server's diary access).
 */
export function ClassDiaryTab() {
  const [ano, setAno] = useState('');
  const classes = useDiaryClasses(ano);
  const pastYears = (useSchoolYears().data ?? [])
    .map((year) => String(year.ano))
    .filter((year) => year < todayIso().slice(0, 4))
    .sort()
    .reverse();
  const { data: me } = useCurrentUser();
  const staff = me?.nivel === 'administrador';
  const takesRoll = can(permissionsOf(me), 'academics.write');
  const [turmaId, setTurmaId] = useSharedClass();
  const [disciplina, setDisciplina] = useState('');
  const [periodo, setPeriodo] = useState('');
  const [mes, setMes] = useState(() => todayIso().slice(0, 7));
  // The class shared with the other tabs, when it is one of this tab's; else the first.
  const chosen = classes.data?.find((turma) => turma.id === turmaId)?.id ?? classes.data?.[0]?.id ?? '';
  const query: ClassDiaryQuery = {
    ...(disciplina ? { disciplina } : {}),
    ...(periodo === MONTH ? { mes } : periodo ? { periodo_id: periodo } : {}),
  };
  const diary = useClassDiary(chosen, query);
  const data = diary.data;
  if (classes.isError) return <ErrorBanner>Erro ao carregar as turmas.</ErrorBanner>;
  const yearField = pastYears.length > 0 && (
    <SelectField
      label="Ano letivo"
      value={ano}
      onChange={(event) => {
        setAno(event.target.value);
        setTurmaId('');
        setDisciplina('');
        setPeriodo('');
      }}
    >
      <option value="">Turmas ativas</option>
      {pastYears.map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </SelectField>
  );
  if (!chosen)
    return classes.isPending ? (
      <Spinner />
    ) : (
      <div>
        {yearField && <div className="mb-4 max-w-xs">{yearField}</div>}
        <NoClasses
          admin={staff}
          title={ano ? `Nenhuma turma de ${ano}` : staff ? 'Nenhuma turma ativa' : 'Nenhuma turma sua'}
        />
      </div>
    );
  return (
    <div>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {yearField}
        <SelectField
          label="Turma"
          value={chosen}
          onChange={(event) => {
            setTurmaId(event.target.value);
            setDisciplina('');
          }}
        >
          {classes.data?.map((turma) => (
            <option key={turma.id} value={turma.id}>
              {turma.nome}
            </option>
          ))}
        </SelectField>
        {data?.turma.frequencia_modo === 'por_aula' && (
          <SelectField
            label="Disciplina"
            value={disciplina}
            onChange={(event) => setDisciplina(event.target.value)}
          >
            <option value="">Todas as disciplinas</option>
            {data.disciplinas.map((item) => (
              <option key={item.nome} value={item.nome}>
                {item.nome}
              </option>
            ))}
          </SelectField>
        )}
        <SelectField
          label="Período"
          value={periodo || (data?.intervalo.id ?? MONTH)}
          onChange={(event) => setPeriodo(event.target.value)}
        >
          {data?.periodos.map((item) => (
            <option key={item.id} value={item.id}>
              {item.nome}
            </option>
          ))}
          <option value={MONTH}>Um mês</option>
        </SelectField>
        {(periodo === MONTH || (!periodo && data?.intervalo.id === null)) && (
          <InputField
            label="Mês"
            type="month"
            value={mes}
            onChange={(event) => {
              if (!event.target.value) return;
              setMes(event.target.value);
              setPeriodo(MONTH);
            }}
          />
        )}
      </div>
      {diary.isPending ? (
        <Spinner label="Carregando o diário..." />
      ) : diary.isError ? (
        <ErrorBanner>{diary.error.message || 'Erro ao carregar o diário.'}</ErrorBanner>
      ) : (
        <>
          <DiaryLessons diary={diary.data} turmaId={chosen} query={query} takesRoll={takesRoll} />
          <DiaryGradesSection notas={diary.data.notas} />
        </>
      )}
    </div>
  );
}
