import { useState } from 'react';
import { FileStack } from 'lucide-react';
import toast from 'react-hot-toast';
import { downloadClassReportCards } from './report-card.api';
import { Button } from '../components/button';

/**
 * Administrators: every boletim of a class in one PDF (one page per student who was in the class that
 * year), from the Notas screen and the class list.
 */
export function ClassReportCardsButton({ turmaId, turmaNome }: { turmaId: string; turmaNome?: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadClassReportCards(turmaId)
      .catch((error: unknown) =>
        toast.error(
          error instanceof Error && error.message ? error.message : 'Erro ao gerar os boletins da turma.',
        ),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      variant="secondary"
      className="min-h-11"
      loading={busy}
      onClick={download}
      aria-label={turmaNome ? `Boletins da turma ${turmaNome} (PDF)` : undefined}
    >
      {!busy && <FileStack className="h-4 w-4" aria-hidden="true" />} Boletins da turma (PDF)
    </Button>
  );
}
