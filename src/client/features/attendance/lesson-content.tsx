import { forwardRef } from 'react';
import { BookOpen } from 'lucide-react';
import { ATIVIDADES_MAX, CONTEUDO_MAX, SEM_CONTEUDO } from '../../../shared/diario.schemas';
import type { Roll } from '../../../shared/attendance.schemas';
import { TextAreaField } from '../../components/field';
import type { LessonContent } from './roll-state';

const left = (text: string, max: number) => `${String(max - text.length)} caracteres restantes`;

/**
 * The diário's registro de conteúdo beside the roll (ADR 0078): what the lesson (or the day) taught and
 * the activities or homework. The roll saves without it, but then the lesson reads 'Sem conteúdo
 * registrado' to the teacher and the coordination. Read-only where the roll is.
 */
export const LessonContentFields = forwardRef<
  HTMLTextAreaElement,
  {
    roll: Roll;
    content: LessonContent;
    locked: boolean;
    onChange: (content: LessonContent) => void;
  }
>(function LessonContentFields({ roll, content, locked, onChange }, ref) {
  const daily = !roll.disciplina;
  const heading = daily ? 'Conteúdo do dia' : 'Conteúdo da aula';
  // A roll that cannot be taken (a day without lessons) and was not: no lesson, nothing to say.
  if (locked && !roll.chamada) return null;
  if (locked)
    return (
      <section aria-label={heading} className="mt-4 rounded-xl border border-gray-200 bg-white p-3 text-sm">
        <h3 className="flex items-center gap-1 font-semibold text-gray-900">
          <BookOpen className="h-4 w-4" aria-hidden="true" /> {heading}
        </h3>
        <p
          className={`mt-1 whitespace-pre-line ${content.conteudo ? 'text-gray-800' : 'text-red-700 italic'}`}
        >
          {content.conteudo || SEM_CONTEUDO}
        </p>
        {content.atividades && (
          <p className="mt-2 whitespace-pre-line text-gray-700">
            <strong>Atividades / tarefa de casa:</strong> {content.atividades}
          </p>
        )}
      </section>
    );
  return (
    <section className="mt-4 space-y-3 rounded-xl border border-gray-200 bg-white p-3">
      <TextAreaField
        ref={ref}
        label={heading}
        rows={3}
        maxLength={CONTEUDO_MAX}
        placeholder={
          daily
            ? 'Ex.: Roda de conversa sobre as estações do ano'
            : 'Ex.: Frações equivalentes — simplificação'
        }
        hint={
          content.conteudo.trim()
            ? left(content.conteudo, CONTEUDO_MAX)
            : 'Pode salvar a chamada sem ele, mas a aula fica como "sem conteúdo registrado" no diário.'
        }
        value={content.conteudo}
        onChange={(event) => onChange({ ...content, conteudo: event.target.value })}
      />
      <TextAreaField
        label="Atividades / tarefa de casa (opcional)"
        rows={2}
        maxLength={ATIVIDADES_MAX}
        value={content.atividades}
        hint={content.atividades ? left(content.atividades, ATIVIDADES_MAX) : undefined}
        onChange={(event) => onChange({ ...content, atividades: event.target.value })}
      />
      <p className="text-xs text-gray-600">
        As famílias e os alunos da turma leem o conteúdo e a tarefa de casa no portal, em Tarefas.
      </p>
    </section>
  );
});
