import { useState } from 'react';
import toast from 'react-hot-toast';
import { Barcode, FileDown } from 'lucide-react';
import { Button } from '../../components/button';
import { InputField, SelectField } from '../../components/field';
import { ErrorBanner } from '../../components/feedback';
import { Modal } from '../../components/modal';
import { downloadBoletosDaTurma } from './boleto.api';
import { useFinanceSettings } from './finance.api';
import { currentMonth } from './finance-ui';

/**
 * 'Boletos da turma': every open mensalidade of a class and month in one PDF, two boletos to a page, to
 * print and hand out. The month starts as the list's.
 */
export function BoletoLoteButton({ mes }: { mes: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Barcode className="h-4 w-4" aria-hidden="true" /> Boletos da turma
      </Button>
      {open && <BoletoLoteModal mes={mes || currentMonth()} onClose={() => setOpen(false)} />}
    </>
  );
}

function BoletoLoteModal({ mes, onClose }: { mes: string; onClose: () => void }) {
  const settings = useFinanceSettings();
  const turmas = (settings.data?.turmas ?? []).filter((turma) => turma.valor_mensalidade !== null);
  const [turmaId, setTurmaId] = useState('');
  const [mesReferencia, setMesReferencia] = useState(mes);
  const [error, setError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const handleDownload = async () => {
    if (!turmaId) {
      setError('Escolha a turma.');
      return;
    }
    setError(null);
    setDownloading(true);
    try {
      await downloadBoletosDaTurma(turmaId, mesReferencia);
      toast.success('Boletos gerados.');
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Erro ao gerar os boletos.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Boletos da turma"
      description="Um PDF com o boleto de cada mensalidade em aberto da turma no mês, dois por página."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={() => void handleDownload()} loading={downloading}>
            <FileDown className="h-4 w-4" aria-hidden="true" /> Baixar PDF
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <SelectField
          label="Turma"
          value={turmaId}
          onChange={(event) => setTurmaId(event.target.value)}
          disabled={settings.isPending}
        >
          <option value="">{settings.isPending ? 'Carregando turmas…' : 'Escolha a turma'}</option>
          {turmas.map((turma) => (
            <option key={turma.turma_id} value={turma.turma_id}>
              {turma.turma_nome} ({turma.ano_letivo})
            </option>
          ))}
        </SelectField>
        <InputField
          label="Mês de referência"
          type="month"
          value={mesReferencia}
          onChange={(event) => setMesReferencia(event.target.value)}
        />
        <p className="text-xs text-gray-500">
          Mensalidades pagas ou canceladas ficam de fora. Responsáveis sem CPF no cadastro não recebem boleto:
          complete o cadastro e gere de novo.
        </p>
        {error && <ErrorBanner>{error}</ErrorBanner>}
      </div>
    </Modal>
  );
}
