import { ArrowLeft, NotebookPen, Users } from 'lucide-react';
import { can, permissionsOf } from '../../../shared/permissions';
import { todayIso } from '../../../shared/format';
import { compareClasses, type SchoolClass } from '../../../shared/classes.schemas';
import type { Parecer } from '../../../shared/pareceres.schemas';
import { yearInFocus } from '../../../shared/school-year-focus';
import { Button } from '../../components/button';
import { EmptyState, ErrorBanner, PageHeader, Spinner } from '../../components/feedback';
import { SelectField } from '../../components/field';
import { useCurrentUser } from '../../lib/current-user';
import { useUrlParams } from '../../lib/use-list-state';
import { ParecerStatusChip } from '../../domain/parecer-parts';
import {
  useClassChildren,
  useInfantilClasses,
  usePareceres,
  useSchoolYearsWithPeriods,
} from '../../domain/pareceres.api';
import { ParecerEditor } from './parecer-editor';
import { PendingPareceres } from './pareceres-pending';
import { useParecerFocus } from './use-parecer-focus';

/**
 * The classes for the 'Turma' select: the year in focus first (a finished year's 'Pré II A' is not
 * today's), then the years before, newest first; each in school order. A class of another year says
 * its year, as the Alunos screen does: no two options read the same.
 */
function classOptions(classes: readonly SchoolClass[], anoAtual: string) {
  const rank = (turma: SchoolClass) => (turma.ano_letivo === anoAtual ? 0 : 1);
  return [...classes]
    .sort((a, b) => rank(a) - rank(b) || Number(b.ano_letivo) - Number(a.ano_letivo) || compareClasses(a, b))
    .map((turma) => ({
      turma,
      label: `${turma.nome} (${turma.serie}${turma.ano_letivo === anoAtual ? '' : `, ${turma.ano_letivo}`})`,
    }));
}

/**
 * 'Pareceres' (Educação Infantil): the teacher picks the class and the period, sees the children with
 * the status of each parecer and writes them; the coordination also has the queue of what waits for
 * review and publication. Class, period, child and tab are in the URL.
 */
