/**
 * The family's 'Tarefas e conteúdos' (docs/familia.md): one child at a time (`?aluno=`, the first by
 * default), the lessons of the last 14 days with the homework and what each taught, as the teacher
 * recorded them with the roll. The feed's 'Tarefa de casa de hoje' opens this screen.
 */
import { PageHeader } from '../../components/feedback';
import { OneChildAtATime } from '../../domain/child-switcher';
import { StudentLessonsList } from '../../domain/student-lessons';

export function FamilyTarefasPage() {
  return (
    <div>
      <PageHeader title="Tarefas e conteúdos" subtitle="A tarefa de casa e o que cada aula ensinou" />
      <OneChildAtATime
        render={(child) => (
          <div className="space-y-3">
            <p className="text-sm text-gray-700">
              <span className="font-semibold text-gray-900">{child.nome}</span>
              {child.turma ? ` · ${child.turma.nome}` : ' · sem turma'}
            </p>
            <StudentLessonsList key={child.id} alunoId={child.id} />
          </div>
        )}
      />
    </div>
  );
}
