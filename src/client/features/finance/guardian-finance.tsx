import { Info } from 'lucide-react';
import { PageHeader } from '../../components/feedback';
import { MensalidadesTab } from './mensalidades-tab';

/** A guardian's view: their children's tuition only (the server scopes it), PIX for what is open, receipts. */
export function GuardianFinance() {
  return (
    <div>
      <PageHeader title="Mensalidades" subtitle="Mensalidades dos seus filhos, com PIX e recibos" />
      <p className="mb-4 flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        Mensalidades em atraso têm multa de até 2% e juros de 1% ao mês, proporcionais aos dias. Débitos nunca
        bloqueiam o acesso a notas, boletins ou documentos.
      </p>
      <MensalidadesTab manage={false} />
    </div>
  );
}
