import { gradeNoticesOf, type RematriculaProposal } from '../../../shared/year-end.schemas';

/**
 * The new classes that change stage (9º ano → 1ª série, Pré II → 1º ano) and the subjects of their
 * origin's grade they will not take (ADR 0133): said before applying, one sentence per class.
 */
export function RematriculaGradeNotices({ proposal }: { proposal: RematriculaProposal }) {
  const notices = gradeNoticesOf(proposal);
  if (notices.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="font-medium">Grade curricular das turmas que mudam de etapa</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    </div>
  );
}