export function PareceresPage() {
  const { data: me } = useCurrentUser();
  const reviewer = can(permissionsOf(me), 'pareceres.review');
  const [params, update] = useUrlParams();
  const pendingTab = reviewer && params.get('ver') === 'pendentes';
  const classes = useInfantilClasses();
  const years = useSchoolYearsWithPeriods();
  const today = todayIso();
  const options = classOptions(classes.data ?? [], String(yearInFocus(years.data ?? [], today)));
  const turma = options.find((item) => item.turma.id === params.get('turma'))?.turma ?? options[0]?.turma;
  const year = years.data?.find((item) => String(item.ano) === turma?.ano_letivo);
  const periods = year?.periodos ?? [];
  const periodo =
    periods.find((item) => item.id === params.get('periodo')) ??
    periods.find((item) => item.inicio <= today && today <= item.fim) ??
    periods[0];
  const turmaId = turma?.id ?? '';
  const children = useClassChildren(turmaId);
  const pareceres = usePareceres(
    { turma_id: turmaId, periodo_id: periodo?.id ?? '' },
    Boolean(turma && periodo),
  );
  const byChild = new Map(pareceres.data?.map((item) => [item.aluno_id, item]));
  const alunoId = params.get('aluno');
  const selected = children.data?.find((child) => child.id === alunoId);
  const editorKey = `${selected?.id ?? ''}:${periodo?.id ?? ''}:${String((selected && byChild.get(selected.id)?.version) ?? 0)}`;
  const focus = useParecerFocus(selected?.id, editorKey);

  const open = (parecer: Parecer) =>
    update({ ver: null, turma: parecer.turma_id, periodo: parecer.periodo_id, aluno: parecer.aluno_id });

  return (
    <div>
      <PageHeader
        title="Pareceres descritivos"
        subtitle="Educação Infantil: acompanhamento e registro do desenvolvimento (LDB art. 31), sem notas"
      />
      {reviewer && (
        <div role="tablist" aria-label="Visão" className="mb-4 flex gap-2">
          <Button
            role="tab"
            aria-selected={!pendingTab}
            variant={pendingTab ? 'secondary' : 'primary'}
            className="min-h-11"
            onClick={() => update({ ver: null })}
          >
            Por turma
          </Button>
          <Button
            role="tab"
            aria-selected={pendingTab}
            variant={pendingTab ? 'primary' : 'secondary'}
            className="min-h-11"
            onClick={() => update({ ver: 'pendentes', aluno: null })}
          >
            Para revisar e publicar
          </Button>
        </div>
      )}
      {pendingTab ? (
        <PendingPareceres onOpen={open} />
      ) : classes.isError || years.isError ? (
        <ErrorBanner>Erro ao carregar as turmas ou os períodos.</ErrorBanner>
      ) : classes.isPending || years.isPending ? (
        <Spinner />
      ) : !turma ? (
        <EmptyState
          icon={NotebookPen}
          title="Nenhuma turma de Educação Infantil"
          hint="Os pareceres descritivos são escritos para as turmas de Educação Infantil (Berçário ao Pré II)."
        />
      ) : (
        <>
          <div className="mb-4 grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Turma"
              value={turmaId}
              onChange={(event) => update({ turma: event.target.value, aluno: null })}
            >
              {options.map((item) => (
                <option key={item.turma.id} value={item.turma.id}>
                  {item.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Período"
              value={periodo?.id ?? ''}
              onChange={(event) => update({ periodo: event.target.value })}
            >
              {periods.length === 0 && <option value="">Nenhum período</option>}
              {periods.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.nome}
                </option>
              ))}
            </SelectField>
          </div>
          {!periodo ? (
            <EmptyState
              icon={NotebookPen}
              title={`O ano letivo ${turma.ano_letivo} não tem períodos`}
              hint="A secretaria precisa cadastrar o ano letivo e seus períodos no Calendário."
            />
          ) : children.isError || pareceres.isError ? (
            <ErrorBanner>Erro ao carregar as crianças ou os pareceres.</ErrorBanner>
          ) : children.isPending || pareceres.isPending ? (
            <Spinner label="Carregando crianças..." />
          ) : children.data.length === 0 ? (
            <EmptyState
              icon={Users}
              title="Nenhuma criança nesta turma"
              hint="As crianças aparecem aqui quando são matriculadas na turma, em Alunos (cadastro ou importação da planilha)."
            />
          ) : (
            <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
              <ul
                ref={focus.list}
                aria-label="Crianças da turma"
                className={`space-y-2 ${selected ? 'hidden lg:block' : ''}`}
              >
                {children.data.map((child) => (
                  <li key={child.id}>
                    <button
                      type="button"
                      data-aluno={child.id}
                      aria-current={child.id === selected?.id ? 'true' : undefined}
                      onClick={() => {
                        focus.onPick();
                        update({ aluno: child.id });
                      }}
                      className={`flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border p-3 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary ${child.id === selected?.id ? 'border-primary bg-primary/5' : 'border-gray-200 bg-white'}`}
                    >
                      <span className="font-medium text-gray-900">{child.nome}</span>
                      <ParecerStatusChip parecer={byChild.get(child.id) ?? null} />
                    </button>
                  </li>
                ))}
              </ul>
              {selected ? (
                <div ref={focus.editor} {...focus.editorFocus}>
                  <Button
                    variant="secondary"
                    className="mb-2 min-h-11 lg:hidden"
                    onClick={() => {
                      focus.onBack(selected.id);
                      update({ aluno: null });
                    }}
                  >
                    <ArrowLeft className="h-4 w-4" aria-hidden /> Voltar à lista
                  </Button>
                  <ParecerEditor
                    key={editorKey}
                    aluno={selected}
                    periodoId={periodo.id}
                    parecer={byChild.get(selected.id) ?? null}
                    canReview={reviewer}
                  />
                </div>
              ) : (
                <p className="hidden rounded-lg border border-dashed border-gray-300 p-6 text-sm text-gray-600 lg:block">
                  Escolha uma criança para escrever o parecer do período.
                </p>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
