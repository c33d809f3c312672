/**
 * The Portal do Aluno (issue 31 §4, ADR 0029): a student's own home after signing in — their boletim,
 * attendance, the homework and the lessons' content, the school calendar (without the staff's internal
 * items), the comunicados addressed to students and their declarations. One section at a time, chosen
 * from a row of tabs — two rows of three on a phone, so none is hidden past the edge; the arrow keys
 * move between tabs.
 */
import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ReportCardView } from '../../domain/report-card';
import { useStudentPortal } from '../../domain/contas-aluno.api';
import { ErrorBanner, Spinner } from '../../components/feedback';
import { AttendancePanel, CalendarPanel, NoticesPanel } from './portal-aluno-panels';
import { DocumentsPanel } from '../../domain/documents-panel';
import { StudentLessonsList } from '../../domain/student-lessons';
import { useTabParam } from '../../lib/use-list-state';

const sections = [
  { id: 'boletim', label: 'Boletim' },
  { id: 'frequencia', label: 'Frequência' },
  { id: 'tarefas', label: 'Tarefas' },
  { id: 'calendario', label: 'Calendário' },
  { id: 'comunicados', label: 'Comunicados' },
  { id: 'documentos', label: 'Documentos' },
] as const;
type Section = (typeof sections)[number]['id'];
const sectionIds: readonly Section[] = sections.map((section) => section.id);

/** `?aba=comunicados&id=…`: where a notification sends the student (a comunicado's link, in the portal). */
export function PortalAlunoPage() {
  const portal = useStudentPortal();
  const [params] = useSearchParams();
  // The tab lives in the address: a link opens it, and the phone's Back returns to the previous tab.
  const [active, setActive] = useTabParam(sectionIds, 'boletim');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  if (portal.isPending) return <Spinner label="Carregando o Portal do Aluno..." />;
  if (portal.isError) return <ErrorBanner>Não foi possível abrir o Portal do Aluno.</ErrorBanner>;
  const { aluno, turma } = portal.data;

  function onKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + sections.length) % sections.length;
    setActive(sections[next]!.id);
    tabs.current[next]?.focus();
  }

  return (
    <div className="space-y-4">
      <section aria-labelledby="portal-aluno-titulo">
        <p className="text-sm font-medium text-primary-strong">Portal do Aluno</p>
        <h1 id="portal-aluno-titulo" className="text-2xl font-bold text-gray-900">
          Olá, {aluno.nome.split(' ')[0]}!
        </h1>
        <p className="mt-1 text-gray-600">
          {turma ? `${turma.nome} · ${turma.serie}` : 'Sem turma'} · Matrícula {aluno.matricula}
        </p>
      </section>
      <div
        role="tablist"
        aria-label="Seções do Portal do Aluno"
        className="grid grid-cols-3 gap-x-1 border-b border-gray-200 sm:-mx-4 sm:flex sm:px-4"
      >
        {sections.map((section, index) => (
          <button
            key={section.id}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            role="tab"
            type="button"
            id={`aba-${section.id}`}
            aria-selected={active === section.id}
            aria-controls={`painel-${section.id}`}
            tabIndex={active === section.id ? 0 : -1}
            onClick={() => setActive(section.id)}
            onKeyDown={(event) => onKey(event, index)}
            className={`min-h-11 shrink-0 border-b-2 px-3 text-sm font-medium ${
              active === section.id
                ? 'border-primary-strong text-primary-strong'
                : 'border-transparent text-gray-600 hover:text-gray-900'
            }`}
          >
            {section.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`painel-${active}`} aria-labelledby={`aba-${active}`}>
        {active === 'boletim' && <ReportCardView alunoId={aluno.id} />}
        {active === 'frequencia' && <AttendancePanel alunoId={aluno.id} />}
        {active === 'tarefas' && <StudentLessonsList alunoId={aluno.id} />}
        {active === 'calendario' && <CalendarPanel />}
        {active === 'comunicados' && <NoticesPanel openId={params.get('id')} />}
        {active === 'documentos' && <DocumentsPanel alunoId={aluno.id} />}
      </div>
    </div>
  );
}
